/**
 * A field's label may link to a page of the site, as a consent box links to /privacy:
 * `I agree to the [privacy policy](/privacy)`. Only site paths are links (the content check
 * makes sure each is a page); the label is otherwise plain text, never HTML. No zod here: the
 * prerendered form markup reads labels in the first-load bundle.
 */

/** `[text](/path)`: link text without brackets, a site path without spaces or parentheses. */
const LINK = /\[([^\[\]]+)\]\((\/[^\s()]*)\)/g;

export type LabelPart = { text: string; href?: string };

/** The label as text and links, in order. */
export function labelParts(label: string): LabelPart[] {
  const parts: LabelPart[] = [];
  let at = 0;
  for (const m of label.matchAll(LINK)) {
    if (m.index > at) parts.push({ text: label.slice(at, m.index) });
    parts.push({ text: m[1]!, href: m[2]! });
    at = m.index + m[0].length;
  }
  if (at < label.length) parts.push({ text: label.slice(at) });
  return parts;
}

/** The label as people read it, links as their text: for error messages and the notification e-mail. */
export const plainLabel = (label: string) => labelParts(label).map((p) => p.text).join("");

/** The site paths a label links to (each must be a page: the content check). */
export const labelLinks = (label: string) => labelParts(label).flatMap((p) => (p.href ? [p.href] : []));
