/**
 * What kind of document a file is, read from its bytes rather than its name: a renamed
 * program is no PDF. The browser runs it on the chosen file before sending, the server on
 * what arrived, so both refuse the same files with the same message (the values schema).
 *
 * - PDF: starts with `%PDF-`.
 * - Word 97–2003 (.doc): an OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1) with a
 *   `WordDocument` stream; an .msi installer or an Excel .xls is the same container without one.
 * - Word (.docx): a ZIP whose central directory lists `word/document.xml`.
 */
import type { FileKind } from "../../schemas/form-files.ts";

/**
 * A file as the browser (before sending) or the server (as it arrived) describes it to the
 * values schema. Only code makes one: a JSON or urlencoded body cannot, so no request can
 * claim a file it did not send.
 */
export class SentFile {
  constructor(
    readonly name: string,
    readonly size: number,
    /** Undefined: none of the kinds a form accepts. */
    readonly kind: FileKind | undefined,
  ) {}
}

const PDF = [..."%PDF-"].map((c) => c.charCodeAt(0));
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

export function detectKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, OLE2)) return hasWordStream(bytes) ? "doc" : undefined;
  if (startsWith(bytes, ZIP)) return zipNames(bytes).includes("word/document.xml") ? "docx" : undefined;
  return undefined;
}

/** The names in a ZIP's central directory (empty when it has none that can be read). */
function zipNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: in the last 22 bytes, or up to 64 KiB earlier behind a comment.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return [];
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const nameLength = view.getUint16(at + 28, true);
    const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) break;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + skip;
  }
  return names;
}

const END_OF_CHAIN = 0xfffffffe;

/** Whether an OLE2 compound file's directory has a `WordDocument` stream (a Word 97–2003 document). */
function hasWordStream(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return false;
  const sectorSize = 1 << shift;
  const offset = (sector: number) => (sector + 1) * sectorSize;
  // The FAT's own sectors, as the header lists them (109 of them: files far larger than 5 MB).
  const fatSectors = Array.from({ length: 109 }, (_, i) => view.getUint32(0x4c + 4 * i, true));
  const perSector = sectorSize / 4;
  const next = (sector: number): number => {
    const fat = fatSectors[Math.floor(sector / perSector)];
    const at = fat === undefined ? -1 : offset(fat) + 4 * (sector % perSector);
    return at < 0 || at + 4 > bytes.length ? END_OF_CHAIN : view.getUint32(at, true);
  };
  const wanted = "WordDocument";
  let sector = view.getUint32(0x30, true);
  // A chain longer than the file has sectors loops: stop there.
  for (let hops = 0; sector < END_OF_CHAIN && hops < bytes.length / sectorSize; hops++, sector = next(sector)) {
    for (let entry = offset(sector); entry + 128 <= Math.min(offset(sector) + sectorSize, bytes.length); entry += 128) {
      const nameBytes = view.getUint16(entry + 64, true);
      const type = bytes[entry + 66];
      if (type !== 2 || nameBytes !== (wanted.length + 1) * 2) continue;
      const name = Array.from({ length: wanted.length }, (_, i) => String.fromCharCode(view.getUint16(entry + 2 * i, true))).join("");
      if (name === wanted) return true;
    }
  }
  return false;
}
