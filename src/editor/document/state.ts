/**
 * The state of one open document, as plain data and pure transitions: the draft with its undo
 * history and selection (./reducer.ts), the checker's last answer and the draft it was for,
 * whether a check or a save is under way, and whether the last save met a conflict. What
 * follows from it (dirty, the errors by field, the status) is computed here too, so all of it
 * is tested without a browser; ./session.ts runs the checks and saves that drive it.
 */
import type { ContentError } from "../../content-files/errors.ts";
import type { CheckedDraft } from "../model.ts";
import { deepEqual } from "./equal.ts";
import { isWithin } from "./paths.ts";
import { type DocumentKind, type EditorAction, editorReducer, type EditorState, entriesKey, initialState } from "./reducer.ts";
import type { SharedChange } from "./shared-draft.ts";
import type { StoredDocument } from "./store.ts";

/** The checker's last answer, and the draft it was for (undefined: the draft was never checked). */
export interface CheckState extends CheckedDraft {
  for: unknown;
}

export interface DocumentState {
  file: string;
  editor: EditorState;
  check: CheckState;
  checking: boolean;
  saving: boolean;
  /** The last save was refused because the target holds another version: the draft is kept. */
  conflict: boolean;
  /** The draft was restored from an unsaved one rather than read from the target. */
  restored: boolean;
  /** What others changed in the shared draft since it was opened, merged into it (./shared-draft.ts). */
  sharedChanges: readonly SharedChange[];
}

export type DocumentAction =
  | EditorAction
  | { type: "check-started" }
  /** A check's answer; none when it could not run. */
  | { type: "check-ended"; draft: unknown; result?: CheckedDraft }
  | { type: "save-started" }
  | { type: "save-ended"; outcome: { kind: "saved"; data: unknown; version: string } | { kind: "conflict" } | { kind: "refused"; draft: unknown; errors?: ContentError[] } }
  | { type: "conflict-dismissed" }
  | { type: "shared-changed"; changes: readonly SharedChange[] }
  | { type: "reloaded"; kind: DocumentKind; document: StoredDocument };

export function documentReducer(state: DocumentState, action: DocumentAction): DocumentState {
  switch (action.type) {
    case "check-started":
      return state.checking ? state : { ...state, checking: true };
    case "check-ended":
      return { ...state, checking: false, check: action.result ? { ...action.result, for: action.draft } : state.check };
    case "save-started":
      return { ...state, saving: true };
    case "save-ended": {
      const { outcome } = action;
      const ended = { ...state, saving: false };
      if (outcome.kind === "saved") return { ...ended, restored: false, editor: editorReducer(state.editor, { type: "saved", data: outcome.data, version: outcome.version }) };
      if (outcome.kind === "conflict") return { ...ended, conflict: true };
      // The target's errors replace the checker's: they are the ones that refused the save.
      return outcome.errors ? { ...ended, check: { errors: outcome.errors, introduced: outcome.errors, for: outcome.draft } } : ended;
    }
    case "conflict-dismissed":
      return { ...state, conflict: false };
    case "shared-changed":
      return action.changes.length === 0 ? state : { ...state, sharedChanges: [...state.sharedChanges, ...action.changes] };
    case "reloaded": {
      const { data, version, errors, translation } = action.document;
      return { ...state, editor: initialState(action.kind, data, { data, version }), check: { errors, introduced: [], ...(translation && { translation }), for: data }, conflict: false, restored: false };
    }
    default: {
      const editor = editorReducer(state.editor, action);
      // Nothing to undo, a move past the end: no new state, so nobody is told of a change.
      return editor === state.editor ? state : { ...state, editor };
    }
  }
}

/** The draft differs from what is saved, or was never saved. */
export const isDirty = ({ history, saved }: EditorState) => !deepEqual(history.present.data, saved.data) || saved.version === null;

/** The checker's errors as the editor shows them. */
export interface DocumentErrors {
  /** Those in this document, each on its pointer. */
  inFile: ContentError[];
  byPointer: ReadonlyMap<string, ContentError[]>;
  /** Those the draft causes in other files (a link to a path it no longer has). */
  elsewhere: ContentError[];
  /** How many keep the draft from being saved. */
  blocking: number;
}

export function errorsOf(check: CheckedDraft, file: string): DocumentErrors {
  const inFile = check.errors.filter((e) => e.file === file);
  const elsewhere = check.introduced.filter((e) => e.file !== file);
  const byPointer = new Map<string, ContentError[]>();
  for (const e of inFile) byPointer.set(e.pointer, [...(byPointer.get(e.pointer) ?? []), e]);
  return { inFile, byPointer, elsewhere, blocking: inFile.length + elsewhere.length };
}

/** How many errors fall within an entry (a block or an item) of the document. */
export const errorsWithin = (inFile: readonly ContentError[], kind: DocumentKind, index: number) => inFile.filter((e) => isWithin(e.pointer, `/${entriesKey(kind)}/${index}`)).length;

export type DocumentStatus = "checking" | "errors" | "new" | "unsaved" | "saved";

export function statusOf(state: DocumentState, errors: DocumentErrors): DocumentStatus {
  if (state.checking) return "checking";
  if (errors.blocking > 0) return "errors";
  if (state.editor.saved.version === null) return "new";
  return isDirty(state.editor) ? "unsaved" : "saved";
}
