/**
 * The save target and draft keeper (the studio, on a server or in local mode): the document comes
 * from the studio's server, its draft is kept there as one types (autosave), and saving means
 * publishing (POST /api/studio/publish). The editor's session does not change: it knows only
 * DocumentStore and DraftKeeper (./store.ts, ./drafts.ts).
 *
 * The keeper answers `get` from what the last `load` brought (the server's draft of the file),
 * so a document is loaded before its draft is asked for (./open.ts). `put` sends the draft a
 * moment after the last change, one request at a time per file, the newest last, naming the
 * draft's revision the open editor's data includes (its link, ../document/drafts.ts): one that
 * someone changed since is not overwritten but handed to the editor to merge. A discard names
 * it too. A failed autosave is retried with the next change or `flush`, and where each file's
 * draft stands (saving, kept, refused and why) is told to whoever watches it: the editor says
 * so plainly, never retrying in silence. Nothing ever throws.
 */
import { errors, type ErrorData } from "../../errors/catalogue.ts";
import type { CheckedDraft } from "../model.ts";
import type { StudioApi } from "../studio-api.ts";
import type { DraftKeeper, DraftLink, StoredDraft } from "./drafts.ts";
import type { DocumentStorage, DocumentStore } from "./store.ts";

/** A draft is sent at most this often while someone types (the session's own delay comes first). */
export const AUTOSAVE_DELAY_MS = 1000;
/** How often an open editor asks whether someone else changed its shared draft, to merge it while it waits. */
export const DRAFT_POLL_MS = 5000;

/**
 * Where a file's draft stands on the server: being sent (or waiting for typing to pause), kept
 * at a time, refused by the server (a limit, its size, its shape: `error` says which, and
 * nothing is tried again until the next change or Try again), or not sent because the studio
 * could not be reached.
 */
export type DraftSaving = { state: "idle" } | { state: "saving" } | { state: "kept"; at: number } | { state: "refused"; error: ErrorData } | { state: "unreachable" };

export interface StudioStorage extends DocumentStorage {
  /** Sends every draft still waiting for its delay now; resolves when the server has them (or refused them). */
  flush(): Promise<void>;
  /** Calls `listener` with where the file's draft stands now and at each change; answers the unwatch. */
  watchDraft(file: string, listener: (saving: DraftSaving) => void): () => void;
}

export function studioStorage(api: StudioApi, { autosaveMs = AUTOSAVE_DELAY_MS, pollMs = DRAFT_POLL_MS }: { autosaveMs?: number; pollMs?: number } = {}): StudioStorage {
  const known = new Map<string, StoredDraft>();
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  /** Each file's requests, in order: a newer draft never arrives before an older one. */
  const queues = new Map<string, Promise<void>>();
  const unsent = new Set<string>();
  const links = new Map<string, DraftLink>();
  /** The revision a draft was put over, for a send after its editor is gone (never "last write wins" for an editor's draft). */
  const putOver = new Map<string, string | null>();
  const overOf = (file: string) => (links.has(file) ? links.get(file)!.over() : putOver.get(file));
  /**
   * What each file's newest answered keep was: this tab's own draft at a revision, or refused for
   * someone else's. A discard asked for while a keep of this tab's was on its way (a publish slower
   * than the autosave's delay) names the revision that keep made, as that draft is this tab's too;
   * one refused for someone else's leaves the discard naming what this tab saw, so theirs stays.
   */
  const lastKeep = new Map<string, { own: string | null }>();
  const savings = new Map<string, DraftSaving>();
  const watchers = new Map<string, Set<(saving: DraftSaving) => void>>();
  const tell = (file: string, saving: DraftSaving) => {
    savings.set(file, saving);
    for (const listener of watchers.get(file) ?? []) listener(saving);
  };

  const enqueue = (file: string, request: () => Promise<unknown>) => {
    const next = (queues.get(file) ?? Promise.resolve()).then(request).then(
      () => undefined,
      () => undefined,
    );
    queues.set(file, next);
    return next;
  };

  const send = (file: string) => {
    clearTimeout(waiting.get(file));
    waiting.delete(file);
    return enqueue(file, async () => {
      const draft = known.get(file);
      if (!draft || !unsent.has(file)) return;
      unsent.delete(file);
      const kept = await api.keepDraft(file, draft.version, draft.data, overOf(file));
      if (kept.ok) {
        lastKeep.set(file, { own: kept.data.draft.revision });
        putOver.set(file, kept.data.draft.revision);
        links.get(file)?.kept(kept.data.draft.revision, draft.data);
        // Published or discarded while on its way, the draft is gone (its discard follows), not kept.
        if (!unsent.has(file) && known.has(file)) tell(file, { state: "kept", at: Date.now() });
      } else if (kept.failure.error.code === errors.StudioDraftChanged.code && kept.failure.draft) {
        lastKeep.set(file, { own: null });
        // Someone changed it since: theirs stays, and the editor merges it with this one and puts again.
        putOver.set(file, kept.failure.draft.revision);
        links.get(file)?.changed(kept.failure.draft);
      } else {
        if (known.get(file) === draft) unsent.add(file); // tried again with the next change, flush or Try again
        tell(file, kept.status === 0 || kept.status >= 500 ? { state: "unreachable" } : { state: "refused", error: kept.failure.error });
      }
    });
  };

  /** Someone else's keep, fetched in the file's queue (after this tab's own keeps): handed to the editor to merge. */
  const pull = (file: string) =>
    enqueue(file, async () => {
      const link = links.get(file);
      const found = link && (await api.draftSince(file, link.over()));
      if (link && found?.ok && found.data.draft && found.data.draft.revision !== link.over()) link.changed(found.data.draft);
    });

  const keeper: DraftKeeper = {
    get: (file) => known.get(file),
    put(file, version, data) {
      known.set(file, { file, version, data, at: Date.now() });
      if (links.has(file)) putOver.set(file, links.get(file)!.over());
      unsent.add(file);
      tell(file, { state: "saving" });
      clearTimeout(waiting.get(file));
      waiting.set(file, setTimeout(() => void send(file), autosaveMs));
    },
    remove(file) {
      clearTimeout(waiting.get(file));
      waiting.delete(file);
      known.delete(file);
      unsent.delete(file);
      tell(file, { state: "idle" });
      // Only the draft as this editor last saw it: what someone typed since stays (none seen: nothing of this editor's to discard).
      const seen = overOf(file);
      const before = lastKeep.get(file);
      void enqueue(file, async () => {
        // Runs after every keep already on its way: one of this tab's answered since names the draft to discard.
        const since = lastKeep.get(file);
        const over = since !== before && since?.own ? since.own : seen;
        if (over !== null) await api.discardDraft(file, over);
      });
    },
    link(file, link) {
      links.set(file, link);
      const polling = setInterval(() => void pull(file), pollMs);
      return () => {
        clearInterval(polling);
        if (links.get(file) === link) links.delete(file);
      };
    },
  };

  const store: DocumentStore = {
    async load(file) {
      const opened = await api.open(file);
      if (!opened.ok && opened.status === 404) {
        // No file: a page not written yet may still have a draft (base null) to open from.
        const kept = await api.draft(file);
        if (kept.ok && !unsent.has(file)) known.set(file, { file, version: kept.data.draft.base, data: kept.data.draft.data, revision: kept.data.draft.revision, at: Date.parse(kept.data.draft.at) });
        return { kind: "missing", failure: opened.failure };
      }
      if (!opened.ok) return { kind: "failed", failure: opened.failure };
      const { data, version, errors, draft, translation } = opened.data;
      // The server's draft, unless this tab holds a newer one not sent yet.
      if (!unsent.has(file)) {
        if (draft) known.set(file, { file, version: draft.base, data: draft.data, ...(draft.baseData !== undefined && { baseData: draft.baseData }), revision: draft.revision, at: Date.parse(draft.at) });
        else known.delete(file);
      }
      return { kind: "loaded", document: { data, version, errors, translation } };
    },
    async check(file, data): Promise<CheckedDraft | undefined> {
      const checked = await api.check(file, data);
      return checked.ok ? checked.data : undefined;
    },
    async save(file, data, base, options) {
      const published = await api.publish(file, base, data, options?.override);
      if (published.ok) return { kind: "saved", version: published.data.version };
      // The publish gate's 409 is the page's own problems, not someone else's change.
      const conflict = published.status === 409 && published.failure.error.code !== errors.PublishGateStopped.code;
      return { kind: conflict ? "conflict" : "refused", failure: published.failure };
    },
    // The contract has no delete route: a removal is a publish of no value, which the publish route decides on.
    async remove(file, version) {
      const published = await api.publish(file, version, null);
      return published.ok ? { kind: "removed" } : { kind: "refused", failure: published.failure };
    },
  };

  return {
    store,
    keeper,
    async flush() {
      await Promise.all([...new Set([...waiting.keys(), ...unsent])].map((file) => (tell(file, { state: "saving" }), send(file))));
    },
    watchDraft(file, listener) {
      const own = watchers.get(file) ?? new Set();
      watchers.set(file, own.add(listener));
      listener(savings.get(file) ?? { state: "idle" });
      return () => void own.delete(listener);
    },
  };
}
