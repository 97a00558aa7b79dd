/** The page editor's words for translating (beside ./texts.ts, which holds the rest of the tool's). */
export const translationTexts = {
  language: "Language",
  /** The page's or collection's heading in a locale: "About Us (/about) in हिन्दी (hi)". */
  in: (name: string, code: string) => `in ${name} (${code})`,
  progress: (percent: number, translated: number, total: number) => `${percent} % translated (${translated} of ${total} texts)`,
  /** The page list's figure, per locale. */
  listProgress: (name: string, percent: number, stale: number) => `${name} ${percent} %${stale > 0 ? `, ${stale} stale` : ""}`,
  listProgressLabel: (name: string, percent: number, translated: number, total: number, stale: number) =>
    `${name}: ${percent} % translated, ${translated} of ${total} texts${stale > 0 ? `; ${stale} made from an older English version (stale)` : ""}`,
  intro:
    "Each text of the page that translates, with its English beside it. A translation records the English it was made from: when the English changes, it is marked stale until you update it or mark it as still correct.",
  meta: "Page settings",
  block: (key: string) => `Block ${key}`,
  item: (id: string) => `Item ${id}`,
  source: "English",
  translatedFrom: "Translated from",
  missing: "Missing",
  stale: "Stale",
  refused: "Placeholders differ",
  malformed: "Not in the right form",
  counts: (missing: number, stale: number) => [missing > 0 && `${missing} missing`, stale > 0 && `${stale} stale`].filter(Boolean).join(", "),
  stillCorrect: "Mark as still correct",
  /** The list of stale texts above the groups. */
  staleHeading: (count: number) => `${count} ${count === 1 ? "text" : "texts"} to check: the English changed since ${count === 1 ? "it was" : "they were"} translated`,
  staleIntro: "Still published as translated from the older English. Update each, or mark it as still correct.",
  englishNow: "English now",
  /** Publish's question: a stale translation marked as still correct. */
  markedCorrect: "kept, marked as still correct",
  translatedAs: (text: string) => `translated as ${text}`,
  translationRemoved: "translation removed",
  /** Texts of blocks the published page or section does not have (orphaned), above the groups. */
  orphanedHeading: (count: number, source: "page" | "section") => `Texts of ${count === 1 ? "a block" : `${count} blocks`} the published ${source} does not have`,
  orphanedIntro: (source: "page" | "section") =>
    `A block pasted into the ${source} keeps its texts here until the ${source} is published with it, and they are shown then. A block removed from the ${source} shows them nowhere: remove its texts.`,
  /** Such a block, by the English its first text was made from. */
  orphanedBlock: (english: string) => `A block with ${english}`,
  orphanedBlockWithout: "A block without texts",
  removeTexts: "Remove its texts",
  nothing: "Nothing on this page translates.",
  waiting: "Checking the translation…",
  openSource: "Edit the English",
  /** A publish gate finding about a link whose words are not among this translation's texts (src/editor/ui/TranslationEditor.tsx). */
  linkElsewhere: (href: string, language: string) =>
    `The words of this link (to ${href} in English) are not among these texts: they come from the ${language} translation of the page itself, of a section placed on it, or of the site settings (menu and footer).`,
  /** A site-wide file's texts, in one group. */
  fields: "Texts",
  /** The site-wide files (schemas/translations.ts siteWideSources), as the page list and the heading name them. */
  siteWide: { site: "Site settings", taxonomy: "Blog taxonomy" },
  siteWideHeading: "Site-wide texts",
  siteWideIntro:
    "The site settings' texts (the description, navigation, footer…) and the blog's categories, tags and authors, in each language. Their English is not edited here: the site settings' in Site settings, the blog's in the blog admin.",
  siteWideIn: (name: string, code: string) => `In ${name} (${code})`,
} as const;
