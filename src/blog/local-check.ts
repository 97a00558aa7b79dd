/**
 * Checks the local blog (content/blog/): taxonomy.json (categories, tags, authors) and one
 * Markdown file per post, content/blog/posts/{slug}.md; a locale's own posts (their
 * translations, and posts only in that language) in content/blog/posts/{locale}/{slug}.md,
 * a translation named as the post it translates or naming it in `translationKey` (checked
 * against the default's posts in post-translations.ts). Every problem is a located content
 * error: JSON and YAML syntax, frontmatter values, references to unknown categories, tags
 * or authors, images missing from public/, an empty post. Valid posts are mapped into the
 * site's blog shapes, so the local source and WordPress look the same downstream.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";
import { image, slug as slugSchema } from "../../schemas/fields.ts";
import {
  type BlogIndex,
  type BlogPost,
  emptyBlogIndex,
  type LocalPostFrontmatter,
  type LocalTaxonomy,
  localPostFrontmatterSchema,
  localTaxonomySchema,
} from "../../schemas/blog.ts";
import { type KnownMedia, withKnownMedia } from "../../schemas/media-use.ts";
import { DEFAULT_POST_PICTURE } from "./defaults.ts";
import { DEFAULT_POST_IMAGE, excerptText, readMinutes, sanitizePostHtml, summarize } from "./html.ts";
import { byNewest } from "./source.ts";
import { errors as catalogue, type ErrorData } from "../errors/catalogue.ts";
import { at as atPosition, type ContentError, type Labeller, located } from "../content-files/errors.ts";
import { frontMatterError, readFrontMatter } from "../content-files/frontmatter.ts";
import { dotted, fileLabeller, issueToError } from "../content-files/issues.ts";
import { locateByKeys, parseJsonSource, positionAt, type SourceFile } from "../content-files/source.ts";

import { postsDirOf, TAXONOMY_FILE } from "./paths.ts";

export { BLOG_DIR, POSTS_DIR, TAXONOMY_FILE } from "./paths.ts";

export interface LocalBlog {
  index: BlogIndex;
  errors: ContentError[];
  /** Each published post's file by its slug, for checks that need the whole blog to locate their errors (post-translations.ts). */
  sources?: ReadonlyMap<string, SourceFile>;
}

// Raw HTML in a post is allowed (embeds, figures) because the sanitiser runs right after.
const markdown = new Marked({ gfm: true, async: false });

export interface LocalBlogOptions {
  drafts?: boolean;
  /** Read that locale's posts (paths.ts postsDirOf) instead of the default locale's. */
  locale?: string;
  /**
   * Texts to read in place of files on disk (paths from the root: a post, the taxonomy), as a
   * studio preview checks a post's draft with the blog. A post given here is added when it has
   * no file yet, and is shown whatever its status: it is the one being previewed.
   */
  inMemory?: ReadonlyMap<string, string>;
  /** The media library's assets: featured images and authors' portraits must name one of them, with alt text. */
  media?: KnownMedia;
}

export async function checkLocalBlog(root: string, options: LocalBlogOptions = {}): Promise<LocalBlog> {
  const errors: ContentError[] = [];
  const postsDir = postsDirOf(options.locale);
  const inMemory = options.inMemory ?? new Map<string, string>();
  const read = async (file: string) => inMemory.get(file) ?? (await readFile(path.join(root, file), "utf8"));
  const taxonomyText = await read(TAXONOMY_FILE).catch(() => undefined);
  const onDisk = (await readdir(path.join(root, postsDir)).catch(() => [] as string[])).filter((f) => f.endsWith(".md"));
  const given = [...inMemory.keys()].filter((f) => path.posix.dirname(f) === postsDir && f.endsWith(".md")).map((f) => path.posix.basename(f));
  const postFiles = [...new Set([...onDisk, ...given])].sort();
  if (taxonomyText === undefined) {
    if (postFiles.length === 0) return { index: emptyBlogIndex(), errors };
    errors.push(atPosition(TAXONOMY_FILE, { line: 1, column: 1 }, "Blog taxonomy", catalogue.MissingBlogTaxonomy(TAXONOMY_FILE, postsDir)));
    return { index: emptyBlogIndex(), errors };
  }

  const { source, errors: syntax } = parseJsonSource(TAXONOMY_FILE, taxonomyText, "Blog taxonomy");
  errors.push(...syntax);
  if (!source) return { index: emptyBlogIndex(), errors };
  const knowing = <T,>(run: () => T) => (options.media ? withKnownMedia(options.media, run) : run());
  const parsed = localTaxonomySchema.safeParse(source.data);
  if (!parsed.success) {
    errors.push(...parsed.error.issues.map((i) => issueToError(i, source, taxonomyLabel(source.data))));
    return { index: emptyBlogIndex(), errors };
  }
  const taxonomy = parsed.data;
  for (const list of ["categories", "tags", "authors"] as const) {
    const seen = new Set<string>();
    taxonomy[list].forEach((t, i) => {
      if (seen.has(t.slug)) errors.push(located(source, [list, i, "slug"], taxonomyLabel(source.data), catalogue.DuplicateSlug(list, t.slug)));
      seen.add(t.slug);
    });
  }
  // A portrait the media library lacks is reported where it is named, and hides none of the posts' own problems.
  taxonomy.authors.forEach((author, i) => {
    const checked = author.avatar && knowing(() => image.safeParse(author.avatar));
    if (checked && !checked.success) errors.push(...checked.error.issues.map((issue) => issueToError({ ...issue, path: ["authors", i, "avatar", ...issue.path] }, source, taxonomyLabel(source.data))));
  });

  const posts: BlogPost[] = [];
  const sources = new Map<string, SourceFile>();
  for (const fileName of postFiles) {
    const file = `${postsDir}/${fileName}`;
    const result = await checkPost(file, await read(file), taxonomy, options.drafts === true || inMemory.has(file), knowing);
    errors.push(...result.errors);
    if (result.post) posts.push(result.post);
    if (result.post && result.source) sources.set(result.post.id, result.source);
  }
  posts.sort(byNewest);
  return { index: indexFrom(taxonomy, posts), errors, sources };
}

/** Checks one post file's text; `post` is set when it is valid and published (or drafts are shown). */
async function checkPost(file: string, text: string, taxonomy: LocalTaxonomy, drafts: boolean, knowing: <T>(run: () => T) => T): Promise<{ post?: BlogPost; source?: SourceFile; errors: ContentError[] }> {
  const fileName = file.replace(/^.*\//, "");
  const id = fileName.replace(/\.md$/, "");
  const label = `Blog post ${id}`;
  const errors: ContentError[] = [];
  const here = (offset: number, e: ErrorData, pointer = ""): ContentError => atPosition(file, positionAt(text, offset), label, e, pointer);

  if (!slugSchema.safeParse(id).success) {
    return { errors: [here(0, catalogue.InvalidFileName(fileName, "a post's address", "scaling-react-apps.md"))] };
  }
  const parsed = readFrontMatter(text);
  if (!parsed.ok) {
    return { errors: [here(parsed.problem.offset, frontMatterError(parsed.problem, "title, excerpt, date, author, category and tags"))] };
  }
  const source: SourceFile = { file, text, data: parsed.data, locate: (p) => locateByKeys(text, p) };
  const labeller = fileLabeller(label);
  const result = knowing(() => localPostFrontmatterSchema.safeParse(parsed.data));
  if (!result.success) return { errors: result.error.issues.map((i) => issueToError(i, source, labeller)) };
  const fm = result.data;

  const known = (list: "categories" | "tags" | "authors", value: string, p: PropertyKey[]) => {
    if (taxonomy[list].some((t) => t.slug === value)) return;
    errors.push(located(source, p, labeller, catalogue.UnknownTerm(list, TAXONOMY_FILE, value, taxonomy[list].map((t) => t.slug))));
  };
  known("authors", fm.author, ["author"]);
  known("categories", fm.category, ["category"]);
  fm.tags.forEach((t, i) => known("tags", t, ["tags", i]));
  const { body, bodyOffset } = parsed;
  if (body.trim() === "") errors.push(here(text.length, catalogue.EmptyPost(), "/body"));
  for (const m of body.matchAll(/^# /gm)) {
    errors.push(here(bodyOffset + m.index, catalogue.TopLevelHeading(), "/body"));
  }
  if (errors.length > 0 || (fm.status === "draft" && !drafts)) return { errors };
  return { post: mapLocalPost(id, fm, body, taxonomy), source, errors };
}

/** Maps a local post into the site's shape, exactly like a WordPress one. */
export function mapLocalPost(id: string, fm: LocalPostFrontmatter, body: string, taxonomy: LocalTaxonomy): BlogPost {
  const author = taxonomy.authors.find((a) => a.slug === fm.author);
  const category = taxonomy.categories.find((c) => c.slug === fm.category);
  const tags = fm.tags.map((t) => taxonomy.tags.find((x) => x.slug === t)).filter((t) => t !== undefined);
  const content = sanitizePostHtml(markdown.parse(body) as string);
  const excerpt = excerptText(fm.excerpt);
  return {
    id,
    title: fm.title,
    excerpt,
    content,
    author: author?.name ?? "Unknown",
    date: fm.date,
    category: category?.name ?? "Uncategorized",
    tags: tags.map((t) => t.name),
    // Cards and the post show `picture`; `image` is the address a page's metadata gives when it has no picture of its own.
    image: DEFAULT_POST_IMAGE,
    picture: fm.image ?? DEFAULT_POST_PICTURE,
    featured: false,
    authorSlug: author?.slug,
    ...(author?.avatar && { authorPicture: author.avatar }),
    authorDescription: author?.description ?? "",
    categorySlug: category?.slug,
    tagSlugs: tags.map((t) => t.slug),
    imageAlt: "",
    imageSrcSet: "",
    description: summarize(excerpt),
    readMinutes: readMinutes(content),
    protected: false,
    ...(fm.translationKey !== undefined && { translationKey: fm.translationKey }),
  };
}

/** Terms get numeric ids by position and counts from the published posts; empty terms stay listed. */
function indexFrom(taxonomy: LocalTaxonomy, posts: BlogPost[]): BlogIndex {
  const count = (pick: (p: BlogPost) => string[]) => {
    const counts = new Map<string, number>();
    for (const p of posts) for (const s of pick(p)) counts.set(s, (counts.get(s) ?? 0) + 1);
    return counts;
  };
  const byCategory = count((p) => (p.categorySlug ? [p.categorySlug] : []));
  const byTag = count((p) => p.tagSlugs);
  return {
    posts,
    categories: taxonomy.categories.map((c, i) => ({ id: i + 1, slug: c.slug, name: c.name, description: c.description, count: byCategory.get(c.slug) ?? 0 })),
    tags: taxonomy.tags.map((t, i) => ({ id: i + 1, slug: t.slug, name: t.name, description: t.description, count: byTag.get(t.slug) ?? 0 })),
    authors: taxonomy.authors.map((a, i) => ({ id: i + 1, slug: a.slug, name: a.name, description: a.description, avatar_urls: {}, ...(a.avatar && { picture: a.avatar }) })),
  };
}

function taxonomyLabel(data: unknown): Labeller {
  return (p) => {
    const [list, i, ...rest] = p;
    const entry = typeof i === "number" ? (data as Record<string, { slug?: unknown }[]> | null)?.[String(list)]?.[i] : undefined;
    const name = typeof entry?.slug === "string" ? ` (${entry.slug})` : "";
    return typeof i === "number"
      ? ["Blog taxonomy", `${String(list)} ${i + 1}${name}`, dotted(rest)].filter(Boolean).join(" → ")
      : ["Blog taxonomy", dotted(p)].filter(Boolean).join(" → ");
  };
}
