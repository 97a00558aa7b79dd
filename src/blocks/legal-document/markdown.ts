/**
 * Markdown content (legal documents) to HTML, at build time only. The Markdown is our own,
 * but it is still treated as untrusted: raw HTML in it is shown as text, never rendered, and
 * links keep only safe protocols. Section headings get ids for the table of contents.
 */
import { Marked, type Tokens } from "marked";
import type { SiteConfig } from "../../../schemas/site.ts";

export interface TocEntry {
  id: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  /** The ## sections, in order: the table of contents. */
  toc: TocEntry[];
}

const PLACEHOLDER = /\{([a-zA-Z]\w*(?:\.[a-zA-Z]\w*)*)\}/g;

/** Looks up `contact.legalEmail`-style paths in the site config; only text values count. */
function siteValue(site: SiteConfig, path: string): string | undefined {
  let value: unknown = site;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" ? value : undefined;
}

/** Placeholders such as {contact.legalEmail} that name no text value of the site config, with their offsets. */
export function unknownPlaceholders(text: string, site: SiteConfig): { name: string; offset: number }[] {
  return [...text.matchAll(PLACEHOLDER)]
    .filter((m) => siteValue(site, m[1]!) === undefined)
    .map((m) => ({ name: m[1]!, offset: m.index }));
}

/** Fills {contact.legalEmail}-style placeholders from the site config, so facts are never retyped. */
export function fillSitePlaceholders(text: string, site: SiteConfig): string {
  return text.replace(PLACEHOLDER, (whole, path: string) => {
    const value = siteValue(site, path);
    if (value === undefined) throw new Error(`{${path}} is not a text value of the site settings.`);
    return value;
  });
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A heading's id: its words joined by hyphens, in any script (a Hindi heading keeps its Devanagari: डेटा-सुरक्षा). */
export const headingId = (text: string) =>
  text
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, "")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");

const SAFE_HREF = /^(?:https:\/\/|http:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

export function renderMarkdown(markdown: string, site: SiteConfig): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const used = new Set<string>();
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      // Raw HTML (block or inline) is shown as the text it is.
      html: ({ text }) => escapeHtml(text),
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const plain = this.parser.parseInline(tokens, this.parser.textRenderer);
        let id = headingId(plain) || "section";
        for (let n = 2; used.has(id); n++) id = `${headingId(plain)}-${n}`;
        used.add(id);
        if (depth === 2) toc.push({ id, text: plain });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href)) return inner;
        const external = /^https?:\/\//i.test(href);
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""}${external ? ' target="_blank" rel="noopener noreferrer"' : ""}>${inner}</a>`;
      },
      // Images would load from anywhere; legal text has none.
      image: ({ text }) => escapeHtml(text),
    },
  });
  const html = marked.parse(fillSitePlaceholders(markdown, site)) as string;
  return { html, toc };
}
