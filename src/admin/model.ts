/**
 * The blog admin's shapes and pure rules, shared by the browser (src/admin/*.tsx) and the
 * write path (server/studio/documents/posts.ts). No Node or zod imports: this ships in the blog
 * admin's chunk, which only the studio's pages load.
 */

import type { DraftMark } from "../editor/model.ts";

export type PostStatus = "draft" | "published";

/** What the form sends: the spec's admin blog post minus what the server assigns. */
export interface AdminPostInput {
  title: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  /** The author's name; an unknown name is added to content/blog/taxonomy.json. */
  author: string;
  /** A category slug from the list, or "" for Uncategorized. */
  category: string;
  /** Tag names; unknown ones are added to content/blog/taxonomy.json. */
  tags: string[];
  status: PostStatus;
  featured: boolean;
}

export interface AdminPost extends AdminPostInput {
  /** The file name without .md, and the post's address: /blog/{slug}. Never changes. */
  slug: string;
  /** Creation timestamp (ms) for posts written by the admin; hand-written posts may have none. */
  id?: string;
  date: string;
  categoryName: string;
  /** A hash of the file: an edit or delete based on an older version is refused (409). */
  version: string;
}

export interface AdminCategory {
  slug: string;
  name: string;
  count: number;
}

/** A file the reader could not use, with where and why (the content checker's error). */
export interface AdminProblem {
  file: string;
  line: number;
  column: number;
  title: string;
  message: string;
  hint: string;
}

export interface AdminListing {
  posts: AdminPost[];
  categories: AdminCategory[];
  authors: string[];
  problems: AdminProblem[];
}

/** The admin's listing (GET /api/studio/posts): each post's file and draft, and drafts of posts not published yet. */
export interface StudioPostListing extends AdminListing {
  /** Published posts, then drafts of posts not published yet (their `version` is "", see isUnpublished). */
  posts: StudioListedPost[];
}

/** `locale`: a locale's own post (content/blog/posts/<locale>/, docs/i18n.md); none for the default locale's. */
export type StudioListedPost = AdminPost & { file: string; locale?: string; draft: DraftMark | null };

/** A new post kept only as a draft: no file yet, so no version. */
export const isUnpublished = (post: Pick<AdminPost, "version">) => post.version === "";

/** Every error the admin shows: an error of the catalogue (src/errors/catalogue.ts). */
export type { ErrorData as AdminError } from "../errors/catalogue.ts";
import type { ErrorData as AdminError } from "../errors/catalogue.ts";

export type FieldErrors = Partial<Record<keyof AdminPostInput, string>>;

/** The API's answer to a refused request. */
export interface AdminFailure {
  error: AdminError;
  fields?: FieldErrors;
}

/** Limits of content/blog/posts/*.md frontmatter (schemas/blog.ts), checked before a request is sent. */
export const LIMITS = { title: 140, excerpt: 400, author: 60, tag: 60, tags: 8, content: 100_000 } as const;

export const REQUIRED_FIELDS = ["title", "content", "author"] as const satisfies readonly (keyof AdminPostInput)[];

/** Spec §5: tags are comma separated, trimmed, with empties dropped. */
export const splitTags = (text: string): string[] =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");

/** The required fields left empty (spec §5: title, content and author). */
export const missingRequired = (input: Pick<AdminPostInput, (typeof REQUIRED_FIELDS)[number]>) =>
  REQUIRED_FIELDS.filter((field) => input[field].trim() === "");

/** Spec §5: case-insensitive match on title, category or author. */
export function matchesPostSearch(post: Pick<AdminPost, "title" | "categoryName" | "author">, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === "") return true;
  return [post.title, post.categoryName, post.author].some((field) => field.toLowerCase().includes(q));
}

/** A URL slug from a title: ASCII letters and digits joined by single hyphens, at most `max` long. */
export function slugify(text: string, max = 80): string {
  const base = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (base.length <= max) return base;
  const cut = base.slice(0, max);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > max / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}
