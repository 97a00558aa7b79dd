/**
 * Reading and changing a JSON document by path, without mutating it: every change returns a
 * new document that shares the untouched parts, so undo keeps old versions for free and
 * React sees exactly which blocks changed.
 */
import type { Path } from "../model.ts";

export type { Path };

type Json = unknown;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function getAt(doc: Json, path: Path): unknown {
  let value: unknown = doc;
  for (const key of path) {
    if (Array.isArray(value) && typeof key === "number") value = value[key];
    else if (isRecord(value) && typeof key === "string" && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

/** Sets a value; `undefined` removes the property (or the array item). Missing parents are created. */
export function setAt(doc: Json, path: Path, value: unknown): Json {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (typeof key === "number") {
    const list = Array.isArray(doc) ? [...doc] : [];
    if (rest.length === 0 && value === undefined) list.splice(key, 1);
    else list[key] = setAt(list[key], rest, value);
    return list;
  }
  const object: Record<string, unknown> = isRecord(doc) ? { ...doc } : {};
  const next = rest.length === 0 ? value : setAt(object[key!], rest, value);
  if (next === undefined) delete object[key!];
  else object[key!] = next;
  return object;
}

export const removeAt = (doc: Json, path: Path): Json => setAt(doc, path, undefined);

/** Inserts an item into the list at `path`, before `index`. */
export function insertAt(doc: Json, path: Path, index: number, item: unknown): Json {
  const list = getAt(doc, path);
  const next = Array.isArray(list) ? [...list] : [];
  next.splice(index, 0, item);
  return setAt(doc, path, next);
}

/** Moves an item of the list at `path` from one index to another. */
export function moveAt(doc: Json, path: Path, from: number, to: number): Json {
  const list = getAt(doc, path);
  if (!Array.isArray(list) || from === to || to < 0 || to >= list.length) return doc;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return setAt(doc, path, next);
}

export { toPointer as pointerOf, fromPointer } from "../../content-files/errors.ts";

/** Whether `pointer` is `ancestor` itself or lies inside it. */
export const isWithin = (pointer: string, ancestor: string) => pointer === ancestor || pointer.startsWith(`${ancestor}/`);
