/**
 * The text a block shows that is not one of its own props, and the language it is in, for
 * page-language.ts to weigh beside the page's own texts: a legal document's (the
 * legal-document block, by its `document`) and a post's (the blog-post block, the template
 * page's item). Without them a Hindi privacy page with an English body would count as
 * translated for its two Hindi labels.
 */
import type { LocaleContent } from "./locale-content.ts";
import type { ShownText } from "./page-language.ts";

export function shownText(
  block: Record<string, unknown>,
  index: number,
  locale: Pick<LocaleContent, "content" | "documentLocale">,
  item?: { value: Record<string, unknown>; locale: string },
): ShownText | undefined {
  if (block.type === "legal-document") {
    const doc = locale.content.collections.legal.find((d) => d.id === block.document);
    return doc && { block: index, chars: doc.title.length + doc.summary.length + doc.body.length, locale: locale.documentLocale(doc.id) };
  }
  if (block.type === "blog-post" && item && typeof item.value.content === "string") {
    return { block: index, chars: item.value.content.replace(/<[^>]*>/g, "").length, locale: item.locale };
  }
  return undefined;
}
