/**
 * The studio home's one call, GET /api/studio/home (server/studio/home-api.ts): what waits for
 * the person signed in, each section as the screen lists it. Documents are named by their title
 * and path (`NamedDocument`); `file` is only for the link into the editor, never shown.
 */
import { z } from "zod";
import { reviewViewSchema } from "./studio-review.ts";

export const namedDocumentSchema = z.object({
  file: z.string(),
  /** What the editor opens it as: a page, a collection, a site-wide file's translation, a blog post. */
  kind: z.enum(["page", "collection", "section", "template", "site", "taxonomy", "post"]),
  /** The page's or collection's name in the editor's address (`?page=about`), the post's slug. */
  name: z.string(),
  /** The page's title, a post's title; empty for a collection (its name says it). */
  title: z.string(),
  /** The page's address on the site (/about); empty for a collection. */
  path: z.string(),
  /** A translation's locale. */
  locale: z.string().optional(),
});
export type NamedDocument = z.infer<typeof namedDocumentSchema>;

const person = z.object({ name: z.string() });

export const homeSchema = z.object({
  /** Contributors: the drafts they changed last; editors and admins: everyone's. Newest first. */
  drafts: z.array(z.object({ document: namedDocumentSchema, by: person, at: z.string(), mine: z.boolean() })),
  /** Pending scheduled publishes, soonest first; null for contributors, who do not schedule. */
  schedules: z.array(z.object({ id: z.string(), document: namedDocumentSchema, at: z.string(), by: person })).nullable(),
  /** Waiting reviews, then recent answers (editors and admins: everyone's; contributors: their own). */
  reviews: z.array(reviewViewSchema.extend({ document: namedDocumentSchema })),
  /** The newest submissions, for editors and admins (null for contributors, who cannot read them). */
  submissions: z.object({ total: z.number(), recent: z.array(z.object({ id: z.string(), form: z.string(), email: z.string(), at: z.string() })) }).nullable(),
  /** Pages and collections not wholly translated into a locale: the checker's figures, as the page list shows them. */
  translations: z.array(z.object({ document: namedDocumentSchema, locale: z.string(), localeName: z.string(), translated: z.number(), total: z.number(), stale: z.number().describe("Texts made from an English text since changed, still shown") })),
});
export type Home = z.infer<typeof homeSchema>;
