/** The default media store: originals in content/media/ beside their manifests, in the repository. */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MEDIA_DIR } from "../../../schemas/media.ts";
import type { MediaStore } from "./store.ts";

export function diskMediaStore(root: string, dir = MEDIA_DIR): MediaStore {
  const file = (key: string) => path.join(root, dir, path.basename(key));
  return {
    label: `${dir}/`,
    get: (key) => readFile(file(key)).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? undefined : Promise.reject(e))),
    async put(key, bytes) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      // Written aside and renamed: a build reading it never sees half a file.
      const temporary = `${file(key)}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file(key));
    },
    delete: (key) => rm(file(key), { force: true }),
  };
}
