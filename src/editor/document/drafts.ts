/**
 * Unsaved work survives a reload of the tab: each file's draft is kept in the browser's
 * localStorage until it is saved or discarded, with the version of the file it started from
 * (null for a page not written yet), so a draft of an older version is never saved over a
 * newer file: it opens on the version it began from, and its publish is merged with what was
 * published since (./merge.ts).
 */
import type { StudioDraft } from "../model.ts";

const PREFIX = "page-editor:draft:";

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

const storage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

export const drafts = {
  get(file: string): StoredDraft | undefined {
    try {
      const text = storage()?.getItem(PREFIX + file);
      return text ? (JSON.parse(text) as StoredDraft) : undefined;
    } catch {
      return undefined;
    }
  },
  put(file: string, version: string | null, data: unknown) {
    try {
      storage()?.setItem(PREFIX + file, JSON.stringify({ file, version, data, at: Date.now() } satisfies StoredDraft));
    } catch {
      // Storage full or refused: the draft lives on in the tab; leaving still asks first.
    }
  },
  remove(file: string) {
    storage()?.removeItem(PREFIX + file);
  },
  /** Drafts of pages that are not written yet, to list beside the saved ones. */
  newPages(): StoredDraft[] {
    const s = storage();
    if (!s) return [];
    return Object.keys(s)
      .filter((k) => k.startsWith(PREFIX))
      .map((k) => drafts.get(k.slice(PREFIX.length)))
      // A translation not begun is a new file too, but not a page.
      .filter((d): d is StoredDraft => d !== undefined && d.version === null && d.file.startsWith("content/pages/"));
  },
};

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

/** Where unsaved work is kept between visits: this browser's storage in local mode, the studio's server in studio mode. */
export type DraftKeeper = Pick<typeof drafts, "get" | "put" | "remove"> & {
  /** Links an open editor to its file's shared draft; answers the unlink. Local drafts are one person's: no link. */
  link?(file: string, link: DraftLink): () => void;
};
