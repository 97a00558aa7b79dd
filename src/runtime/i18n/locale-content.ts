/**
 * A locale's content, as its routes' block loaders and its shell see it: every translated
 * collection, the site config (navigation, footer, notices…) and the local blog's taxonomy
 * in that locale (localise.ts). It is the same for every page of the locale, so the checker
 * makes it once per locale, never per page.
 */
import type { BlogIndex, BlogPost, LocalTaxonomy } from "../../../schemas/blog.ts";
import { linkPostTranslations, type PostTranslations } from "../../blog/post-translations.ts";
import type { CollectionName, Collections } from "../../../schemas/collections/index.ts";
import type { CollectionTranslation, PageTranslation, SiteTranslation, TaxonomyTranslation } from "../../../schemas/translations.ts";
import type { Page, PageSchema } from "../../../schemas/page.ts";
import type { SiteContent } from "../content/model.ts";
import type { LegalDocument } from "../../../schemas/collections/legal.ts";
import { collectionTexts, siteTexts, taxonomyTexts, translatedCollections } from "./collection-texts.ts";
import type { ValuePath } from "../../../schemas/translatable.ts";
import type { SourceText } from "./slots.ts";
import { shellPlace } from "../../page/site-config.ts";
import { templateItems } from "../route-table.ts";
import { localiseCollection, localiseMedia, localisePage, localiseSite, localiseTaxonomy } from "./localise.ts";

export interface SharedTranslations {
  collection: (locale: string, name: CollectionName) => CollectionTranslation | undefined;
  site: (locale: string) => SiteTranslation | undefined;
  taxonomy: (locale: string) => TaxonomyTranslation | undefined;
  /** An image's alt text and caption (content/translations/<locale>/media/<id>.json). */
  media?: (locale: string, id: string) => SiteTranslation | undefined;
  /** A legal document in a locale (content/translations/<locale>/legal/<id>.md), when translated. */
  legal?: (locale: string, id: string) => LegalDocument | undefined;
  /** A reusable section's translation (content/translations/<locale>/sections/<id>.json): once for every page placing it. */
  section?: (locale: string, id: string) => PageTranslation | undefined;
}

/** A text shown in another language than the locale's: where, what it says, and the language it is shown in. */
export interface UntranslatedText {
  path: ValuePath;
  text: string;
  locale: string;
}

export interface LocaleContent {
  content: SiteContent;
  /**
   * The shell's texts (site config: navigation, footer, notices…) and the blog taxonomy's
   * shown in another language: every page shows them, so they decide no page (the shell marks
   * them with their `lang`); the checker lists them (fallback-check.ts).
   */
  shared: { site: UntranslatedText[]; taxonomy: UntranslatedText[] };
  /** A collection's text as the locale shows it (its length, its language); undefined where the place is no text that translates. */
  collectionText: (collection: CollectionName, path: ValuePath) => { chars: number; locale: string } | undefined;
  /** A template page's item (a service on /services/:id) as this locale has it: its title, its texts. */
  item: (collection: string, source: Record<string, unknown>) => Record<string, unknown>;
  /** The language a legal document is shown in: the first of the chain with a translation of it, else the default's. */
  documentLocale: (id: string) => string;
  /** With a local blog: the locale's own posts linked to the default's, all with the locale's term names (blog/post-translations.ts). */
  posts?: PostTranslations;
}

/**
 * @param chain the locale, then its fallback chain, the default last
 * @param taxonomy the local blog's taxonomy, when the blog is the local one (a remote blog's terms are its own)
 * @param ownBlog the local blog's posts in this locale (content/blog/posts/<locale>/): its lists show them, not the default's
 */
export function localeContent(
  content: SiteContent,
  chain: readonly string[],
  translations: SharedTranslations,
  taxonomy?: LocalTaxonomy,
  ownBlog?: BlogIndex,
  pageSchema?: PageSchema,
): LocaleContent {
  const collections = { ...content.collections } as Record<CollectionName, unknown[]>;
  const collectionPlaces = new Map<CollectionName, Map<string, { chars: number; locale: string }>>();
  const collectionLanguages: Record<string, string> = {};
  for (const name of translatedCollections) {
    const source = content.collections[name] as readonly unknown[];
    const localised = localiseCollection<unknown>(name, source, chain, (l) => translations.collection(l, name));
    collections[name] = localised.value;
    const shownIn = new Map(localised.fallbacks.map((f) => [JSON.stringify(f.path), f.locale]));
    for (const f of localised.fallbacks) collectionLanguages[shellPlace([name, ...f.path.slice(1)])] = f.locale;
    collectionPlaces.set(name, new Map(collectionTexts(name, source).map((t) => [JSON.stringify(t.path), { chars: t.text.length, locale: shownIn.get(JSON.stringify(t.path)) ?? chain[0]! }])));
  }
  // A legal document is translated as a whole: the first translation along the chain, else the source.
  const documentLocale = (id: string) => chain.slice(0, -1).find((l) => translations.legal?.(l, id)) ?? chain.at(-1)!;
  collections.legal = content.collections.legal.map((doc) => {
    const translated = translations.legal?.(documentLocale(doc.id), doc.id);
    return translated ? { ...translated, id: doc.id } : doc;
  });
  const site = localiseSite(content.site, chain, translations.site);
  const shared: LocaleContent["shared"] = { site: untranslated(siteTexts(content.site), site.fallbacks), taxonomy: [] };
  let blog = ownBlog ?? content.blog;
  let sourcePosts = content.blog.posts;
  if (taxonomy) {
    const terms = localiseTaxonomy(taxonomy, chain, translations.taxonomy);
    shared.taxonomy = untranslated(taxonomyTexts(taxonomy), terms.fallbacks);
    const named = termNames(terms.value);
    blog = named.index(blog);
    sourcePosts = sourcePosts.map(named.post);
  }
  // Images keep their alt text in the default locale's words where it is not translated: it is not a page's text, so it never makes a page a fallback.
  const media = content.media && translations.media ? new Map([...content.media].map(([id, m]) => [id, localiseMedia(m, chain, (l) => translations.media!(l, id)).value])) : content.media;
  // A section's blocks as a page's are: each text from the first translation along the chain. They do not make the pages placing it fallbacks (a page's own texts do).
  const sections =
    content.sections && pageSchema && translations.section
      ? new Map(
          [...content.sections].map(([id, section]) => {
            const blocks = localisePage(pageSchema, { meta: {} as Page["meta"], blocks: section.blocks as Page["blocks"] }, chain, (l) => translations.section!(l, id)).page.blocks;
            return [id, { ...section, blocks: blocks as typeof section.blocks }];
          }),
        )
      : content.sections;
  const siteLanguages = Object.fromEntries(site.fallbacks.map((f) => [shellPlace(f.path), f.locale]));
  const local: SiteContent = { ...content, site: site.value, collections: collections as Collections, blog, sourceCollections: content.collections, siteLanguages, collectionLanguages, ...(media && { media }), ...(sections && { sections }) };
  // The locale's items are the source's, in the same order: matched by position, once per collection.
  const items = new Map<string, Map<unknown, Record<string, unknown>>>();
  const item = (collection: string, source: Record<string, unknown>) => {
    if (!items.has(collection)) {
      const localItems = templateItems(local, collection);
      items.set(collection, new Map(templateItems(content, collection).map(({ item }, i) => [item, localItems[i]!.item])));
    }
    return items.get(collection)!.get(source) ?? source;
  };
  const collectionText = (collection: CollectionName, path: ValuePath) => collectionPlaces.get(collection)?.get(JSON.stringify(path));
  return { content: local, shared, collectionText, item, documentLocale, ...(ownBlog && { posts: linkPostTranslations(sourcePosts, blog.posts) }) };
}

/** The texts shown from another locale, with their words. */
function untranslated(texts: readonly SourceText[], fallbacks: readonly { path: ValuePath; locale: string }[]): UntranslatedText[] {
  const words = new Map(texts.map((t) => [JSON.stringify(t.path), t.text]));
  return fallbacks.map((f) => ({ ...f, text: words.get(JSON.stringify(f.path)) ?? "" }));
}

/** The blog's categories', tags' and authors' names (and descriptions) from a localised taxonomy: on a blog's terms and posts, or on one post. */
function termNames(taxonomy: LocalTaxonomy) {
  const bySlug = (terms: LocalTaxonomy["categories"]) => new Map(terms.map((t) => [t.slug, t]));
  const categories = bySlug(taxonomy.categories);
  const tags = bySlug(taxonomy.tags);
  const authors = bySlug(taxonomy.authors);
  const named = <T extends { slug: string; name: string; description: string }>(term: T, from: Map<string, LocalTaxonomy["categories"][number]>): T => {
    const local = from.get(term.slug);
    return local ? { ...term, name: local.name, description: local.description } : term;
  };
  const post = (post: BlogPost): BlogPost => {
    const category = post.categorySlug === undefined ? undefined : categories.get(post.categorySlug);
    const author = post.authorSlug === undefined ? undefined : authors.get(post.authorSlug);
    return {
      ...post,
      ...(category && { category: category.name }),
      ...(author && { author: author.name, authorDescription: author.description }),
      tags: post.tags.map((name, i) => tags.get(post.tagSlugs[i] ?? "")?.name ?? name),
    };
  };
  const index = (blog: BlogIndex): BlogIndex => ({
    categories: blog.categories.map((c) => named(c, categories)),
    tags: blog.tags.map((t) => named(t, tags)),
    authors: blog.authors.map((a) => named(a, authors)),
    posts: blog.posts.map(post),
  });
  return { index, post };
}
