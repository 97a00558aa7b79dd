/**
 * Where the page editor's data comes from and goes to, by mode: local mode (ADMIN=1) reads and
 * writes the content files through /api/editor and keeps unsaved drafts in this browser;
 * studio mode (STUDIO=1, signed in) reads through /api/studio, keeps drafts on the server as
 * one types, and publishes. The screens know only this shape.
 */
import type { Me } from "../studio/client.ts";
import { type ApiResult, editorApi } from "./api.ts";
import { drafts } from "./document/drafts.ts";
import { localFiles } from "./document/local-store.ts";
import type { DocumentStorage } from "./document/store.ts";
import { type DraftSaving, studioStorage } from "./document/studio-store.ts";
import type { DocumentListing, DraftMark, EditorContext } from "./model.ts";
import { type StudioApi, studioApi } from "./studio-api.ts";

/** The listing, each file with its studio draft's mark when there is one. */
export type MarkedListing = DocumentListing & { marks: Map<string, DraftMark> };

export interface EditorBackend {
  context(): Promise<ApiResult<EditorContext>>;
  documents(): Promise<ApiResult<MarkedListing>>;
  storage: DocumentStorage;
  /** Studio mode: its API, whether the person signed in may publish (editors and admins), and where each draft stands. */
  studio?: { api: StudioApi; canPublish: boolean; /** Admins may publish a page the publish gate stopped, with a reason. */ canOverride: boolean; flush: () => Promise<void>; watchDraft: (file: string, listener: (saving: DraftSaving) => void) => () => void };
}

export const localBackend: EditorBackend = {
  context: editorApi.context,
  async documents() {
    const result = await editorApi.documents();
    return result.ok ? { ok: true, data: { ...result.data, marks: new Map() } } : result;
  },
  storage: { store: localFiles, keeper: drafts },
};

export function studioBackend(me: Me): EditorBackend {
  const api = studioApi();
  const storage = studioStorage(api);
  return {
    context: api.context,
    async documents() {
      const result = await api.documents();
      if (!result.ok) return result;
      const { pages, collections, siteWide, newPages } = result.data;
      const marks = new Map<string, DraftMark>();
      for (const entry of [...pages, ...collections, ...newPages]) if (entry.draft) marks.set(entry.file, entry.draft);
      return { ok: true, data: { pages, collections, siteWide, marks } };
    },
    storage,
    studio: { api, canPublish: me.user.role === "editor" || me.user.role === "admin", canOverride: me.user.role === "admin", flush: storage.flush, watchDraft: storage.watchDraft },
  };
}
