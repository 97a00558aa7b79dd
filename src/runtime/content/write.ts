/**
 * Writing content files safely, for the local tools that change them (the blog admin, the
 * page editor): one write at a time per content root, each atomic, so readers (the dev
 * server, a build, git) see the old text or the new, never a mix.
 */
import { randomBytes } from "node:crypto";
import type * as nodeFs from "node:fs/promises";
import path from "node:path";

/** The file operations the writers use; tests pass failing ones to simulate a crash. */
export type WriterFs = Pick<typeof nodeFs, "open" | "rename" | "link" | "unlink" | "rm" | "readFile" | "readdir" | "stat" | "mkdir">;

/** Temporary files end so: a dot file ending in .tmp is never read as content. */
export const TEMP_SUFFIX = ".tmp";


const queues = new Map<string, Promise<void>>();

/** Runs writes to one content root one after another (one process writes; see the module note). */
export function serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

/**
 * Writes a file so that readers see the old text or the new, never a mix: temp file in the
 * same folder, fsync, then rename (or, with `exclusive`, a hard link that fails if the
 * target exists, so two creates can never take the same name). The temp file is removed on
 * failure; one left by a crash is a dot file ending in .tmp that no reader looks at.
 */
export async function writeFileAtomic(fs: WriterFs, file: string, text: string | Buffer, { exclusive = false } = {}): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`);
  try {
    const handle = await fs.open(temp, "wx", 0o644);
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (exclusive) {
      await fs.link(temp, file);
      await fs.unlink(temp);
    } else {
      await fs.rename(temp, file);
    }
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(fs, dir);
}

/** Makes the rename itself durable (Linux, macOS); a no-op where folders cannot be opened. */
export async function syncDir(fs: WriterFs, dir: string) {
  try {
    const handle = await fs.open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot fsync a folder; the rename is still atomic.
  }
}

