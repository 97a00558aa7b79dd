/** The save target of local mode: the content files on this computer, through the editor's API. */
import { errors } from "../../errors/catalogue.ts";
import { editorApi } from "../api.ts";
import { type DocumentStore, isConflict } from "./store.ts";

export const localFiles: DocumentStore = {
  async load(file) {
    const result = await editorApi.open(file);
    if (result.ok) return { kind: "loaded", document: { data: result.data.data, version: result.data.version, errors: result.data.errors, translation: result.data.translation } };
    return { kind: result.failure.error.code === errors.EditorNotFound.code ? "missing" : "failed", failure: result.failure };
  },
  async check(file, data) {
    const result = await editorApi.check(file, data);
    return result.ok ? result.data : undefined;
  },
  async save(file, data, base) {
    const result = await editorApi.save(file, data, base);
    if (result.ok) return { kind: "saved", version: result.data.version };
    return { kind: isConflict(result.failure) ? "conflict" : "refused", failure: result.failure };
  },
  async remove(file, version) {
    const result = await editorApi.remove(file, version);
    return result.ok ? { kind: "removed" } : { kind: "refused", failure: result.failure };
  },
};
