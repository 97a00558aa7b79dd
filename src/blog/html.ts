/**
 * HTML at the blog's data boundary, in Node (build) and in the browser (posts fetched after
 * the build) alike: post content goes through DOMPurify, and every text field (titles, term
 * names, excerpts) becomes plain text. Nothing downstream renders HTML a source sent
 * without passing through `sanitizePostHtml`.
 */
import DOMPurify, { type Config } from "isomorphic-dompurify";
import { type DefaultTreeAdapterTypes, parseFragment, serialize } from "parse5";

export { DEFAULT_POST_IMAGE } from "./defaults.ts";

/** Links that leave the site open safely; images load lazily and never block the text. */
function safeLinksLazyImages(node: Element) {
  if (node.tagName === "A" && node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
  if (node.tagName === "IMG") node.setAttribute("loading", "lazy");
}

let hooked = false;
function purifier() {
  if (!hooked) {
    DOMPurify.addHook("afterSanitizeAttributes", safeLinksLazyImages);
    hooked = true;
  }
  return DOMPurify;
}

/**
 * Drops event-handler attributes (on*) before the browser's HTML parser sees the markup.
 * Chromium checks the page's CSP as soon as it parses such an attribute, even in
 * DOMParser's inert document where DOMPurify works, so a post fetched in the browser would
 * log a script-src-attr violation although nothing runs. parse5 parses in plain JS, like the
 * browser does (WHATWG algorithm); DOMPurify stays the sanitiser of what comes out.
 */
export function withoutEventHandlers(html: string): string {
  if (!/on/i.test(html)) return html;
  const fragment = parseFragment(html);
  const strip = (node: DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment) => {
    if ("attrs" in node) node.attrs = node.attrs.filter((a) => !/^on/i.test(a.name));
    if ("content" in node) strip(node.content); // <template> keeps its children here
    if ("childNodes" in node) node.childNodes.forEach(strip);
  };
  strip(fragment);
  return serialize(fragment);
}

const sanitize = (html: string, config: Config) => purifier().sanitize(withoutEventHandlers(html), config);

/**
 * Post content's profile: HTML only (no SVG/MathML), no forms, frames, objects, styles or
 * inline event handlers; URLs limited to http(s), mailto, tel and relative ones.
 */
const POST_HTML: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "frame", "object", "embed", "base", "meta", "link"],
  FORBID_ATTR: ["style", "srcdoc", "formaction"],
  ADD_ATTR: ["target"], // kept for links that open a new tab; the hook adds rel=noopener
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

/**
 * What sanitised HTML depends on besides its input and this file's code: DOMPurify's version
 * and the profile. (The code needs no fingerprint: an incremental rebuild runs the very server
 * build whose full build wrote the memo, and a code change means a full build.)
 */
export function sanitizerFingerprint(): string {
  return `DOMPurify ${DOMPurify.version}\n${JSON.stringify(POST_HTML, (_key, value: unknown) => (value instanceof RegExp ? String(value) : value))}`;
}

type Remember = (html: string, sanitizeNow: (html: string) => string) => string;
let remember: Remember = (html, sanitizeNow) => sanitizeNow(html);

/** Lets a build remember sanitised HTML from one build to the next (post-html-memo.server.ts); the browser never does. */
export function rememberSanitizedHtml(by: Remember): void {
  remember = by;
}

/** Sanitises post content (POST_HTML). */
export function sanitizePostHtml(html: string): string {
  return remember(html, (input) => sanitize(input, POST_HTML));
}

/** Elements whose content is not text a reader sees, dropped whole (DOMPurify's default FORBID_CONTENTS, as it applies them). */
const NO_TEXT = new Set(["annotation-xml", "audio", "colgroup", "desc", "foreignobject", "head", "iframe", "math", "mi", "mn", "mo", "ms", "mtext", "noembed", "noframes", "plaintext", "script", "style", "svg", "template", "thead", "title", "video", "xmp"]);

/**
 * Plain text from HTML: tags dropped (script and style bodies with them), entities decoded,
 * spaces collapsed. Text is never rendered as HTML, so no sanitiser is needed: parse5 reads
 * it as a browser would, several times faster than DOMPurify's DOM (a build reads every post).
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  const walk = (node: DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment) => {
    if (node.nodeName === "#text") parts.push((node as DefaultTreeAdapterTypes.TextNode).value);
    else if ("tagName" in node && NO_TEXT.has(node.tagName.toLowerCase())) return;
    if ("childNodes" in node) node.childNodes.forEach(walk);
  };
  // As DOMPurify's DOM reads it: without scripting, so <noscript> holds markup, not raw text.
  walk(parseFragment(html, { scriptingEnabled: false }));
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** Excerpts: plain text, with WordPress's " [&hellip;]" ending turned into a plain ellipsis. */
export function excerptText(html: string): string {
  return htmlToText(html).replace(/\s*\[(?:…|\.\.\.)\]$/, "…");
}

/** Cuts text at a word boundary for meta descriptions. */
export function summarize(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).replace(/[\s,.;:–—-]+$/, "")}…`;
}

const WORDS_PER_MINUTE = 200;

/** Reading time in whole minutes (at least 1) from the content's words. */
export function readMinutes(html: string): number {
  const words = htmlToText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
