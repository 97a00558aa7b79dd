/**
 * Unsaved work survives a reload of the tab: each file's draft is kept (by the studio's server,
 * ./studio-store.ts) until it is published or discarded, with the version of the file it
 * started from (null for a page not written yet), so a draft of an older version is never saved
 * over a newer file: it opens on the version it began from, and its publish is merged with what
 * was published since (./merge.ts).
 */
import type { StudioDraft } from "../model.ts";

export interface StoredDraft {
  file: string;
  version: string | null;
  data: unknown;
  /** The data of `version`, when the keeper knows it and the file has moved on since (the studio's server finds it in the file's history). */
  baseData?: unknown;
  /** The studio's: the shared draft's revision (server/studio/documents/drafts.ts). */
  revision?: string;
  at: number;
}

/**
 * How an open editor keeps a draft others type in too in step with them (the studio's keeper,
 * ./studio-store.ts): each keep names the draft's revision the editor's data includes, and a
 * keep refused because someone changed the draft since hands the draft over, to be merged.
 */
export interface DraftLink {
  /** The shared draft's revision the editor's data includes (null: none), read at each send. */
  over(): string | null;
  /** The draft was kept: it is at `revision` now, holding `data`. */
  kept(revision: string, data: unknown): void;
  /** Not kept: someone changed the draft since; this is it now. */
  changed(draft: StudioDraft): void;
}

/** Where unsaved work is kept between visits: the studio's server (./studio-store.ts). */
export interface DraftKeeper {
  get(file: string): StoredDraft | undefined;
  /** Keeps the draft of `file` that started from `version` (null: a document not written yet). */
  put(file: string, version: string | null, data: unknown): void;
  remove(file: string): void;
  /** Links an open editor to its file's shared draft; answers the unlink. */
  link(file: string, link: DraftLink): () => void;
}
