/**
 * A restore brings a document back exactly, its translations included: each locale's translation
 * of it (a page's, a section's, a collection's, the site settings') is written as it was at that
 * version, or removed when the version had none, in the restore's own commit (./publish.ts
 * revert). The restore's question says first which translated texts that removes.
 */
import * as fs from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../../src/runtime/content/write.ts";
import type { TranslationsRemoved } from "../../src/editor/model.ts";
import { translationFileOf } from "./document-translations.ts";
import { postLocales } from "./documents/kinds.ts";
import type { ContentGit } from "./git.ts";

export interface Restored {
  locale: string;
  file: string;
  /** Its text at the version; undefined: the version had none. */
  then: string | undefined;
  now: string | undefined;
}

/** Each locale's translation of `file` whose text at `rev` differs from the one published now. */
export async function translationsToRestore(root: string, git: Pick<ContentGit, "show">, file: string, rev: string): Promise<Restored[]> {
  const restored: Restored[] = [];
  for (const locale of postLocales(root)) {
    const translation = translationFileOf(file, locale);
    if (!translation) continue;
    const [then, now] = await Promise.all([git.show(rev, translation), fs.readFile(path.join(root, translation), "utf8").catch(() => undefined)]);
    if (then !== now) restored.push({ locale, file: translation, then, now });
  }
  return restored;
}

/** Writes each translation as it was (removed where the version had none): what the restore's commit holds beside the document. */
export async function writeRestored(root: string, restored: readonly Restored[]): Promise<void> {
  for (const { file, then } of restored) {
    const target = path.join(root, file);
    if (then === undefined) await fs.rm(target, { force: true });
    else {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await writeFileAtomic(fs, target, then);
    }
  }
}

/** The translated texts published now that the version did not have, by locale: what restoring it removes. */
export function translationsRemoved(restored: readonly Restored[]): TranslationsRemoved {
  return restored.flatMap(({ locale, then, now }) => {
    const had = textPlaces(then);
    const removed = [...textPlaces(now)].filter((place) => !had.has(place)).length;
    return removed > 0 ? [{ locale, texts: removed, all: then === undefined }] : [];
  });
}

/** Where each translated text ({ text, source, hash }) of a translation file is, as JSON paths. */
function textPlaces(text: string | undefined): Set<string> {
  const places = new Set<string>();
  const walk = (value: unknown, at: string) => {
    if (typeof value !== "object" || value === null) return;
    if ("text" in value && "hash" in value) {
      if (typeof value.text === "string" && value.text.trim() !== "") places.add(at);
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(child, `${at}/${key}`);
  };
  try {
    walk(text === undefined ? undefined : JSON.parse(text), "");
  } catch {
    // A file no longer readable as JSON counts no texts.
  }
  return places;
}
