/**
 * Undo and redo over a whole editing session. Typing into one field is one step, not one
 * step per key: changes to the same field within COALESCE_MS of each other merge. Saving
 * does not clear the history.
 */
export const COALESCE_MS = 1000;
/** Steps kept; older ones are dropped first. */
export const HISTORY_LIMIT = 500;

export interface History<S> {
  past: readonly S[];
  present: S;
  future: readonly S[];
  /** What the last change edited (a field's pointer) and when, to merge keystrokes. */
  last?: { group: string; at: number };
}

export const startHistory = <S,>(present: S): History<S> => ({ past: [], present, future: [] });

/** Records a change. Changes with the same `group` in quick succession become one step. */
export function record<S>(history: History<S>, next: S, group?: string, now = Date.now()): History<S> {
  if (next === history.present) return history;
  const merge = group !== undefined && history.last?.group === group && now - history.last.at < COALESCE_MS && history.future.length === 0;
  return {
    past: merge ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    last: group === undefined ? undefined : { group, at: now },
  };
}

export function undo<S>(history: History<S>): History<S> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<S>(history: History<S>): History<S> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
