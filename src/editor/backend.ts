/**
 * Where the page editor's data comes from and goes to: the studio's API (/api/studio, on a
 * server with STUDIO=1 and in local mode alike): it reads the documents, keeps drafts on the
 * server as one types, and publishes. The screens know only this shape.
 */
import type { Me } from "../studio/client.ts";
import type { DocumentStorage } from "./document/store.ts";
import { type DraftSaving, studioStorage } from "./document/studio-store.ts";
import type { DocumentListing, DraftMark, EditorContext } from "./model.ts";
import { type ApiResult, type StudioApi, studioApi } from "./studio-api.ts";

/** The listing, each file with its studio draft's mark when there is one. */
export type MarkedListing = DocumentListing & { marks: Map<string, DraftMark> };

export interface EditorBackend {
  context(): Promise<ApiResult<EditorContext>>;
  documents(): Promise<ApiResult<MarkedListing>>;
  storage: DocumentStorage;
  /** The studio's API, whether the person signed in may publish (editors and admins), and where each draft stands. */
  studio: { api: StudioApi; canPublish: boolean; /** Admins may publish a page the publish gate stopped, with a reason. */ canOverride: boolean; /** Admins maintain the page templates (server/studio/guard.ts refuses anyone else's change). */ canMaintainTemplates: boolean; flush: () => Promise<void>; watchDraft: (file: string, listener: (saving: DraftSaving) => void) => () => void };
}

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
    studio: { api, canPublish: me.user.role === "editor" || me.user.role === "admin", canOverride: me.user.role === "admin", canMaintainTemplates: me.user.role === "admin", flush: storage.flush, watchDraft: storage.watchDraft },
  };
}
