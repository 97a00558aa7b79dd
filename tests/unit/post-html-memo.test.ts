/**
 * The sanitised post HTML a build leaves for the next one (src/blog/post-html-memo.server.ts):
 * a rebuild sanitises only posts it has not seen, and trusts a saved memo only when the very
 * same sanitiser wrote it.
 */
import DOMPurify from "isomorphic-dompurify";
import { sanitizePostHtml, sanitizerFingerprint } from "../../src/blog/html.ts";
import { postHtmlMemo } from "../../src/blog/post-html-memo.server.ts";

const POST = '<p>Hello <a href="https://example.com" target="_blank">there</a><img src=x onerror=alert(1)></p><script>alert(2)</script>';
const SANITISED = '<p>Hello <a href="https://example.com" target="_blank" rel="noopener noreferrer">there</a><img src="x" loading="lazy"></p>';

/** A memo as a build saved it, with every entry's HTML replaced: visible if the memo is used. */
function savedWith(html: string, fingerprint?: string) {
  const saved = JSON.parse(postHtmlMemo.save()) as { fingerprint: string; entries: Record<string, string> };
  return JSON.stringify({ fingerprint: fingerprint ?? saved.fingerprint, entries: Object.fromEntries(Object.keys(saved.entries).map((k) => [k, html])) });
}

/** Each test starts as a build that restored an empty memo: nothing of an earlier test is remembered. */
beforeEach(() => {
  postHtmlMemo.startRead();
  postHtmlMemo.restore(JSON.stringify({ fingerprint: (JSON.parse(postHtmlMemo.save()) as { fingerprint: string }).fingerprint, entries: {} }));
});

it("sanitises a post once in a read, then remembers it", () => {
  const before = postHtmlMemo.counts();
  expect(sanitizePostHtml(POST)).toBe(SANITISED);
  expect(sanitizePostHtml(POST)).toBe(SANITISED);
  const after = postHtmlMemo.counts();
  expect(after.sanitized - before.sanitized).toBe(1);
  expect(after.remembered - before.remembered).toBe(1);
});

it("a memo saved by the same sanitiser is used by the next build", () => {
  sanitizePostHtml(POST);
  const saved = savedWith("<p>from the memo</p>");
  postHtmlMemo.startRead();
  postHtmlMemo.restore(saved);
  expect(sanitizePostHtml(POST)).toBe("<p>from the memo</p>");
});

it("a memo from another sanitiser (another DOMPurify, jsdom or profile) is ignored", () => {
  sanitizePostHtml(POST);
  const saved = savedWith("<p>from the memo</p>", "another sanitiser");
  postHtmlMemo.startRead();
  postHtmlMemo.restore(saved);
  expect(sanitizePostHtml(POST)).toBe(SANITISED);
});

it("an unreadable or missing memo is ignored: every post is sanitised again", () => {
  for (const text of ["{", "null", '{"fingerprint":1}', undefined]) {
    expect(() => postHtmlMemo.restore(text)).not.toThrow();
    expect(sanitizePostHtml(POST)).toBe(SANITISED);
  }
});

it("a save keeps only what the last read used, so a trashed post's HTML goes", () => {
  sanitizePostHtml(POST);
  sanitizePostHtml("<p>trashed later</p>");
  postHtmlMemo.startRead();
  sanitizePostHtml(POST);
  expect(Object.values((JSON.parse(postHtmlMemo.save()) as { entries: Record<string, string> }).entries)).toEqual([SANITISED]);
});

it("the fingerprint covers DOMPurify's version and the profile, its URL rule too", () => {
  const fingerprint = sanitizerFingerprint();
  expect(fingerprint).toContain(`DOMPurify ${DOMPurify.version}`);
  expect(fingerprint).toContain('"FORBID_TAGS":["style","form"');
  expect(fingerprint).toContain("/^(?:(?:https?|mailto|tel):");
});
