/**
 * Sanitised post HTML, remembered from one build to the next. Sanitising every post again
 * (DOMPurify over jsdom) was the largest part of an incremental rebuild's content read; with
 * the memo a rebuild sanitises only the posts it has not seen.
 *
 * The memo travels with the release: the build writes it beside pages.json (POST_HTML_FILE,
 * src/runtime/build.server.ts) and the rebuild restores it before reading content
 * (server/build/rebuild.ts). Entries are keyed by the SHA-256 of the input and kept only for
 * the very sanitiser that made them (its fingerprint: DOMPurify's and jsdom's versions, which
 * node_modules may change under a release, and the profile); any other file is ignored.
 */
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { rememberSanitizedHtml, sanitizerFingerprint } from "./html.ts";

export const POST_HTML_FILE = "post-html.json";

interface Saved {
  fingerprint: string;
  /** SHA-256 of the input (base64url) → the sanitised HTML. */
  entries: Record<string, string>;
}

function jsdomVersion(): string {
  try {
    return (createRequire(import.meta.url)("jsdom/package.json") as { version: string }).version;
  } catch {
    return "unknown";
  }
}

const fingerprint = createHash("sha256").update(sanitizerFingerprint()).update(`\njsdom ${jsdomVersion()}`).digest("base64url");
const keyOf = (html: string) => createHash("sha256").update(html).digest("base64url");

/** What an earlier read or build sanitised, and what the current read has used. */
let earlier = new Map<string, string>();
let current = new Map<string, string>();
const counts = { sanitized: 0, remembered: 0 };

rememberSanitizedHtml((html, sanitizeNow) => {
  const key = keyOf(html);
  let out = current.get(key) ?? earlier.get(key);
  if (out === undefined) {
    out = sanitizeNow(html);
    counts.sanitized++;
  } else counts.remembered++;
  current.set(key, out);
  return out;
});

export const postHtmlMemo = {
  /** Takes a saved memo (the file's text); one from another sanitiser, or unreadable, is ignored. */
  restore(text: string | undefined): void {
    if (text === undefined) return;
    try {
      const saved = JSON.parse(text) as Partial<Saved>;
      if (saved.fingerprint !== fingerprint || typeof saved.entries !== "object" || saved.entries === null) return;
      earlier = new Map(Object.entries(saved.entries).filter((e): e is [string, string] => typeof e[1] === "string"));
    } catch {
      // A cache: at worst every post is sanitised again.
    }
  },
  /** A new read of the content begins: the next save keeps only what it uses (a trashed post's HTML goes). */
  startRead(): void {
    if (current.size > 0) earlier = current;
    current = new Map();
  },
  /** The file's text: what the last read used. */
  save(): string {
    return JSON.stringify({ fingerprint, entries: Object.fromEntries(current) } satisfies Saved);
  },
  /** Posts sanitised and remembered since the process started. */
  counts: (): { sanitized: number; remembered: number } => ({ ...counts }),
};
