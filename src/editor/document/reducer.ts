/**
 * The state of one open file in the editor: its draft (with undo and redo), what is saved on
 * disk, and what is selected. A file is a page or a reusable section (its entries are its
 * blocks) or a collection (its entries are its items); entries carry keys of their own, so a selection, the outline
 * and the preview follow an entry when it moves.
 */
import { uniqueBlockKey } from "../../../schemas/block-key.ts";
import { type History, record, redo, startHistory, undo } from "./history.ts";
import { getAt, insertAt, moveAt, type Path, setAt } from "./paths.ts";

/** A page, a section or a page template (its blocks), a collection (its items), or the site settings (one set of fields, no list). */
export type DocumentKind = "page" | "section" | "template" | "collection" | "settings";

/** Pages and sections are lists of blocks; a collection is a list of items. */
export const hasBlocks = (kind: DocumentKind) => kind === "page" || kind === "section" || kind === "template";

export interface Draft {
  data: unknown;
  /** One key per entry (block or item), in order. */
  keys: readonly string[];
}

export interface EditorState {
  kind: DocumentKind;
  history: History<Draft>;
  /** The file as saved: its value and version (null: not written yet). */
  saved: { data: unknown; version: string | null };
  /** An entry's key, or "settings" (the page's path and meta, or nothing for a collection). */
  selected: string;
}

export type EditorAction =
  | { type: "edit"; path: Path; value: unknown; group?: string }
  | { type: "insert"; index: number; entry: unknown }
  /** Several entries at once (blocks from the clipboard): one step to undo; the first is selected. */
  | { type: "paste"; index: number; entries: readonly unknown[] }
  | { type: "remove"; index: number }
  /** One entry replaced by others in its place (a block saved as a section, a section's copy detached): one step to undo. */
  | { type: "replace"; index: number; entries: readonly unknown[] }
  | { type: "duplicate"; index: number }
  | { type: "move"; from: number; to: number }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "select"; key: string }
  | { type: "saved"; data: unknown; version: string }
  /**
   * The saved file moved on (it becomes the base), or the shared draft did: the draft and every
   * step of its undo history are merged with it (`merge`, ./merge.ts), so undoing never brings
   * back what another person's publish or typing replaced.
   */
  | { type: "rebased"; saved: EditorState["saved"]; merge: (draft: unknown) => unknown }
  | { type: "load"; state: EditorState };

export const SETTINGS = "settings";

/** The list the outline shows; the site settings have none, so theirs names a key they never hold. */
export const entriesKey = (kind: DocumentKind) => (hasBlocks(kind) ? "blocks" : kind === "collection" ? "items" : "(none)");
export const entriesOf = (kind: DocumentKind, data: unknown): unknown[] => {
  const list = getAt(data, [entriesKey(kind)]);
  return Array.isArray(list) ? list : [];
};

/**
 * A block added to a page, by the palette or as a copy, gets a key no other block of the page
 * has (schemas/block-key.ts), right after its type: its translations are filed under it, so
 * a copy must not share its original's.
 */
function withOwnBlockKey(kind: DocumentKind, entry: unknown, entries: unknown[]): unknown {
  if (!hasBlocks(kind) || !entry || typeof entry !== "object" || Array.isArray(entry)) return entry;
  const { type, key, ...rest } = entry as Record<string, unknown>;
  if (typeof type !== "string") return entry;
  const taken = entries.map((e) => (e as { key?: unknown } | null)?.key).filter((k): k is string => typeof k === "string");
  return { type, key: uniqueBlockKey(typeof key === "string" ? key : type, taken), ...rest };
}

/** An entry's identity across versions: a block's `key`, an item's `id`. */
const identityOf = (entry: unknown): string | undefined => {
  if (!entry || typeof entry !== "object" || Array.isArray(entry)) return undefined;
  const { key, id } = entry as { key?: unknown; id?: unknown };
  return typeof key === "string" ? key : typeof id === "string" ? id : undefined;
};

let counter = 0;
export const newKey = () => `e${(++counter).toString(36)}`;

export function initialState(kind: DocumentKind, data: unknown, saved: EditorState["saved"]): EditorState {
  const keys = entriesOf(kind, data).map(newKey);
  return { kind, history: startHistory({ data, keys }), saved, selected: keys[0] ?? SETTINGS };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { data, keys } = state.history.present;
  const list = [entriesKey(state.kind)];
  const change = (next: Draft, group?: string, selected = state.selected) => ({ ...state, history: record(state.history, next, group), selected });
  switch (action.type) {
    case "edit":
      return change({ data: setAt(data, action.path, action.value), keys }, action.group);
    case "insert": {
      const key = newKey();
      const entry = withOwnBlockKey(state.kind, action.entry, entriesOf(state.kind, data));
      return change({ data: insertAt(data, list, action.index, entry), keys: [...keys.slice(0, action.index), key, ...keys.slice(action.index)] }, undefined, key);
    }
    case "paste":
    case "replace": {
      if (action.entries.length === 0) return state;
      const replaced = action.type === "replace" ? 1 : 0;
      let next = replaced ? setAt(data, [...list, action.index], undefined) : data;
      action.entries.forEach((entry, i) => (next = insertAt(next, list, action.index + i, withOwnBlockKey(state.kind, entry, entriesOf(state.kind, next)))));
      const newKeys = action.entries.map(newKey);
      return change({ data: next, keys: [...keys.slice(0, action.index), ...newKeys, ...keys.slice(action.index + replaced)] }, undefined, newKeys[0]);
    }
    case "remove": {
      const nextKeys = keys.filter((_, i) => i !== action.index);
      const selected = state.selected === keys[action.index] ? (nextKeys[Math.min(action.index, nextKeys.length - 1)] ?? SETTINGS) : state.selected;
      return change({ data: setAt(data, [...list, action.index], undefined), keys: nextKeys }, undefined, selected);
    }
    case "duplicate": {
      const entries = entriesOf(state.kind, data);
      const copy = withOwnBlockKey(state.kind, structuredClone(entries[action.index]), entries);
      const key = newKey();
      const at = action.index + 1;
      return change({ data: insertAt(data, list, at, copy), keys: [...keys.slice(0, at), key, ...keys.slice(at)] }, undefined, key);
    }
    case "move": {
      if (action.to < 0 || action.to >= keys.length || action.from === action.to) return state;
      const nextKeys = [...keys];
      const [moved] = nextKeys.splice(action.from, 1);
      nextKeys.splice(action.to, 0, moved!);
      return change({ data: moveAt(data, list, action.from, action.to), keys: nextKeys });
    }
    case "undo":
    case "redo": {
      const history = action.type === "undo" ? undo(state.history) : redo(state.history);
      // The selection stays if its entry still exists; otherwise the first entry.
      const selected = state.selected === SETTINGS || history.present.keys.includes(state.selected) ? state.selected : (history.present.keys[0] ?? SETTINGS);
      return { ...state, history, selected };
    }
    case "select":
      return { ...state, selected: action.key };
    case "saved":
      return { ...state, saved: { data: action.data, version: action.version } };
    case "rebased": {
      // An entry still there keeps its key (and so the selection and the outline's place); a new one gets its own.
      const rebase = (draft: Draft): Draft => {
        const before = entriesOf(state.kind, draft.data);
        const merged = action.merge(draft.data);
        const keyFor = (entry: unknown) => {
          const index = before.findIndex((old) => old === entry || (identityOf(old) !== undefined && identityOf(old) === identityOf(entry)));
          return index >= 0 ? draft.keys[index]! : newKey();
        };
        return { data: merged, keys: entriesOf(state.kind, merged).map(keyFor) };
      };
      const { past, future } = state.history;
      const history = { past: past.map(rebase), present: rebase(state.history.present), future: future.map(rebase) };
      const selected = state.selected === SETTINGS || history.present.keys.includes(state.selected) ? state.selected : (history.present.keys[0] ?? SETTINGS);
      return { ...state, saved: action.saved, history, selected };
    }
    case "load":
      return action.state;
  }
}
