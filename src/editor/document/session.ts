/**
 * One open document at work, without React: it holds the state (./state.ts), checks the
 * draft with the whole site shortly after each change (the newest check's answer wins),
 * keeps the unsaved draft where it survives a reload, and saves to its store (./store.ts),
 * refusing while there are errors and keeping the draft when the store reports a conflict.
 * It tells its subscribers of every change; ./use-document.ts binds it to a component.
 */
import type { ContentError } from "../../content-files/errors.ts";
import type { CheckedDraft, EditorFailure } from "../model.ts";
import { type MergeChoice, type MergeConflict, mergeDocuments } from "./merge.ts";
import type { DraftLink } from "./drafts.ts";
import { deepEqual } from "./equal.ts";
import type { OpenedFile } from "./open.ts";
import { mergeShared, type SharedSeen } from "./shared-draft.ts";
import { type EditorAction, type EditorState, initialState } from "./reducer.ts";
import { type DocumentAction, documentReducer, type DocumentState, errorsOf, isDirty } from "./state.ts";
import type { DocumentStorage, DocumentStore, RemoveOutcome, SaveOptions } from "./store.ts";

/** How long after the last change the draft is checked again. */
export const CHECK_DELAY_MS = 200;
/** How long after the last change the draft is kept for a reload. */
export const KEEP_DELAY_MS = 250;

/**
 * Each open document's editor state for the rest of the tab's session, by store and file:
 * coming back keeps undo and redo, and the shared draft as the editor last included it.
 */
const memories = new WeakMap<DocumentStore, Map<string, { editor: EditorState; shared: SharedSeen }>>();
const memoryOf = (store: DocumentStore) => memories.get(store) ?? memories.set(store, new Map()).get(store)!;

export type SaveResult =
  /** A save is already under way. */
  | { kind: "busy" }
  /** Not sent: the draft has errors, in this file or caused in others. */
  | { kind: "blocked"; inFile: ContentError[]; elsewhere: ContentError[] }
  | { kind: "saved"; created: boolean }
  /** The store holds another version: the draft is kept, and the state says `conflict`. */
  | { kind: "conflict"; failure: EditorFailure }
  | { kind: "refused"; failure: EditorFailure };

/** The store's current version merged with the draft, waiting for the person's choice on each conflict. */
export interface Merging {
  ok: true;
  /** What both changed to different values, with both values; none: `apply({})` takes the merge as it is. */
  conflicts: MergeConflict[];
  /** The draft and the store's version, as merged: to name the conflicts' places and values. */
  mine: unknown;
  theirs: unknown;
  /** The draft holds every change of the store's version already (merged from a shared draft before it was published): the merge is the draft. */
  holdsTheirs: boolean;
  /** Makes the merge the draft, on the store's current version as its base, each conflict as chosen (mine where not). */
  apply(choices: Readonly<Record<string, MergeChoice>>): void;
}

export interface DocumentSession {
  getState(): DocumentState;
  subscribe(listener: () => void): () => void;
  /** An edit, a move, undo, redo, a selection. */
  dispatch(action: EditorAction): void;
  save(options?: SaveOptions): Promise<SaveResult>;
  /** Drops the draft and its history, and reads the document from the store again. */
  reload(): Promise<{ ok: true } | { ok: false; failure: EditorFailure }>;
  /** Merges the store's current version with the draft (./merge.ts): theirs kept where the person changed nothing, conflicts for the person to choose. */
  rebase(): Promise<Merging | { ok: false; failure: EditorFailure }>;
  /** Deletes the document from the store; a document never saved is only forgotten. */
  remove(): Promise<RemoveOutcome>;
  dismissConflict(): void;
  /** Starts checking and keeping the draft after changes (and at once if it was never checked); `stop` ends it. */
  start(): void;
  stop(): void;
}

export function createDocumentSession(opened: OpenedFile, { store, keeper }: DocumentStorage): DocumentSession {
  const { file, kind } = opened;
  const remembered = memoryOf(store);
  const memory = remembered.get(file);
  /** The shared draft (studio mode) as the editor's data includes it: what a keep is made over. */
  const seen = keeper.get(file);
  let shared: SharedSeen = memory?.shared ?? { revision: seen?.revision ?? null, data: seen?.data };
  let state: DocumentState = {
    file,
    editor: memory?.editor ?? initialState(kind, opened.data, { data: opened.saved, version: opened.version }),
    check: {
      errors: opened.errors,
      introduced: [],
      ...(opened.translation && { translation: opened.translation }),
      // A restored draft and a page not written yet were never checked.
      for: opened.restored || opened.version === null ? undefined : opened.data,
    },
    checking: false,
    saving: false,
    conflict: false,
    restored: opened.restored,
    sharedChanges: [],
  };
  const remember = () => remembered.set(file, { editor: state.editor, shared });
  remember();
  const listeners = new Set<() => void>();
  let started = false;
  let checkTimer: ReturnType<typeof setTimeout> | undefined;
  let keepTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<unknown> | undefined;
  const draft = () => state.editor.history.present.data;

  const scheduleCheck = () => {
    clearTimeout(checkTimer);
    if (state.check.for !== draft()) checkTimer = setTimeout(() => void check(draft()), CHECK_DELAY_MS);
  };
  const scheduleKeep = () => {
    clearTimeout(keepTimer);
    const { editor } = state;
    const data = editor.history.present.data;
    // The shared draft as last kept holds it already (a merge that added nothing of mine): nothing to keep.
    if (isDirty(editor) && deepEqual(data, shared.data)) return;
    keepTimer = setTimeout(() => (isDirty(editor) ? keeper.put(file, editor.saved.version, data) : keeper.remove(file)), KEEP_DELAY_MS);
  };

  const apply = (action: DocumentAction) => {
    const before = state;
    state = documentReducer(state, action);
    if (state === before) return;
    if (state.editor !== before.editor) remember();
    if (started && draft() !== before.editor.history.present.data) scheduleCheck();
    if (started && (draft() !== before.editor.history.present.data || state.editor.saved !== before.editor.saved)) scheduleKeep();
    for (const listener of listeners) listener();
  };

  /** Checks a draft; only the newest check's answer is applied. */
  const check = (checked: unknown): Promise<CheckedDraft | undefined> => {
    apply({ type: "check-started" });
    const run: Promise<CheckedDraft | undefined> = store.check(file, checked).then((result) => {
      if (inFlight === run) {
        inFlight = undefined;
        apply({ type: "check-ended", draft: checked, ...(result && { result }) });
      }
      return result;
    });
    inFlight = run;
    return run;
  };

  /** Someone else's keep of the shared draft got there first: theirs merged with mine, which is then kept over it. */
  const link: DraftLink = {
    over: () => shared.revision,
    kept(revision, data) {
      shared = { revision, data };
      remember();
    },
    changed(theirs) {
      const { merge, changes } = mergeShared(shared.data ?? state.editor.saved.data, draft(), theirs.data, theirs.by.name);
      shared = { revision: theirs.revision, data: theirs.data };
      apply({ type: "rebased", saved: state.editor.saved, merge });
      apply({ type: "shared-changed", changes });
      remember(); // the merged draft is kept over their revision as any change is (scheduleKeep)
    },
  };
  let unlink: (() => void) | undefined;

  const forget = () => {
    keeper.remove(file);
    remembered.delete(file);
  };

  /**
   * Publishing from the moment it is asked until it is answered, the check before the save
   * included: a second ask meanwhile (a double click, Ctrl+S beside the button) is busy.
   * `state.saving`, what the screen shows, begins only once the check has answered: guarded by
   * it alone, a second ask while the check was on its way published again.
   */
  let publishing = false;
  /** Publishes the draft once: blocked by its errors, refused, or a conflict the state shows. */
  const publish = async (options?: SaveOptions): Promise<SaveResult> => {
    if (publishing) return { kind: "busy" };
    publishing = true;
    try {
      return await publishDraft(options);
    } finally {
      publishing = false;
    }
  };
  const publishDraft = async (options?: SaveOptions): Promise<SaveResult> => {
    const data = draft();
    const base = state.editor.saved.version;
    // The newest draft's errors decide, not those of a check still on its way.
    const known = state.check;
    const current = known.for === data ? known : ((await check(data)) ?? known);
    const { inFile, elsewhere } = errorsOf(current, file);
    if (inFile.length + elsewhere.length > 0) return { kind: "blocked", inFile, elsewhere };

    apply({ type: "save-started" });
    const outcome = await store.save(file, data, base, options);
    if (outcome.kind === "saved") {
      apply({ type: "save-ended", outcome: { kind: "saved", data, version: outcome.version } });
      keeper.remove(file);
      // What is published is no change of mine to merge into someone's draft: a later draft of theirs is taken whole.
      shared = { revision: shared.revision, data };
      remember();
      return { kind: "saved", created: base === null };
    }
    if (outcome.kind === "conflict") {
      apply({ type: "save-ended", outcome: { kind: "conflict" } });
      return { kind: "conflict", failure: outcome.failure };
    }
    apply({ type: "save-ended", outcome: { kind: "refused", draft: data, ...(outcome.failure.errors && { errors: outcome.failure.errors }) } });
    return { kind: "refused", failure: outcome.failure };
  };

  /** The store's current version merged with the draft (the base the draft began from), for the person to choose or for save to take. */
  const rebase = async (): Promise<Merging | { ok: false; failure: EditorFailure }> => {
    const loaded = await store.load(file);
    if (loaded.kind !== "loaded") return { ok: false, failure: loaded.failure };
    const { data: theirs, version } = loaded.document;
    const base = state.editor.saved.data;
    const mine = draft();
    const { merged, conflicts } = mergeDocuments(base, mine, theirs);
    return {
      ok: true,
      conflicts,
      holdsTheirs: conflicts.length === 0 && deepEqual(merged, mine),
      mine,
      theirs,
      apply(choices) {
        apply({ type: "conflict-dismissed" });
        apply({ type: "rebased", saved: { data: theirs, version }, merge: (mine) => mergeDocuments(base, mine, theirs, choices).merged });
      },
    };
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispatch: (action) => apply(action),

    async save(options) {
      const saved = await publish(options);
      // Refused for a version whose changes this draft holds already (someone published what the shared draft had): nothing to ask, it goes on that version.
      if (saved.kind !== "conflict" || state.editor.saved.version === null) return saved;
      const merging = await rebase();
      if (!merging.ok || !merging.holdsTheirs) return saved;
      merging.apply({});
      return publish(options);
    },

    async reload() {
      apply({ type: "conflict-dismissed" });
      forget();
      const loaded = await store.load(file);
      if (loaded.kind !== "loaded") return { ok: false, failure: loaded.failure };
      apply({ type: "reloaded", kind, document: loaded.document });
      shared = { revision: shared.revision, data: loaded.document.data };
      remember();
      return { ok: true };
    },

    rebase,

    async remove() {
      const version = state.editor.saved.version;
      const outcome: RemoveOutcome = version === null ? { kind: "removed" } : await store.remove(file, version);
      if (outcome.kind === "removed") forget();
      return outcome;
    },

    dismissConflict: () => apply({ type: "conflict-dismissed" }),

    start() {
      started = true;
      unlink = keeper.link(file, link);
      scheduleCheck();
      scheduleKeep();
    },
    stop() {
      started = false;
      unlink?.();
      clearTimeout(checkTimer);
      clearTimeout(keepTimer);
    },
  };
}
