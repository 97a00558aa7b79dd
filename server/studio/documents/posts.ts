/**
 * The blog admin's write path: reads content/blog/posts/*.md for the admin's list and
 * creates, edits and deletes them, so a marketer can write posts without an editor or git.
 * Node only; the studio's posts (./kinds.ts) write through it, on a server and in local mode.
 *
 * - A post is validated in full (the admin's rules, then the checker's frontmatter schema
 *   and body rules) before anything is written: a refused post leaves no trace on disk.
 * - Every write is atomic: a temporary file in the same folder (a dot file ending in .tmp,
 *   which no reader looks at), flushed to disk, then renamed over the target. A crash leaves
 *   the old file or the new one, never half of one.
 * - Writes to one content root run one at a time, so two saves never lose each other's
 *   taxonomy additions; each edit or delete names the version it was based on and is
 *   refused (409) when the file changed since (an editor, git, another tab).
 * - Identity: the file name is the slug and the post's address (/blog/{slug}). A new post's
 *   slug is made from its title and made unique (-2, -3, ...); it never changes on edit, so
 *   links keep working. The spec's timestamp id is kept in the frontmatter as `id`.
 */
import { createHash } from "node:crypto";
import * as nodeFs from "node:fs/promises";
import path from "node:path";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { Marked } from "marked";
import { z } from "zod";
import { type LocalPostFrontmatter, type LocalTaxonomy, localPostFrontmatterSchema, localTaxonomySchema } from "../../../schemas/blog.ts";
import { slug as slugSchema } from "../../../schemas/fields.ts";
import {
  type AdminError,
  type AdminFailure,
  type AdminListing,
  type AdminPost,
  type AdminPostInput,
  type FieldErrors,
  LIMITS,
  REQUIRED_FIELDS,
  slugify,
  splitTags,
} from "../../../src/admin/model.ts";

export { slugify } from "../../../src/admin/model.ts";
import { errors as catalogue } from "../../../src/errors/catalogue.ts";
import { texts } from "../../../src/admin/texts.ts";
import { checkLocalBlog, TAXONOMY_FILE } from "../../../src/blog/local-check.ts";
import { postFileOf, postsDirOf } from "../../../src/blog/paths.ts";
import { readFrontMatter } from "../../../src/content-files/frontmatter.ts";
import { serialize, syncDir, TEMP_SUFFIX, type WriterFs, writeFileAtomic } from "../../../src/runtime/content/write.ts";
import { excerptText, summarize } from "../../../src/blog/html.ts";
import { formatLocalPost } from "../../../src/blog/local.ts";

export type { WriterFs } from "../../../src/runtime/content/write.ts";

/** 400 invalid post, 404 no such post, 409 a file the writer cannot use, 412 changed since the version the edit was based on. */
export type WriteResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409 | 412; failure: AdminFailure };

export interface WriterOptions {
  fs?: WriterFs;
  now?: () => Date;
  /** A locale's own posts (content/blog/posts/<locale>/, paths.ts postsDirOf) instead of the default locale's; the same taxonomy. */
  locale?: string;
}

/** Posts without a chosen category go here (spec §9: default category Uncategorized). */
export const UNCATEGORIZED = { slug: "uncategorized", name: "Uncategorized", description: "" } as const;

// ---- Input ---------------------------------------------------------------------------------

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** What the API accepts: the form's fields. Unknown keys are refused. */
export const adminPostInputSchema = z.strictObject({
  title: required("Title", LIMITS.title),
  excerpt: z.string().trim().max(LIMITS.excerpt, { error: `The excerpt must be at most ${LIMITS.excerpt} characters.` }).default(""),
  content: required("Content", LIMITS.content).refine((md) => !/^# /m.test(md), {
    error: "Use ## for section headings: a # heading would be a second page title.",
  }),
  author: required("Author", LIMITS.author),
  category: z.union([z.literal(""), slugSchema], { error: "Choose a category from the list." }).default(""),
  // The form sends a list; a comma-separated string (curl, scripts) is split the same way.
  tags: z
    .union([z.string().transform(splitTags), z.array(z.string().trim())], { error: "Send the tags as a list of names." })
    .default([])
    .transform((tags) => tags.filter((t) => t !== ""))
    .pipe(
      z
        .array(z.string().max(LIMITS.tag, { error: `A tag must be at most ${LIMITS.tag} characters.` }))
        .max(LIMITS.tags, { error: `A post can have at most ${LIMITS.tags} tags.` }),
    ),
  status: z.enum(["draft", "published"], { error: 'The status is "draft" or "published".' }).default("draft"),
  featured: z.boolean({ error: "Featured is true or false." }).default(false),
});

const inputFields = new Set(Object.keys(adminPostInputSchema.shape));

/** A refused post: per-field messages; the spec's notice when a required field is empty. */
function invalid(fields: FieldErrors, missingRequired = false): WriteResult<never> {
  const error: AdminError = missingRequired
    ? catalogue.PostInvalid(texts.notices.validation.description, "Fill in the title, the content and the author.")
    : catalogue.PostInvalid(Object.values(fields)[0] ?? "The post is not valid.", "Correct the marked field and save again.");
  return { ok: false, status: 400, failure: { error, fields } };
}

function parseInput(body: unknown): { ok: true; input: AdminPostInput } | { ok: false; result: WriteResult<never> } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, result: { ok: false, status: 400, failure: { error: catalogue.AdminBadRequest("Send the post as one JSON object.") } } };
  }
  const parsed = adminPostInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, input: parsed.data };
  // Keys come from the request: "constructor" or "__proto__" must not meet Object.prototype.
  const fields: Record<string, string> = Object.create(null);
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      const error = catalogue.AdminBadRequest(`Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`, `A post has only these fields: ${[...inputFields].join(", ")}.`);
      return { ok: false, result: { ok: false, status: 400, failure: { error } } };
    }
    const key = String(issue.path[0] ?? "");
    if (inputFields.has(key) && !Object.hasOwn(fields, key)) fields[key] = issue.message;
  }
  const missing = parsed.error.issues.some(
    (i) => (REQUIRED_FIELDS as readonly PropertyKey[]).includes(i.path[0]!) && (i.code === "invalid_type" || (i.code === "too_small" && i.minimum === 1)),
  );
  return { ok: false, result: invalid(fields as FieldErrors, missing) };
}

// ---- Names and dates -----------------------------------------------------------------------

/** Today as YYYY-MM-DD in the server's time zone (the writer's "today"). */
export const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

// Ids are creation timestamps in ms; two posts created in the same millisecond still differ.
let lastId = 0;
function nextId(now: Date): string {
  lastId = Math.max(now.getTime(), lastId + 1);
  return String(lastId);
}

const version = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

const markdown = new Marked({ gfm: true, async: false });

/** The spec makes the excerpt optional; the site needs one, so an empty one is taken from the first paragraph. */
function excerptFrom(content: string): string {
  const tokens = markdown.lexer(content);
  const first = tokens.find((t) => t.type === "paragraph");
  return summarize(excerptText(markdown.parser(first ? [first] : tokens)), 200);
}

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

// ---- Taxonomy ------------------------------------------------------------------------------

type TermList = "categories" | "tags" | "authors";
interface Addition {
  list: TermList;
  term: { slug: string; name: string; description: string };
}

/**
 * Appends entries to taxonomy.json as text, one line each like the entries already there,
 * so a new tag is a one-line change in git rather than a reformatted file.
 */
export function appendTerms(text: string, additions: readonly Addition[]): string {
  let out = text;
  for (const { list, term } of additions) {
    const array = findNodeAtLocation(parseTree(out)!, [list]);
    if (!array || array.type !== "array") throw new Error(`${TAXONOMY_FILE} has no "${list}" list.`);
    const line = `{ ${Object.entries(term).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")} }`;
    const last = array.children?.at(-1);
    if (last) {
      const lineStart = out.lastIndexOf("\n", last.offset) + 1;
      const indent = out.slice(lineStart, last.offset);
      const at = last.offset + last.length;
      out = `${out.slice(0, at)},${/^\s*$/.test(indent) ? `\n${indent}` : " "}${line}${out.slice(at)}`;
    } else {
      // An empty list: "[]" becomes a list of one, indented one step deeper than its key.
      const keyLineStart = out.lastIndexOf("\n", array.offset) + 1;
      const keyIndent = /^\s*/.exec(out.slice(keyLineStart))![0];
      out = `${out.slice(0, array.offset)}[\n${keyIndent}  ${line}\n${keyIndent}]${out.slice(array.offset + array.length)}`;
    }
  }
  return out;
}

interface Terms {
  author: string;
  category: string;
  tags: string[];
  additions: Addition[];
}

/** Finds each name the form sent in the taxonomy (by name or by slug), or plans its addition. */
function resolveTerms(taxonomy: LocalTaxonomy, input: AdminPostInput): { ok: true; terms: Terms } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const additions: Addition[] = [];
  const find = (list: TermList, name: string) => {
    const slug = slugify(name, 60);
    const lower = name.toLowerCase();
    const known = [...taxonomy[list], ...additions.filter((a) => a.list === list).map((a) => a.term)];
    const hit = known.find((t) => t.name.toLowerCase() === lower || t.slug === slug);
    if (hit) return hit.slug;
    if (slug === "") return undefined;
    additions.push({ list, term: { slug, name, description: "" } });
    return slug;
  };

  const author = find("authors", input.author);
  if (author === undefined) fields.author = "Write the author's name with letters or digits.";

  let category: string = UNCATEGORIZED.slug;
  if (input.category === "" || input.category === UNCATEGORIZED.slug) {
    if (!taxonomy.categories.some((c) => c.slug === UNCATEGORIZED.slug)) additions.push({ list: "categories", term: { ...UNCATEGORIZED } });
  } else if (taxonomy.categories.some((c) => c.slug === input.category)) {
    category = input.category;
  } else {
    fields.category = "Choose a category from the list.";
  }

  const tags: string[] = [];
  for (const name of input.tags) {
    const slug = find("tags", name);
    if (slug === undefined) fields.tags ??= `"${name}" has no letters or digits to make a tag address from.`;
    else if (!tags.includes(slug)) tags.push(slug);
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, terms: { author: author!, category, tags, additions } };
}

// ---- The writer ----------------------------------------------------------------------------

interface StoredPost {
  slug: string;
  text: string;
  frontmatter: LocalPostFrontmatter;
  body: string;
}

/** A post ready to be written: its file's text, and the taxonomy's when it gains terms. */
interface Prepared {
  text: string;
  frontmatter: LocalPostFrontmatter;
  body: string;
  taxonomy: LocalTaxonomy;
  taxonomyText?: string;
}

/** What the form edits of a post (the draft's data in studio mode). */
export const inputOf = (post: AdminPost): AdminPostInput => ({
  title: post.title,
  excerpt: post.excerpt,
  content: post.content,
  author: post.author,
  category: post.category,
  tags: post.tags,
  status: post.status,
  featured: post.featured,
});

const EMPTY_TAXONOMY = `{\n  "categories": [],\n  "tags": [],\n  "authors": []\n}\n`;

const notFound = (): WriteResult<never> => ({
  ok: false,
  status: 404,
  failure: { error: catalogue.PostNotFound() },
});

const conflict = (message: string, hint: string): WriteResult<never> => ({ ok: false, status: 409, failure: { error: catalogue.PostConflict(message, hint) } });

const changedSince = (hint: string): WriteResult<never> => ({
  ok: false,
  status: 412,
  failure: { error: catalogue.PostChangedElsewhere(hint) },
});

export function localBlogWriter(root: string, { fs = nodeFs, now = () => new Date(), locale }: WriterOptions = {}) {
  const postsFolder = postsDirOf(locale);
  const postsDir = path.join(root, postsFolder);
  const postFile = (slug: string) => path.join(root, postFileOf(slug, locale));
  const taxonomyFile = path.join(root, TAXONOMY_FILE);
  const key = path.resolve(root);

  async function readTaxonomy(): Promise<{ ok: true; text: string; data: LocalTaxonomy } | { ok: false }> {
    let text: string;
    try {
      text = await fs.readFile(taxonomyFile, "utf8");
    } catch (error) {
      if (!isCode(error, "ENOENT")) throw error;
      text = EMPTY_TAXONOMY;
    }
    try {
      const parsed = localTaxonomySchema.safeParse(JSON.parse(text));
      return parsed.success ? { ok: true, text, data: parsed.data } : { ok: false };
    } catch {
      return { ok: false };
    }
  }

  /** The post's file, parsed; null when there is none; "broken" when it cannot be read as a post. */
  async function readPost(slug: string): Promise<StoredPost | null | "broken"> {
    let text: string;
    try {
      text = await fs.readFile(postFile(slug), "utf8");
    } catch (error) {
      if (isCode(error, "ENOENT")) return null;
      throw error;
    }
    const parsed = readFrontMatter(text);
    if (!parsed.ok) return "broken";
    const frontmatter = localPostFrontmatterSchema.safeParse(parsed.data);
    return frontmatter.success ? { slug, text, frontmatter: frontmatter.data, body: parsed.body } : "broken";
  }

  function toAdminPost(post: StoredPost, taxonomy: LocalTaxonomy): AdminPost {
    const { frontmatter: fm } = post;
    const name = (list: TermList, slug: string) => taxonomy[list].find((t) => t.slug === slug)?.name ?? slug;
    return {
      slug: post.slug,
      ...(fm.id !== undefined && { id: fm.id }),
      title: fm.title,
      excerpt: fm.excerpt,
      content: post.body.trim(),
      author: name("authors", fm.author),
      category: fm.category === UNCATEGORIZED.slug ? "" : fm.category,
      categoryName: fm.category === UNCATEGORIZED.slug ? UNCATEGORIZED.name : name("categories", fm.category),
      tags: fm.tags.map((t) => name("tags", t)),
      status: fm.status,
      featured: fm.featured ?? false,
      date: fm.date,
      version: version(post.text),
    };
  }

  /** Every readable post (drafts too), newest first, with the categories and the problems the checker finds. */
  async function list(): Promise<AdminListing> {
    const taxonomyRead = await readTaxonomy();
    const taxonomy = taxonomyRead.ok ? taxonomyRead.data : { categories: [], tags: [], authors: [] };
    const files = (await fs.readdir(postsDir).catch(() => [] as string[])).filter((f) => f.endsWith(".md")).sort();
    const posts: AdminPost[] = [];
    for (const file of files) {
      const slug = file.slice(0, -".md".length);
      if (!slugSchema.safeParse(slug).success) continue; // reported by the checker below
      const post = await readPost(slug);
      if (post && post !== "broken") posts.push(toAdminPost(post, taxonomy));
    }
    posts.sort((a, b) => (a.date === b.date ? (b.id ?? "").localeCompare(a.id ?? "") || a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1));
    const { errors } = await checkLocalBlog(root, { drafts: true, ...(locale && { locale }) });
    return {
      posts,
      categories: taxonomy.categories.map((c) => ({ slug: c.slug, name: c.name, count: posts.filter((p) => (p.category || UNCATEGORIZED.slug) === c.slug).length })),
      authors: taxonomy.authors.map((a) => a.name),
      problems: errors.map(({ file, line, column, title, message, hint }) => ({ file, line, column, title, message, hint })),
    };
  }

  /**
   * Checks the post as the content checker will (frontmatter schema, references, body) and
   * plans the taxonomy additions: the file's text and the taxonomy's, nothing written.
   */
  async function prepare(input: AdminPostInput, base: Pick<LocalPostFrontmatter, "date"> & Partial<LocalPostFrontmatter>): Promise<Prepared | WriteResult<never>> {
    const taxonomyRead = await readTaxonomy();
    if (!taxonomyRead.ok) {
      return conflict(`${TAXONOMY_FILE} has errors, so new tags and authors cannot be added to it.`, "Run npm run content:check, fix what it reports in the taxonomy, then save again.");
    }
    const resolved = resolveTerms(taxonomyRead.data, input);
    if (!resolved.ok) return invalid(resolved.fields);
    const { terms } = resolved;

    const excerpt = input.excerpt || excerptFrom(input.content);
    if (excerpt === "") return invalid({ excerpt: "Write an excerpt: the content has no text to take one from." });
    const frontmatter: LocalPostFrontmatter = {
      title: input.title,
      excerpt,
      date: base.date,
      author: terms.author,
      category: terms.category,
      tags: terms.tags,
      ...(base.image !== undefined && { image: base.image }),
      status: input.status,
      ...(input.featured && { featured: true }),
      ...(base.id !== undefined && { id: base.id }),
      // A locale's post names the post it translates: kept as it was.
      ...(base.translationKey !== undefined && { translationKey: base.translationKey }),
    };
    const checked = localPostFrontmatterSchema.safeParse(frontmatter);
    if (!checked.success) {
      const fields: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof FieldErrors;
        if (inputFields.has(field)) fields[field] ??= issue.message;
      }
      return invalid(Object.keys(fields).length > 0 ? fields : { content: checked.error.issues[0]!.message });
    }
    const text = formatLocalPost(checked.data, input.content);
    // The file must read back as exactly this post (YAML quoting, Markdown that looks like frontmatter).
    const reread = readFrontMatter(text);
    const again = reread.ok ? localPostFrontmatterSchema.safeParse(reread.data) : undefined;
    if (!reread.ok || !again?.success || JSON.stringify(again.data) !== JSON.stringify(checked.data) || reread.body.trim() !== input.content.trim()) {
      throw new Error(`The post "${input.title}" did not read back as written.`);
    }
    if (terms.additions.length === 0) return { text, frontmatter: checked.data, body: input.content, taxonomy: taxonomyRead.data };
    const taxonomyText = appendTerms(taxonomyRead.text, terms.additions);
    // Never a taxonomy the checker would refuse.
    return { text, frontmatter: checked.data, body: input.content, taxonomy: localTaxonomySchema.parse(JSON.parse(taxonomyText)), taxonomyText };
  }

  /** Writes a prepared post: the taxonomy's additions first, so a post never names a tag the taxonomy does not have yet. */
  async function save(
    input: AdminPostInput,
    base: Pick<LocalPostFrontmatter, "date"> & Partial<LocalPostFrontmatter>,
    target: { slug: string; exclusive?: boolean } | { newFrom: string },
  ): Promise<WriteResult<AdminPost>> {
    const prepared = await prepare(input, base);
    if ("ok" in prepared) return prepared;
    const { text, frontmatter, taxonomy, taxonomyText } = prepared;
    if (taxonomyText !== undefined) {
      await fs.mkdir(path.dirname(taxonomyFile), { recursive: true });
      await writeFileAtomic(fs, taxonomyFile, taxonomyText);
    }

    let slug: string;
    if ("slug" in target) {
      slug = target.slug;
      await fs.mkdir(postsDir, { recursive: true });
      try {
        await writeFileAtomic(fs, postFile(slug), text, { exclusive: target.exclusive ?? false });
      } catch (error) {
        if (isCode(error, "EEXIST")) return conflict(`${postsFolder}/${slug}.md exists already.`, "Open that post to edit it, or give the new post another title.");
        throw error;
      }
    } else {
      await fs.mkdir(postsDir, { recursive: true });
      slug = await createUnique(target.newFrom, text);
    }
    return { ok: true, value: toAdminPost({ slug, text, frontmatter, body: prepared.body }, taxonomy) };
  }

  /** The form's fields of a post's text, as the admin shows them (names from the taxonomy); undefined when it cannot be read as a post. */
  async function fieldsOf(text: string): Promise<AdminPostInput | undefined> {
    const parsed = readFrontMatter(text);
    const frontmatter = parsed.ok ? localPostFrontmatterSchema.safeParse(parsed.data) : undefined;
    if (!parsed.ok || !frontmatter?.success) return undefined;
    const taxonomyRead = await readTaxonomy();
    const post = toAdminPost({ slug: "", text, frontmatter: frontmatter.data, body: parsed.body }, taxonomyRead.ok ? taxonomyRead.data : { categories: [], tags: [], authors: [] });
    return inputOf(post);
  }

  /** The post's file's text and the taxonomy's (when it gains terms) that `put(slug, body, …)` would write, nothing written. */
  async function wouldWrite(slug: string, body: unknown): Promise<WriteResult<{ text: string; taxonomyText?: string }>> {
    const parsed = parseInput(body);
    if (!parsed.ok) return parsed.result;
    const current = await readPost(slug);
    const prepared = await prepare(parsed.input, current && current !== "broken" ? current.frontmatter : { date: isoDay(now()) });
    if ("ok" in prepared) return prepared;
    return { ok: true, value: { text: prepared.text, ...(prepared.taxonomyText !== undefined && { taxonomyText: prepared.taxonomyText }) } };
  }

  /** Takes the first free name of slug, slug-2, slug-3, ...; an existing file is never replaced. */
  async function createUnique(base: string, text: string): Promise<string> {
    for (let n = 1; n <= 1000; n++) {
      const suffix = n === 1 ? "" : `-${n}`;
      const slug = `${base.slice(0, 80 - suffix.length).replace(/-+$/, "")}${suffix}`;
      try {
        await writeFileAtomic(fs, postFile(slug), text, { exclusive: true });
        return slug;
      } catch (error) {
        if (!isCode(error, "EEXIST")) throw error;
      }
    }
    throw new Error(`No free file name for "${base}" in ${postsFolder}.`);
  }

  return {
    list,

    /** Creates a post: today's date, a timestamp id, a file named after the title. */
    create(body: unknown): Promise<WriteResult<AdminPost>> {
      return serialize(key, async () => {
        const parsed = parseInput(body);
        if (!parsed.ok) return parsed.result;
        const at = now();
        const id = nextId(at);
        return save(parsed.input, { date: isoDay(at), id }, { newFrom: slugify(parsed.input.title) || `post-${id}` });
      });
    },

    /** Replaces what the form edits; keeps the slug, date, id and image. */
    update(slug: string, body: unknown, basedOn?: string): Promise<WriteResult<AdminPost>> {
      if (!slugSchema.safeParse(slug).success) return Promise.resolve(notFound());
      return serialize(key, async () => {
        const current = await readPost(slug);
        if (current === null) return notFound();
        if (current === "broken") return conflict(`${postsFolder}/${slug}.md cannot be read as a post.`, "Fix the file in an editor (npm run content:check shows where), then reload the admin.");
        if (basedOn !== undefined && basedOn !== version(current.text)) {
          return changedSince("Reload the admin to see the latest version, then make your change again.");
        }
        const parsed = parseInput(body);
        if (!parsed.ok) return parsed.result;
        return save(parsed.input, current.frontmatter, { slug });
      });
    },

    /** Deletes a post's file. Its tags, category and author stay in the taxonomy. */
    remove(slug: string, basedOn?: string): Promise<WriteResult<{ slug: string }>> {
      if (!slugSchema.safeParse(slug).success) return Promise.resolve(notFound());
      return serialize(key, async () => {
        const file = postFile(slug);
        let text: string;
        try {
          text = await fs.readFile(file, "utf8");
        } catch (error) {
          if (isCode(error, "ENOENT")) return notFound();
          throw error;
        }
        if (basedOn !== undefined && basedOn !== version(text)) {
          return changedSince("Reload the admin to see the latest version before deleting it.");
        }
        await fs.unlink(file);
        await syncDir(fs, postsDir);
        return { ok: true, value: { slug } };
      });
    },

    /** The form's fields of a post's text (the studio's drafts and changes in words compare these). */
    fieldsOf,

    /** A post's file as it is, if there is one. */
    textOf: (slug: string) => fs.readFile(postFile(slug), "utf8").catch(() => undefined),

    /**
     * The studio's write (server/studio/documents/posts.ts): the post `slug`, from the version
     * `basedOn` of its file, or a new post at exactly that slug when `basedOn` is null.
     */
    put(slug: string, body: unknown, basedOn: string | null): Promise<WriteResult<AdminPost>> {
      if (!slugSchema.safeParse(slug).success) return Promise.resolve(notFound());
      return serialize(key, async () => {
        const parsed = parseInput(body);
        if (!parsed.ok) return parsed.result;
        if (basedOn === null) {
          const at = now();
          return save(parsed.input, { date: isoDay(at), id: nextId(at) }, { slug, exclusive: true });
        }
        const current = await readPost(slug);
        if (current === null) return notFound();
        if (current === "broken") return conflict(`${postsFolder}/${slug}.md cannot be read as a post.`, "Fix the file in an editor (npm run content:check shows where), then reload the admin.");
        if (basedOn !== version(current.text)) return changedSince("Reload the admin to see the latest version, then make your change again.");
        return save(parsed.input, current.frontmatter, { slug });
      });
    },

    /** What `put` would refuse in the post itself (its fields, the taxonomy), nothing written. */
    async validate(slug: string, body: unknown): Promise<WriteResult<null>> {
      const written = await wouldWrite(slug, body);
      return written.ok ? { ok: true, value: null } : written;
    },

    /** The texts `put` would write (the post's file, the taxonomy's when it gains terms), nothing written: a studio preview's. */
    wouldWrite,

    /** Removes temporary files a crash left behind (older than `olderThanMs`, so a write in progress is safe). */
    async removeStaleTemps(olderThanMs = 60_000): Promise<string[]> {
      const removed: string[] = [];
      for (const dir of [postsDir, path.dirname(taxonomyFile)]) {
        const names = await fs.readdir(dir).catch(() => [] as string[]);
        for (const name of names) {
          if (!name.startsWith(".") || !name.endsWith(TEMP_SUFFIX)) continue;
          const file = path.join(dir, name);
          const stat = await fs.stat(file).catch(() => undefined);
          if (stat && now().getTime() - stat.mtimeMs >= olderThanMs) {
            await fs.rm(file, { force: true });
            removed.push(path.relative(root, file));
          }
        }
      }
      return removed;
    },
  };
}

export type LocalBlogWriter = ReturnType<typeof localBlogWriter>;
