/**
 * What the publish gate reads in a page as rendered: its headings, links and images inside
 * <main> (the header and footer are the site's, not the page's to fix), and the title and
 * description a search result shows. Each finding names the text or link it is about, so the
 * editor can take the marketer to the field that holds it.
 */
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { errors } from "../../errors/catalogue.ts";
import type { ErrorData } from "../../errors/define.ts";
import type { Finding } from "./report.ts";
import { DESCRIPTION_FONT_PX, DESCRIPTION_MAX_PX, snippetOf, type Snippet, TITLE_FONT_PX, TITLE_MAX_PX } from "./snippet.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Link texts that say nothing out of context (WCAG 2.4.4), as screen readers list links. */
const VAGUE_LINK_TEXTS = new Set(["click here", "click", "here", "read more", "more", "link", "this link", "this page", "go"]);

const isElement = (node: Node): node is Element => "tagName" in node;
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = "childNodes" in node ? node.childNodes : [];
  // A <template>'s content is not the page's.
  for (const child of isElement(node) && node.tagName === "template" ? [] : children) yield* elements(child);
}

/**
 * A text as read: nothing when only invisible format characters are left once spaces go (a
 * zero-width space or a direction mark pasted from a translation tool is shown as a blank),
 * else its words, spaces collapsed (Hindi's joiners inside words kept).
 */
const readText = (text: string) => (text.replace(/\p{Cf}/gu, "").trim() === "" ? "" : text.replace(/\s+/g, " ").trim());

/** What a screen reader names an element by: aria-label, else its text with images' alt texts. */
function accessibleName(el: Element): string {
  const label = readText(attr(el, "aria-label") ?? "");
  if (label) return label;
  if (attr(el, "aria-labelledby")) return "(labelled)";
  let text = "";
  const visit = (node: Node) => {
    if (node.nodeName === "#text") text += (node as DefaultTreeAdapterMap["textNode"]).value;
    else if (isElement(node)) {
      if (attr(node, "aria-hidden") === "true") return;
      if (node.tagName === "img") text += ` ${attr(node, "alt") ?? ""} `;
      else if (node.tagName === "svg") text += ` ${attr(node, "aria-label") ?? ""} `;
      else node.childNodes.forEach(visit);
    }
  };
  el.childNodes.forEach(visit);
  return readText(text) || readText(attr(el, "title") ?? "");
}

const finding = (severity: Finding["severity"], error: ErrorData, about: Pick<Finding, "text" | "href"> = {}): Finding => ({ severity, ...error, ...about });

/**
 * The findings in a rendered page, and its search snippet (`url`: the page's address). Its links
 * are read in its main content; with `shell`, in its header and footer too (what the site
 * settings change: a draft of a page cannot break them).
 */
export function checkRenderedPage(html: string, url: string, { shell = false } = {}): { findings: Finding[]; snippet: Snippet } {
  const document = parse(html);
  const all = [...elements(document)];
  const main = all.find((el) => el.tagName === "main");
  const inMain = main ? [...elements(main)] : [];
  const findings: Finding[] = [];

  const headings = inMain.filter((el) => /^h[1-6]$/.test(el.tagName)).map((el) => ({ level: Number(el.tagName[1]), text: accessibleName(el) }));
  // A main heading with nothing to read is none: it says nothing of what the page is about.
  const ones = headings.filter((h) => h.level === 1 && h.text !== "");
  if (ones.length === 0) findings.push(finding("error", errors.GateNoMainHeading()));
  if (ones.length > 1) findings.push(finding("warning", errors.GateSeveralMainHeadings(ones.length), { text: ones[1]!.text }));
  headings.forEach((h, i) => {
    const before = headings[i - 1];
    if (before && h.level > before.level + 1) findings.push(finding("error", errors.GateHeadingSkipped(h.text, h.level, before.level), { text: h.text }));
  });

  for (const link of (shell ? all : inMain).filter((el) => el.tagName === "a" && attr(el, "href") !== undefined)) {
    const name = accessibleName(link);
    const href = attr(link, "href")!;
    if (name === "") findings.push(finding("error", errors.GateEmptyLinkText(href), { href }));
    else if (VAGUE_LINK_TEXTS.has(name.toLowerCase().replace(/[.!…\s]+$/, ""))) findings.push(finding("warning", errors.GateVagueLinkText(name, href), { text: name, href }));
  }

  for (const image of inMain.filter((el) => el.tagName === "img" && attr(el, "alt") === undefined)) {
    findings.push(finding("error", errors.GateImageWithoutAlt(attr(image, "src") ?? "")));
  }

  const head = all.find((el) => el.tagName === "head");
  const headElements = head ? [...elements(head)] : [];
  const titleElement = headElements.find((el) => el.tagName === "title");
  const descriptionElement = headElements.find((el) => el.tagName === "meta" && attr(el, "name") === "description");
  const title = titleElement ? accessibleName(titleElement) : "";
  const description = (descriptionElement && attr(descriptionElement, "content")) ?? "";
  const image = headElements.find((el) => el.tagName === "meta" && attr(el, "property") === "og:image");
  const snippet = snippetOf(url, title, description, (image && attr(image, "content")) ?? "");
  if (snippet.titleWidth > TITLE_MAX_PX) findings.push(finding("warning", errors.GateTitleCut(snippet.titleWidth, TITLE_MAX_PX, TITLE_FONT_PX)));
  if (snippet.descriptionWidth > DESCRIPTION_MAX_PX) findings.push(finding("warning", errors.GateDescriptionCut(snippet.descriptionWidth, DESCRIPTION_MAX_PX, DESCRIPTION_FONT_PX)));
  return { findings, snippet };
}
