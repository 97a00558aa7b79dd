/**
 * npm run content:translate -- <locale> --stub: a source file's translation with an entry for
 * every text it has none for, `"text": ""` for a translator to fill, its source text and hash
 * already recorded. Entries already there, stale ones too, are kept as they are: a stale
 * translation is a person's to check (the checker shows the old and the new source text).
 */
import type { TranslatedText } from "../../../schemas/translations.ts";
import { sourceHash } from "../i18n/source-hash.ts";
import { type SourceText, translationAt } from "../i18n/slots.ts";

type Tree = { [key: string]: Tree | TranslatedText | string };

/** The translation with the missing entries added (in the source's order), and how many. */
export function stubTranslation(existing: Tree | undefined, texts: readonly SourceText[], schemaRef: string): { value: Tree; added: number } {
  const value: Tree = structuredClone(existing ?? { $schema: schemaRef });
  let added = 0;
  for (const { slot, text } of texts) {
    if (!slot || translationAt(value as never, slot, text)) continue;
    const group = slot.slice(0, -1).reduce<Tree>((tree, key) => (tree[key] ??= {}) as Tree, value);
    const field = slot.at(-1)!;
    if (group[field] !== undefined) continue; // an unfilled stub, or a stale entry: left for a person
    group[field] = { text: "", source: text, hash: sourceHash(text) };
    added++;
  }
  return { value, added };
}

/** The file's text: nested by slot, one line per entry, so a diff shows one changed text per line. */
export function formatTranslation(value: Tree): string {
  const render = (tree: Tree, indent: string): string => {
    const inner = `${indent}  `;
    const lines = Object.entries(tree).map(([key, v]) => {
      const rendered = typeof v === "string" ? JSON.stringify(v) : isEntry(v) ? `{ "text": ${JSON.stringify(v.text)}, "source": ${JSON.stringify(v.source)}, "hash": ${JSON.stringify(v.hash)} }` : render(v, inner);
      return `${inner}${JSON.stringify(key)}: ${rendered}`;
    });
    return lines.length === 0 ? "{}" : `{\n${lines.join(",\n")}\n${indent}}`;
  };
  return `${render(value, "")}\n`;
}

const isEntry = (v: Tree | TranslatedText): v is TranslatedText => typeof (v as TranslatedText).hash === "string" && typeof (v as TranslatedText).text === "string";
