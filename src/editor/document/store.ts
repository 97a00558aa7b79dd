/**
 * Where a document comes from and goes to: the editor's save target. The editor's state
 * (./session.ts) knows only this interface; its implementation is the studio's server drafts
 * and publish (./studio-store.ts), and tests give it others, so what a save does is decided
 * without the editor.
 *
 * Every answer is a value, never a throw. A version is whatever the target uses to tell
 * one state of the document from another (a hash of the file's text today); a save names the
 * version its draft started from (null: a document not written yet), and the target refuses
 * it as a conflict when it holds another one, so nothing is overwritten silently.
 */
import type { PublishOverride } from "../../../schemas/studio-publish.ts";
import type { ContentError } from "../../content-files/errors.ts";
import { errors } from "../../errors/catalogue.ts";
import type { CheckedDraft, EditorFailure, TranslationState } from "../model.ts";
import type { DraftKeeper } from "./drafts.ts";

/** A document as the target holds it. */
export interface StoredDocument {
  /** Its value; undefined when it cannot be read as JSON (then `errors` says where). */
  data: unknown;
  version: string;
  /** Every error of the site as the target holds it. */
  errors: ContentError[];
  /** A translation file's: its source's texts and their states. */
  translation?: TranslationState;
}

export type LoadOutcome =
  | { kind: "loaded"; document: StoredDocument }
  /** The target has no such document (deleted, renamed, never written). */
  | { kind: "missing"; failure: EditorFailure }
  | { kind: "failed"; failure: EditorFailure };

export type SaveOutcome =
  | { kind: "saved"; version: string }
  /** The target holds another version than the draft started from: nothing was written. */
  | { kind: "conflict"; failure: EditorFailure }
  /** Refused for another reason; `failure.errors` are the content errors behind it, if any. */
  | { kind: "refused"; failure: EditorFailure };

/** Studio only: an admin publishing a page the publish gate stopped, with the reason (the audit log keeps it). */
export interface SaveOptions {
  override?: PublishOverride;
}

export type RemoveOutcome = { kind: "removed" } | { kind: "refused"; failure: EditorFailure };

export interface DocumentStore {
  load(file: string): Promise<LoadOutcome>;
  /** Checks a draft with the whole site as the target holds it; undefined when the check could not run. */
  check(file: string, data: unknown): Promise<CheckedDraft | undefined>;
  /** Writes a draft that started from `base` (null: the document is new). */
  save(file: string, data: unknown, base: string | null, options?: SaveOptions): Promise<SaveOutcome>;
  remove(file: string, version: string): Promise<RemoveOutcome>;
}

/** Where a document is saved, and where its unsaved draft is kept meanwhile. */
export interface DocumentStorage {
  store: DocumentStore;
  keeper: DraftKeeper;
}
