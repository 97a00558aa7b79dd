/**
 * The studio home's one call under /api/studio, for anyone signed in:
 *
 *   GET /home   contributor → Home (schemas/studio-home.ts): drafts, scheduled publishes, reviews,
 *               recent submissions and unfinished translations, as far as the person's role may see them
 *
 * Nothing here is worked out twice: drafts, schedules, reviews and submissions are read through
 * their own modules, and the translation figures are the editor's listing's (the checker's
 * completeness, src/editor/server/store.ts), the same the page list shows. Every document is
 * named by its title and path (`NamedDocument`), as people know it.
 */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Home, NamedDocument } from "../../schemas/studio-home.ts";
import { SITE_SETTINGS } from "../../schemas/site.ts";
import { parseTranslationFile } from "../../schemas/translations.ts";
import type { DocumentListing } from "../../src/editor/model.ts";
import { isSectionFile, isTemplateFile } from "../../src/editor/server/store.ts";
import { collectionFile } from "../../src/runtime/content/read.ts";
import { sectionIdOf } from "../../src/runtime/sections.ts";
import type { Db } from "../storage/database.ts";
import { countByForm, recentSubmissions } from "../storage/submissions.ts";
import { signedIn } from "./answers.ts";
import { isPostFile, slugOf, type StudioDocuments } from "./documents/kinds.ts";
import { mayUse } from "./roles.ts";
import { listReviews } from "./reviews.ts";
import { listSchedules } from "./schedules.ts";

/** How many of the newest submissions the home lists. */
export const HOME_SUBMISSIONS = 5;
/** How many drafts the home lists, newest first (the page list has them all). */
export const HOME_DRAFTS = 50;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Names documents as people know them: a page by its title and path (a page not written yet by
 * its draft's), a collection by its name, a translation as its source in a locale, a blog post by
 * its title and address. `drafted`: the draft's data, for documents the listing does not hold.
 */
export function documentNamer(listing: DocumentListing) {
  const pages = new Map(listing.pages.map((p) => [p.file, p]));
  const collections = new Map(listing.collections.map((c) => [c.file, c.name as string]));
  const name = (file: string, drafted?: unknown): NamedDocument => {
    const translation = parseTranslationFile(file);
    if (translation) {
      const { target, locale } = translation;
      if (target.kind === "site" || target.kind === "taxonomy") return { file, kind: target.kind, name: "", title: "", path: "", locale };
      return { ...name(target.file), file, locale };
    }
    if (file === SITE_SETTINGS) return { file, kind: "site", name: "", title: "", path: "" };
    const page = pages.get(file);
    if (page) return { file, kind: "page", name: path.posix.basename(file, ".json"), title: page.title, path: page.path };
    const collection = collections.get(file);
    if (collection) return { file, kind: "collection", name: collection, title: "", path: "" };
    const data = (drafted ?? {}) as { path?: unknown; title?: unknown; name?: unknown; meta?: { title?: unknown }; template?: { name?: unknown } };
    if (isTemplateFile(file)) return { file, kind: "template", name: path.posix.basename(file, ".json"), title: text(data.template?.name), path: "" };
    if (isSectionFile(file)) return { file, kind: "section", name: sectionIdOf(file), title: text(data.name), path: "" };
    if (isPostFile(file)) return { file, kind: "post", name: slugOf(file), title: text(data.title), path: `/blog/${slugOf(file)}` };
    return { file, kind: "page", name: path.posix.basename(file, ".json"), title: text(data.meta?.title), path: text(data.path) };
  };
  return name;
}

/** Drafts, newest first: who changed each last, and its data where the listing cannot name it. */
async function draftsFor(db: Db, listing: DocumentListing, viewerId: string, everyone: boolean) {
  const listed = new Set([...listing.pages.map((p) => p.file), ...listing.collections.map((c) => c.file)]);
  let query = db
    .selectFrom("studio_drafts")
    .innerJoin("studio_users", "studio_users.id", "studio_drafts.updated_by")
    .select(["studio_drafts.file", "studio_drafts.updated_at", "studio_drafts.updated_by", "studio_users.name"])
    // Images' drafts are the Media screen's (server/studio/media/library.ts).
    .where("studio_drafts.file", "not like", "content/media/%")
    .where("studio_drafts.file", "not like", "content/translations/%/media/%")
    .orderBy("studio_drafts.updated_at", "desc")
    .limit(HOME_DRAFTS);
  if (!everyone) query = query.where("studio_drafts.updated_by", "=", viewerId);
  const rows = await query.execute();
  const unlisted = rows.map((row) => row.file).filter((file) => !listed.has(file) && !parseTranslationFile(file));
  const data = new Map<string, unknown>();
  if (unlisted.length > 0) {
    for (const row of await db.selectFrom("studio_drafts").select(["file", "data"]).where("file", "in", unlisted).execute()) data.set(row.file, JSON.parse(row.data));
  }
  return { rows, data };
}

export async function homeApi(app: FastifyInstance, { documents }: { documents: StudioDocuments }) {
  const db = app.storage.db;
  const { store } = documents;

  app.get("/home", { config: { least: "contributor" } }, async (request) => {
    const { user } = signedIn(request);
    const editor = mayUse(user.role, "editor");
    // One after the other: the first reads and checks the content (cached until a file changes), the second reuses it.
    const listing = await store.list();
    const context = await store.context();
    const name = documentNamer(listing);
    const [drafted, schedules, reviews, submissions] = await Promise.all([
      draftsFor(db, listing, user.id, editor),
      editor ? listSchedules(db) : undefined,
      listReviews(db, user),
      editor ? Promise.all([recentSubmissions(db, HOME_SUBMISSIONS), countByForm(db)]) : undefined,
    ]);
    const localeName = (code: string) => context.locales.find((l) => l.code === code)?.name ?? code;
    const sources = [...listing.pages, ...listing.collections.map((c) => ({ ...c, file: collectionFile(c.name) }))];
    return {
      drafts: drafted.rows.map((row) => ({ document: name(row.file, drafted.data.get(row.file)), by: { name: row.name }, at: row.updated_at, mine: row.updated_by === user.id })),
      schedules: schedules ? schedules.filter((s) => s.state === "pending").map((s) => ({ id: s.id, document: name(s.file), at: s.at, by: s.by })) : null,
      reviews: reviews.map((review) => ({ ...review, document: name(review.file) })),
      submissions: submissions ? { total: Object.values(submissions[1]).reduce((sum, n) => sum + n, 0), recent: submissions[0] } : null,
      translations: sources.flatMap((source) =>
        source.progress
          .filter((p) => p.total > 0 && p.translated < p.total)
          .map((p) => ({ document: name(source.file), locale: p.locale, localeName: localeName(p.locale), translated: p.translated, total: p.total, stale: p.stale })),
      ),
    } satisfies Home;
  });
}
