/**
 * Which language a page in a locale is really in, from what it shows: its own texts (each in
 * the locale, or shown from a fallback), and the text its blocks show from elsewhere (a legal
 * document's body, a post). One rule, which the checker states and docs/i18n.md explains:
 *
 *   a page is translated when its title is in the locale and at least TRANSLATED_SHARE of its
 *   text (counted in characters) is; otherwise it is a fallback (noindex, canonical to its
 *   source, out of the sitemap and the alternates, with a note saying so).
 *
 * Either way each block whose text is mostly in another language says so (`lang`), so an
 * untranslated block on a translated page is not English marked as Hindi.
 */
import type { ValuePath } from "../../../schemas/translatable.ts";

export const TRANSLATED_SHARE = 0.8;

/** Text a block shows that is not one of its own props: where it comes from, how long, in which language. */
export interface ShownText {
  block: number;
  chars: number;
  locale: string;
}

export interface PageVerdict {
  /** The share of the page's characters shown in its own locale, 0 to 1 (1 for a page with no text). */
  share: number;
  titleTranslated: boolean;
  /** Its main content is not translated: the page is a fallback. */
  fallback: boolean;
  /** The language most of the text not in the locale is in (what a fallback page's note names). */
  shownIn?: string;
  /** Per block, in order: the language it is mostly in, where that is not the page's. */
  blocks: (string | undefined)[];
}

/**
 * @param texts the page's own texts (pageTexts), as in the source
 * @param fallbacks where a text is shown from another locale (localisePage)
 * @param shown the text blocks show from elsewhere (i18n/shown-texts.ts)
 */
export function judgePage(
  locale: string,
  blockCount: number,
  texts: readonly { path: ValuePath; text: string }[],
  fallbacks: readonly { path: ValuePath; locale: string }[],
  shown: readonly ShownText[] = [],
): PageVerdict {
  const from = new Map(fallbacks.map((f) => [JSON.stringify(f.path), f.locale]));
  const parts: { block?: number; chars: number; locale: string }[] = [
    ...texts.map((t) => ({
      ...(t.path[0] === "blocks" && { block: t.path[1] as number }),
      chars: t.text.length,
      locale: from.get(JSON.stringify(t.path)) ?? locale,
    })),
    ...shown,
  ];
  const total = parts.reduce((n, p) => n + p.chars, 0);
  const own = parts.filter((p) => p.locale === locale).reduce((n, p) => n + p.chars, 0);
  const share = total === 0 ? 1 : own / total;
  const titleTranslated = !from.has(JSON.stringify(["meta", "title"]));
  const blocks = Array.from({ length: blockCount }, (_, i) => {
    const language = mostly(parts.filter((p) => p.block === i));
    return language === locale ? undefined : language;
  });
  const shownIn = mostly(parts.filter((p) => p.locale !== locale));
  return { share, titleTranslated, fallback: !titleTranslated || share < TRANSLATED_SHARE, ...(shownIn && { shownIn }), blocks };
}

/** The language most of these characters are in; undefined when there are none. */
function mostly(parts: readonly { chars: number; locale: string }[]): string | undefined {
  const by = new Map<string, number>();
  for (const p of parts) by.set(p.locale, (by.get(p.locale) ?? 0) + p.chars);
  return [...by].sort((a, b) => b[1] - a[1])[0]?.[0];
}
