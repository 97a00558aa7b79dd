/**
 * The WordPress REST source (WORDPRESS_URL): the calls of the spec (§7) with `_embed`
 * (./wordpress-api.ts), mapped at the boundary into the site's blog shapes. Runs in Node at build time and in
 * the browser for posts published after the build, so it uses only fetch.
 *
 * WordPress answers are not trusted: embeds can be missing, be error objects
 * (rest_forbidden, rest_no_route) or the wrong object (a deleted attachment), titles and
 * term names carry entities and tags, protected posts have no content. Every case maps to
 * a documented fallback; none throws.
 */
import { z } from "zod";
import type { BlogCategory, BlogIndex, BlogPost, BlogTag, BlogUser } from "../../schemas/blog.ts";
import { DEFAULT_POST_IMAGE, excerptText, htmlToText, readMinutes, sanitizePostHtml, summarize } from "./html.ts";
import { type BlogSource, byNewest } from "./source.ts";
import { wordpressApi, type WordPressOptions } from "./wordpress-api.ts";

// This module also runs in the browser, where the CSP forbids eval: keep zod from probing for it.
z.config({ jitless: true });

const UNKNOWN_AUTHOR = "Unknown";
const UNCATEGORIZED = "Uncategorized";

// ---- Raw shapes: only what we read, everything else passes through --------------------

const rendered = z.looseObject({ rendered: z.string().catch(""), protected: z.boolean().optional() });
const rawTerm = z.looseObject({ id: z.number(), name: z.string(), slug: z.string(), taxonomy: z.string().optional() });
const rawAuthor = z.looseObject({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().catch(""),
  avatar_urls: z.record(z.string(), z.string()).catch({}),
});
const rawSize = z.object({ source_url: z.string(), width: z.number().positive(), height: z.number().positive() });
const rawMedia = z.looseObject({
  id: z.number(),
  source_url: z.string(),
  alt_text: z.string().catch(""),
  media_details: z
    .looseObject({ width: z.number().positive(), height: z.number().positive(), sizes: z.record(z.string(), rawSize.optional().catch(undefined)).catch({}) })
    .optional()
    .catch(undefined),
});
type RawMedia = z.infer<typeof rawMedia>;

/**
 * The srcset of a featured image: the original and every size WordPress made of it at the same
 * proportions (cropped sizes such as the 150×150 thumbnail would show a different picture).
 */
export function imageSrcSet(media: RawMedia): string {
  const details = media.media_details;
  if (!details) return "";
  const ratio = details.width / details.height;
  const candidates = [
    { source_url: media.source_url, width: details.width, height: details.height },
    ...Object.values(details.sizes).filter((s) => s !== undefined),
  ].filter((s) => Math.abs(s.width / s.height - ratio) / ratio < 0.01);
  const byWidth = new Map(candidates.map((s) => [s.width, s.source_url]));
  if (byWidth.size < 2) return "";
  return [...byWidth].sort(([a], [b]) => a - b).map(([width, url]) => `${url} ${width}w`).join(", ");
}

const rawPost = z.looseObject({
  id: z.number(),
  slug: z.string().min(1),
  date: z.string(),
  title: rendered.catch({ rendered: "" }),
  excerpt: rendered.catch({ rendered: "" }),
  content: rendered.catch({ rendered: "" }),
  featured_media: z.number().catch(0),
  _embedded: z.record(z.string(), z.unknown()).optional(),
});

const rawTermFull = z.looseObject({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string().catch(""),
  count: z.number().catch(0),
});

/** The first valid item of an embed, or undefined when it is missing or an error object. */
function embedded<T>(value: unknown, schema: z.ZodType<T>): T | undefined {
  const first = Array.isArray(value) ? value[0] : undefined;
  const parsed = schema.safeParse(first);
  return parsed.success ? parsed.data : undefined;
}

const text = (html: string) => htmlToText(html);

/** WordPress on plain http links Gravatar over http too; the site only loads images over https. */
const secureAvatar = (url: string | undefined) => url?.replace(/^http:\/\/((?:[a-z0-9-]+\.)?gravatar\.com\/)/, "https://$1");

/** Maps one post of `posts?_embed`. Returns undefined only for an answer that is not a post at all. */
export function mapWordPressPost(raw: unknown): BlogPost | undefined {
  const parsed = rawPost.safeParse(raw);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const embeds = p._embedded ?? {};

  const author = embedded(embeds.author, rawAuthor);
  // A featured image embed is only trusted when it is the attachment the post points at.
  const media = p.featured_media > 0 ? embedded(embeds["wp:featuredmedia"], rawMedia) : undefined;
  const image = media && media.id === p.featured_media && media.source_url ? media : undefined;

  const termGroups = Array.isArray(embeds["wp:term"]) ? (embeds["wp:term"] as unknown[]) : [];
  const terms = termGroups.flatMap((group) => (Array.isArray(group) ? group : [])).flatMap((t) => {
    const term = rawTerm.safeParse(t);
    return term.success ? [term.data] : [];
  });
  const category = terms.find((t) => t.taxonomy === "category");
  const tags = terms.filter((t) => t.taxonomy === "post_tag");

  const isProtected = p.content.protected === true || p.excerpt.protected === true;
  const content = isProtected ? "" : sanitizePostHtml(p.content.rendered);
  const excerpt = isProtected ? "" : excerptText(p.excerpt.rendered);
  const title = text(p.title.rendered) || p.slug;

  return {
    id: p.slug,
    title,
    excerpt,
    content,
    author: author ? text(author.name) || UNKNOWN_AUTHOR : UNKNOWN_AUTHOR,
    date: p.date.slice(0, 10),
    category: category ? text(category.name) : UNCATEGORIZED,
    tags: tags.map((t) => text(t.name)),
    image: image?.source_url ?? DEFAULT_POST_IMAGE,
    featured: false,
    authorSlug: author?.slug,
    authorAvatar: secureAvatar(author?.avatar_urls["96"]),
    authorDescription: author ? text(author.description) : "",
    categorySlug: category?.slug,
    tagSlugs: tags.map((t) => t.slug),
    imageAlt: image ? text(image.alt_text) : "",
    imageSrcSet: image ? imageSrcSet(image) : "",
    description: summarize(excerpt || htmlToText(content) || title),
    readMinutes: readMinutes(content),
    protected: isProtected,
  };
}

/** Maps `categories` or `tags` items; names and descriptions are stored escaped by WordPress. */
export function mapWordPressTerm(raw: unknown): BlogCategory | undefined {
  const parsed = rawTermFull.safeParse(raw);
  if (!parsed.success) return undefined;
  const t = parsed.data;
  return { id: t.id, slug: t.slug, name: text(t.name) || t.slug, description: text(t.description), count: t.count };
}

export function mapWordPressUser(raw: unknown): BlogUser | undefined {
  const parsed = rawAuthor.safeParse(raw);
  if (!parsed.success) return undefined;
  const u = parsed.data;
  const avatar = secureAvatar(u.avatar_urls["96"]);
  // Descriptions come back escaped (&amp;) like term names.
  return { id: u.id, slug: u.slug, name: text(u.name) || UNKNOWN_AUTHOR, description: text(u.description), avatar_urls: avatar ? { 96: avatar } : {} };
}

// ---- The calls -------------------------------------------------------------------------

export type { WordPressOptions } from "./wordpress-api.ts";

export function wordpressSource(options: WordPressOptions): BlogSource {
  const { get, all, exists, stamp } = wordpressApi(options);

  const defined = <T>(list: (T | undefined)[]) => list.filter((x): x is T => x !== undefined);

  return {
    kind: "wordpress",

    async index(): Promise<BlogIndex> {
      const [rawPosts, rawCategories, rawTags, rawUsers] = await Promise.all([
        all("posts?_embed"),
        all("categories"),
        all("tags"),
        // Hardened sites remove or lock the users route: authors then come from the posts.
        all("users").catch(() => [] as unknown[]),
      ]);
      const posts = defined(rawPosts.map(mapWordPressPost)).sort(byNewest);
      const authors = new Map<string, BlogUser>();
      for (const u of defined(rawUsers.map(mapWordPressUser))) authors.set(u.slug, u);
      for (const raw of rawPosts) {
        const embeddedAuthor = mapWordPressUser((raw as { _embedded?: { author?: unknown[] } })?._embedded?.author?.[0]);
        if (embeddedAuthor && !authors.has(embeddedAuthor.slug)) authors.set(embeddedAuthor.slug, embeddedAuthor);
      }
      return {
        posts,
        categories: defined(rawCategories.map(mapWordPressTerm)),
        tags: defined(rawTags.map(mapWordPressTerm)) as BlogTag[],
        authors: [...authors.values()],
      };
    },

    async post(slug) {
      const { body } = await get(`posts?slug=${encodeURIComponent(slug)}&_embed`);
      const first = Array.isArray(body) ? body[0] : undefined;
      return first === undefined ? null : (mapWordPressPost(first) ?? null);
    },

    exists,
    stamp,
  };
}
