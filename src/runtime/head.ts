import type { MetaDescriptor } from "react-router";
import type { Head } from "./page-data.ts";

/** Head tags for a page: title, description, canonical URL, Open Graph, Twitter card, JSON-LD. */
export function headTags(head: Head | undefined, siteName: string): MetaDescriptor[] {
  if (!head) return [];
  return [
    { title: head.title },
    { name: "description", content: head.description },
    { tagName: "link", rel: "canonical", href: head.canonical },
    ...languageTags(head),
    ...(head.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: head.title },
    { property: "og:description", content: head.description },
    { property: "og:url", content: head.canonical },
    { property: "og:image", content: head.image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: head.title },
    { name: "twitter:description", content: head.description },
    { name: "twitter:image", content: head.image },
    ...head.jsonLd.map((json) => ({ "script:ld+json": json })),
  ];
}

/** hreflang alternates, og:locale and its alternates: only on a site built in more than one locale. */
function languageTags({ language }: Head): MetaDescriptor[] {
  if (!language) return [];
  return [
    ...language.alternates.map(({ hreflang, href }) => ({ tagName: "link", rel: "alternate", hrefLang: hreflang, href })),
    { property: "og:locale", content: language.og.locale },
    ...language.og.alternates.map((content) => ({ property: "og:locale:alternate", content })),
  ];
}
