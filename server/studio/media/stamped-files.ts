/**
 * Files read again only when they changed (modification time and size): what the media
 * library's listing and its "where used" index keep, so a lookup over thousands of files costs
 * a stat each, not a read and a parse each.
 */
import { statSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface StampedFiles<T> {
  /** Each file's value, read again where it changed since the last call; `changed` tells whether any did (or went). */
  refresh(files: readonly string[]): Promise<{ values: ReadonlyMap<string, T>; changed: boolean }>;
}

/** `read` turns a file's text into its value; `root` is what the files are relative to. */
export function stampedFiles<T>(root: string, read: (file: string, text: string) => T | Promise<T>): StampedFiles<T> {
  const cache = new Map<string, { stamp: string; value: T }>();
  const values = new Map<string, T>();
  return {
    async refresh(files) {
      let changed = false;
      const wanted = new Set(files);
      for (const file of cache.keys()) {
        if (wanted.has(file)) continue;
        cache.delete(file);
        values.delete(file);
        changed = true;
      }
      // Stats one after another, synchronously: for a thousand files a few milliseconds, where
      // as many promises through libuv's thread pool take ten times longer.
      const stale = files.flatMap((file) => {
        const info = statSync(path.join(root, file), { throwIfNoEntry: false });
        const stamp = info ? `${info.mtimeMs}:${info.size}` : "";
        return cache.get(file)?.stamp === stamp ? [] : [{ file, stamp }];
      });
      await Promise.all(
        stale.map(async ({ file, stamp }) => {
          const full = path.join(root, file);
          changed = true;
          const text = stamp ? await readFile(full, "utf8").catch(() => undefined) : undefined;
          if (text === undefined) {
            cache.delete(file);
            values.delete(file);
            return;
          }
          const value = await read(file, text);
          cache.set(file, { stamp, value });
          values.set(file, value);
        }),
      );
      return { values, changed };
    },
  };
}

/** The files of a folder (relative to `root`) whose names end with `ext`, its subfolders' too when `deep`; none when it does not exist. */
export async function filesIn(root: string, dir: string, ext: string, { deep = false } = {}): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { recursive: deep, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => path.posix.join(dir, path.relative(path.join(root, dir), path.join(entry.parentPath, entry.name)).split(path.sep).join("/")))
    .sort();
}
