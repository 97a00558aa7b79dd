/**
 * The page editor's shapes, shared by the browser (src/editor/*.tsx) and the studio's API
 * (server/studio/documents-api.ts, ./server/store.ts). Types only, and no Node imports.
 */
import type { BlogIndex } from "../../schemas/blog.ts";
import type { CollectionName, Collections } from "../../schemas/collections/index.ts";
import type { SiteConfig } from "../../schemas/site.ts";
import type { ErrorData } from "../errors/catalogue.ts";
import type { ContentError } from "../content-files/errors.ts";
import type { Completeness } from "../runtime/content/translations-check.ts";
import type { Locale } from "../../schemas/locales.ts";
import type { PageTemplate } from "../../schemas/page.ts";
import type { SiteWideKind } from "../../schemas/translations.ts";
import type { MediaAsset } from "../page/media/variants.ts";

/** Where a value is in a JSON document: its keys and indexes from the top (document/paths.ts). */
export type Path = readonly (string | number)[];

/** The translated texts restoring a version removes, by locale (texts the version's translation did not have); `all`: it had no translation in that locale at all. */
export type TranslationsRemoved = { locale: string; texts: number; all: boolean }[];

/** One change between two versions of a document, in words (document/changes.ts finds them). */
export interface FieldChange {
  /** Where, in the document. */
  path: Path;
  /** The value before; undefined when it was added. */
  before: unknown;
  /** The value after; undefined when it was removed. */
  after: unknown;
  words: string;
}

/**
 * A file's history as a marketer reads it (GET /api/studio/history): one person's consecutive
 * publishes in one sitting are one edit, with what they changed together in words. The commits
 * stay in `commits`, for developers.
 */
export interface HistoryEdit {
  /** The edit's last commit: restoring it brings the file back as it was after the edit. */
  rev: string;
  author: { name: string; email: string };
  /** When its first and its last publish were made (ISO 8601). */
  from: string;
  to: string;
  /** From the version before the edit to its last one; `created`: the file began with it. */
  changes: FieldChange[];
  created: boolean;
  /** A restore of an earlier version: an edit of its own, never grouped with others. */
  restored: boolean;
  /** Its commits, newest first: what developers read in git. */
  commits: { rev: string; date: string; subject: string }[];
}

export interface PageRef {
  file: string;
  path: string;
  title: string;
  /** How many errors the checker reports in the file. */
  errors: number;
  /** How much of it is translated into each locale but the default, as the checker counts it. */
  progress: TranslationProgress[];
}

export interface CollectionRef {
  name: CollectionName;
  file: string;
  errors: number;
  progress: TranslationProgress[];
}

/** A source file's translation into one locale, in figures. */
export type TranslationProgress = Pick<Completeness, "locale" | "translated" | "total" | "percent"> & {
  /** Its texts made from an English text since changed: still published, so listed. */
  stale: number;
};

/**
 * A translation file's source in its locale, as the checker found it: the figures and each
 * text's state (missing, stale…), slot, source text and hash. What the translation view shows.
 */
export type TranslationState = Completeness;

/** A site-wide file's translations (schemas/translations.ts siteWideSources): edited per locale, its source not here. */
export interface SiteWideRef {
  kind: SiteWideKind;
  progress: TranslationProgress[];
}

export interface DocumentListing {
  pages: PageRef[];
  collections: CollectionRef[];
  /** Those with texts to translate and a locale to translate them into. */
  siteWide: SiteWideRef[];
}

export interface OpenDocument {
  file: string;
  text: string;
  /** The file's value; undefined when it is not valid JSON (then `errors` says where). */
  data: unknown;
  /** A hash of the text: a save based on another version is refused. */
  version: string;
  /** Every error of the site as it is on disk. */
  errors: ContentError[];
  /** A translation file's: its source's texts and their states. */
  translation?: TranslationState;
}

export interface CheckedDraft {
  /** Every error of the site with the draft in place. */
  errors: ContentError[];
  /** Those that the site on disk does not have. */
  introduced: ContentError[];
  /** A translation file's draft: its source's texts and their states with the draft in place. */
  translation?: TranslationState;
}

/** A page template as New page offers it: a new page starts as its meta and blocks. */
export interface PageTemplateRef {
  file: string;
  name: string;
  description: string;
  page: Pick<PageTemplate, "meta" | "blocks">;
}

/** A page as a marketer names it, where a section is placed: its file, path and title. */
export interface PagePlace {
  file: string;
  path: string;
  title: string;
}

/** A reusable section (content/sections/<id>.json) as the studio shows it: its blocks (for previews and Detach), and where it is placed. */
export interface SectionRef {
  file: string;
  id: string;
  name: string;
  /** As written: a detached copy keeps them so (defaults unwritten). */
  blocks: unknown[];
  /** The pages placing it, by path. */
  usedOn: PagePlace[];
  errors: number;
  progress: TranslationProgress[];
}

/** What previews and pickers need: the site's checked content and its routes. */
export interface EditorContext {
  site: SiteConfig;
  collections: Collections;
  blog: BlogIndex;
  routes: string[];
  redirects: string[];
  /** Every page file's value, by file (for previews of collections and copies of pages). */
  pages: Record<string, unknown>;
  /** The page templates New page offers (content/page-templates/), the valid ones, by name. */
  templates: PageTemplateRef[];
  /** The reusable sections, by name: valid or not (the reference picker, the preview of a page placing one, the Sections list). */
  sections: SectionRef[];
  /** The site's locales, the default first (the editor's locale switcher). */
  locales: Pick<Locale, "code" | "name" | "direction">[];
  /** The media library's images, for image fields' pickers (by name and alt text) and the preview (their facts); in the studio, the new ones too. */
  media?: LibraryImage[];
}

/** An image as the editor knows it: what the site renders of it, and `unpublished` when it is new (published with the page that places it). */
export type LibraryImage = MediaAsset & { unpublished?: boolean };

/** The API's answer to a refused request. */
export interface EditorFailure {
  error: ErrorData;
  /** The content errors behind the refusal (a save with errors, a delete that would break links). */
  errors?: ContentError[];
  /** A studio publish refused because the file changed since the draft began: what changed, in words. */
  changes?: FieldChange[];
  /** A draft not kept because someone else changed it meanwhile (409 StudioDraftChanged): the draft as it is now. */
  draft?: StudioDraft;
}

// ---- The studio's documents (server/studio/documents-api.ts) ----

export interface StudioAuthor {
  name: string;
}

/** What the listing says of a file's draft: who changed it last, and when. */
export interface DraftMark {
  by: StudioAuthor;
  at: string;
}

/** A draft's mark, with its revision: what the next keep of it names as the draft it was made over. */
export interface KeptDraft extends DraftMark {
  revision: string;
}

/** A file's draft kept by the studio. */
export interface StudioDraft extends KeptDraft {
  data: unknown;
  /** The file's version the draft started from; null for a page not written yet. */
  base: string | null;
}

/** The studio's listing: the editor's, with each file's draft if it has one. */
export interface StudioListing {
  pages: (PageRef & { draft: DraftMark | null })[];
  collections: (CollectionRef & { draft: DraftMark | null })[];
  siteWide: SiteWideRef[];
  /** Drafts of pages not written yet: they have no file. */
  newPages: { file: string; draft: DraftMark }[];
}

/** A file opened in the studio: as the local editor opens it, with its draft and who else has it open. */
export interface StudioDocument extends OpenDocument {
  /** `baseData`: the data of the version the draft began from, when the file has moved on since and that version is in its history. */
  draft: (StudioDraft & { baseData?: unknown }) | null;
  editors: StudioAuthor[];
}

export interface PreviewLinkCreated {
  id: string;
  /** `/admin/share/<token>`: the token is shown once, here. */
  url: string;
  expiresAt: string;
}

export interface PreviewLinkView {
  id: string;
  by: StudioAuthor;
  createdAt: string;
  expiresAt: string;
}
