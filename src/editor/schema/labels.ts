/**
 * A property's name in words, as its field's label: `title` → "Title", `showClaims` →
 * "Show claims", `jsonLd` → "JSON-LD". Abbreviations keep their capitals; `href` reads as
 * what it is, a link, and an image field's `asset` as the picture it chooses.
 */
const WORDS: Record<string, string> = {
  href: "link",
  asset: "picture",
  id: "ID",
  ids: "IDs",
  url: "URL",
  cta: "CTA",
  faq: "FAQ",
  faqs: "FAQs",
  seo: "SEO",
  json: "JSON",
  ld: "LD",
  ms: "(ms)",
};

export function fieldLabel(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(" ").replace("JSON LD", "JSON-LD");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A block type's label, as the outline, the palette and the studio's words name blocks: `card-grid` → "Card grid", `faq-list` → "FAQ list". */
export const blockLabel = (type: string) => fieldLabel(type);
