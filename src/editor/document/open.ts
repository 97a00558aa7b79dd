/**
 * Opening a page or a collection: from its save target, or from the unsaved draft left in it
 * last time. A new page lives only as a draft until its first save (which the target refuses
 * if a file appeared there meanwhile).
 */
import { type CollectionName, collectionNames } from "../../../schemas/collections/index.ts";
import type { ContentError } from "../../content-files/errors.ts";
import type { EditorFailure, TranslationState } from "../model.ts";
import { deepEqual } from "./equal.ts";
import type { DocumentKind } from "./reducer.ts";
import type { StoredDraft } from "./drafts.ts";
import type { DocumentStorage } from "./store.ts";
import { SITE_SETTINGS } from "../../../schemas/site.ts";

export interface OpenedFile {
  file: string;
  kind: DocumentKind;
  /** A page's name (content/pages/{name}.json), a section's (content/sections/{name}.json) or a collection's. */
  name: string;
  /** The draft to edit: the target's value, or an unsaved draft restored over it. */
  data: unknown;
  /** The value the target holds, which the draft is unsaved against. */
  saved: unknown;
  /** The version the draft starts from; null: not written yet. */
  version: string | null;
  errors: ContentError[];
  /** The data is an unsaved draft, not the target's. */
  restored: boolean;
  /** A translation file's: its source's texts and their states, as the target holds them. */
  translation?: TranslationState;
}

export type OpenOutcome =
  | { state: "loaded"; value: OpenedFile }
  | { state: "missing" }
  | { state: "failed"; failure: EditorFailure }
  /** Not readable as JSON: its errors say where. */
  | { state: "unreadable"; failure: OpenedFile };

export const fileOf = (kind: DocumentKind, name: string) =>
  kind === "settings" ? SITE_SETTINGS : `content/${{ page: "pages", section: "sections", template: "page-templates", collection: "collections" }[kind]}/${name}.json`;

export async function openDocument(kind: DocumentKind, name: string, { store, keeper }: DocumentStorage): Promise<OpenOutcome> {
  if (kind === "collection" && !collectionNames.includes(name as CollectionName)) return { state: "missing" };
  const file = fileOf(kind, name);
  const newPage = (draft: StoredDraft | undefined): OpenOutcome | undefined =>
    draft?.version === null ? { state: "loaded", value: { file, kind, name, data: draft.data, saved: undefined, version: null, errors: [], restored: false } } : undefined;
  // A new page this keeper holds opens without asking for a file it knows is not there.
  const known = newPage(keeper.get(file));
  if (known) return known;
  // Then loaded before the draft is asked for: the studio's keeper learns the server's draft from the load (./studio-store.ts).
  const loaded = await store.load(file);
  const draft = keeper.get(file);
  const fromServer = newPage(draft);
  if (fromServer) return fromServer;
  if (loaded.kind === "missing") return { state: "missing" };
  if (loaded.kind === "failed") return { state: "failed", failure: loaded.failure };
  const { data, version, errors } = loaded.document;
  const base = { file, kind, name, version, errors } as const;
  if (data === undefined) return { state: "unreadable", failure: { ...base, data: undefined, saved: undefined, restored: false } };
  const restore = draft !== undefined && !deepEqual(draft.data, data);
  if (!restore) return { state: "loaded", value: { ...base, data, saved: data, restored: false } };
  // A draft of an older version stays on it: publishing it then merges what was published since,
  // field by field from that version's data (unknown: every field both changed is the person's to choose).
  const stale = draft.version !== version;
  return { state: "loaded", value: { ...base, data: draft.data, restored: true, ...(stale ? { version: draft.version, saved: draft.baseData } : { saved: data }) } };
}
