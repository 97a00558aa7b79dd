/**
 * What a form's file field accepts: the kinds of document (a CV: PDF or Word) and how large
 * one may be. The forms schema checks a definition against these, the form shows them as the
 * field's hint and `accept`, and the browser and the server refuse a file by them. No zod
 * here: the prerendered form markup reads the hint in the first-load bundle.
 */

/** Every kind a file field may accept, by the name content uses (`"accept": ["pdf", "docx"]`). */
export const FILE_KINDS = {
  pdf: { name: "PDF", extension: ".pdf", mediaType: "application/pdf" },
  doc: { name: "Word", extension: ".doc", mediaType: "application/msword" },
  docx: { name: "Word", extension: ".docx", mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
} as const;

export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_NAMES = Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]];

const MB = 1024 * 1024;
/** The largest file a field may take, and what it takes without `maxSizeMB`: 5 MB. */
export const MAX_FILE_MB = 5;

/** The longest file name kept (in characters, its extension included). */
export const FILE_NAME_LENGTH = 200;

/** What a file field's definition says about the files it takes. */
export interface FileRules {
  accept?: readonly FileKind[];
  maxSizeMB?: number;
}

/** The kinds a field accepts (all of them when it does not say) and its limit in bytes. */
export const fileLimits = (field: FileRules) => ({
  kinds: field.accept ?? FILE_KIND_NAMES,
  maxBytes: Math.floor((field.maxSizeMB ?? MAX_FILE_MB) * MB),
  maxSizeMB: field.maxSizeMB ?? MAX_FILE_MB,
});

/** The kinds as people read them, joined by the locale's "or": "PDF or Word (.doc, .docx)", "PDF या Word (.doc, .docx)". */
export function kindsText(kinds: readonly FileKind[], locale = "en-GB"): string {
  const names: string[] = [];
  for (const kind of kinds) {
    const { name } = FILE_KINDS[kind];
    if (names.some((n) => n.startsWith(name))) continue;
    const extensions = kinds.filter((k) => FILE_KINDS[k].name === name).map((k) => FILE_KINDS[k].extension);
    names.push(name === "PDF" ? name : `${name} (${extensions.join(", ")})`);
  }
  return new Intl.ListFormat(locale, { type: "disjunction" }).format(names);
}

/** The `accept` attribute of a file input: extensions and media types, so every browser's picker offers them. */
export const acceptAttribute = (field: FileRules) =>
  fileLimits(field)
    .kinds.flatMap((k) => [FILE_KINDS[k].extension, FILE_KINDS[k].mediaType])
    .join(",");

/**
 * Why a file's name is refused, if it is: a browser sends only the file's own name, so a path
 * (`../`, `..\`), a control character or a bidi override (which shows `cv‮fdp.exe` as
 * `cvexe.pdf`) is no browser's doing.
 */
export function fileNameProblem(name: string): "path" | "characters" | undefined {
  if (/(^|[\\/])\.\.([\\/]|$)/.test(name)) return "path";
  if (/[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u.test(name)) return "characters";
  return undefined;
}

/**
 * A file's name as the browser meant it. The HTML standard's multipart/form-data encoding
 * writes three characters of a name as escapes, `"` as %22, CR as %0D and LF as %0A, and no
 * others, so those three are read back (a CR or LF is then refused with the other control
 * characters); every other character arrives as it is, a backslash included.
 */
export const sentFileName = (sent: string) => sent.replace(/%(22|0D|0A)/g, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A name to keep and to save the file under: each character file systems refuse
 * (`/ \ : * ? " < > |`) as `_`, nothing before it dropped (a browser sends the file's own name,
 * never its folder), at most FILE_NAME_LENGTH characters with its extension kept; "file" when
 * nothing is left.
 */
export function safeFileName(name: string): string {
  const base = name.normalize("NFC").replace(/[\\/:*?"<>|]/g, "_").trim().replace(/^\.+/, "");
  if (base === "") return "file";
  const chars = [...base];
  if (chars.length <= FILE_NAME_LENGTH) return base;
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : "";
  return chars.slice(0, FILE_NAME_LENGTH - extension.length).join("") + extension;
}
