/**
 * The editor's studio-mode save target and draft keeper (src/editor/document/studio-store.ts)
 * against the real server listening on this computer (SQLite, a copy of the content): a
 * document opens with the draft the server keeps, autosave sends the newest draft once typing
 * pauses, discarding removes it, where each draft stands is told (refusals with their reason),
 * and nothing throws when the server is gone.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { csrfTokenOf } from "../../server/studio/auth/sessions.ts";
import { openDocument } from "../../src/editor/document/open.ts";
import { studioStorage } from "../../src/editor/document/studio-store.ts";
import { studioApi } from "../../src/editor/studio-api.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { ROOT } from "../site-build.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { makeAccount, sessionOf } from "./studio-harness.ts";

const PAGE = "content/pages/about.json";
const AUTOSAVE_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let work: string;
let base: string;
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "studio-store-"));
  cpSync(path.join(ROOT, "content"), path.join(work, "content"), { recursive: true });
  t = await startFormsApp({ studio: true, contentRoot: work });
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A signed-in browser tab: its cookie goes with every request, as a browser sends it; the requests it made are listed. */
async function tab(name: string, { slowWrite = 0 } = {}) {
  const account = await makeAccount(t.app.storage.db, `${name.toLowerCase()}.${Date.now()}.${Math.random()}@example.com`, "contributor", name);
  const session = await sessionOf(t.app.storage.db, account.id);
  const sent: { method: string; url: string; csrf: string | null; body: unknown }[] = [];
  const api = studioApi({
    transport: {
      base,
      csrfToken: csrfTokenOf(session),
      fetch: async (url, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ method: init?.method ?? "GET", url: String(url).slice(base.length), csrf: headers.get("x-csrf-token"), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        headers.set("cookie", `studio=${session}`);
        // A slow network for one write (the `slowWrite`th): a later one must still not overtake it.
        if (init?.method === "PUT" && sent.filter((r) => r.method === "PUT").length === slowWrite) await pause(300);
        return fetch(url, { ...init, headers });
      },
    },
  });
  return { api, storage: studioStorage(api, { autosaveMs: AUTOSAVE_MS }), sent };
}

const draftOnServer = async (api: ReturnType<typeof studioApi>) => {
  const opened = await api.open(PAGE);
  if (!opened.ok) throw new Error(opened.failure.error.message);
  return opened.data.draft;
};

test("autosave sends the newest draft once typing pauses, and another tab opens the page with it", async () => {
  const asha = await tab("Asha");
  const loaded = await asha.storage.store.load(PAGE);
  expect(loaded.kind).toBe("loaded");
  if (loaded.kind !== "loaded") return;
  expect(asha.storage.keeper.get(PAGE)).toBeUndefined();
  const about = loaded.document.data as { meta: { title: string } };

  // Typing, with pauses shorter than the autosave's delay: nothing is sent yet.
  for (const title of ["A", "Ab", "Abo", "About us, drafted"]) {
    asha.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title } });
    await pause(AUTOSAVE_MS / 2);
  }
  expect(asha.sent.filter((r) => r.method === "PUT")).toEqual([]);
  await pause(AUTOSAVE_MS * 3);
  const puts = asha.sent.filter((r) => r.method === "PUT");
  expect(puts).toHaveLength(1);
  expect(puts[0]).toMatchObject({ url: "/api/studio/drafts", csrf: expect.any(String), body: { file: PAGE, base: loaded.document.version } });
  expect(await draftOnServer(asha.api)).toMatchObject({ base: loaded.document.version, by: { name: "Asha" }, data: { meta: { title: "About us, drafted" } } });

  // Another person opens the page: the editor restores the server's draft over the file.
  const ravi = await tab("Ravi");
  const opened = await openDocument("page", "about", ravi.storage);
  expect(opened.state).toBe("loaded");
  if (opened.state !== "loaded") return;
  expect(opened.value).toMatchObject({ restored: true, version: loaded.document.version, data: { meta: { title: "About us, drafted" } }, saved: about });

  // Last write wins: Ravi's later draft replaces Asha's.
  ravi.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Ravi's title" } });
  await ravi.storage.flush();
  expect(await draftOnServer(asha.api)).toMatchObject({ by: { name: "Ravi" }, data: { meta: { title: "Ravi's title" } } });

  ravi.storage.keeper.remove(PAGE);
  await ravi.storage.flush();
  await pause(50);
  expect(await draftOnServer(asha.api)).toBeNull();
  expect(ravi.storage.keeper.get(PAGE)).toBeUndefined();
});

test("a draft sent while an older one is on its way arrives after it", async () => {
  const asha = await tab("Asha", { slowWrite: 1 });
  // Drafts are the page's shape (the server keeps no other): the title numbers them.
  const loaded = await asha.storage.store.load(PAGE);
  if (loaded.kind !== "loaded") throw new Error("not loaded");
  const about = loaded.document.data as { meta: { title: string } };
  const numbered = (i: number) => ({ ...about, meta: { ...about.meta, title: `Draft ${i}` } });
  for (let i = 1; i <= 5; i++) {
    asha.storage.keeper.put(PAGE, null, numbered(i));
    void asha.storage.flush();
    await pause(20);
  }
  await asha.storage.flush();
  await pause(400); // longer than the slow first write took
  expect((await draftOnServer(asha.api))?.data).toEqual(numbered(5));
  asha.storage.keeper.remove(PAGE);
  await asha.storage.flush();
});

test("a draft still on its way when the page is published goes with it: the discard follows this tab's own keep", async () => {
  const asha = await tab("Asha", { slowWrite: 2 });
  const loaded = await asha.storage.store.load(PAGE);
  if (loaded.kind !== "loaded") throw new Error("not loaded");
  const about = loaded.document.data as { meta: { title: string } };
  const states: string[] = [];
  asha.storage.watchDraft(PAGE, (saving) => states.push(saving.state));
  asha.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Kept first" } });
  await asha.storage.flush();
  // Typed again just before Publish: its keep is on its way (slowly) when the publish removes the draft.
  asha.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Typed just before Publish" } });
  void asha.storage.flush();
  await pause(50);
  asha.storage.keeper.remove(PAGE);
  await vi.waitFor(() => expect(asha.sent.filter((r) => r.method === "DELETE")).toHaveLength(1), { timeout: 2000 });
  await vi.waitFor(async () => expect(await draftOnServer(asha.api)).toBeNull(), { timeout: 2000 });
  expect(states.at(-1)).toBe("idle");
});

test("someone else's draft is never discarded by a publish: a keep refused for theirs while on its way leaves it", async () => {
  const asha = await tab("Asha", { slowWrite: 2 });
  const loaded = await asha.storage.store.load(PAGE);
  if (loaded.kind !== "loaded") throw new Error("not loaded");
  const about = loaded.document.data as { meta: { title: string } };
  asha.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Asha's first" } });
  await asha.storage.flush();
  // Ed keeps his over hers; Asha's next keep, on its way when she publishes, is refused for his.
  const ed = await tab("Ed");
  ed.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Ed's title" } });
  await ed.storage.flush();
  asha.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Asha's second" } });
  void asha.storage.flush();
  await pause(50);
  asha.storage.keeper.remove(PAGE);
  await vi.waitFor(() => expect(asha.sent.filter((r) => r.method === "DELETE")).toHaveLength(1), { timeout: 2000 });
  await asha.storage.flush();
  expect(await draftOnServer(asha.api)).toMatchObject({ by: { name: "Ed" }, data: { meta: { title: "Ed's title" } } });
  ed.storage.keeper.remove(PAGE);
  await vi.waitFor(async () => expect(await draftOnServer(ed.api)).toBeNull(), { timeout: 2000 });
});

test("a page not written yet opens from its server draft in another tab", async () => {
  const asha = await tab("Asha");
  const file = "content/pages/brand-new.json";
  // As the editor's New page starts one (src/editor/ui/DocumentList.tsx).
  const brandNew = { path: "/brand-new", meta: { title: "Brand new", description: "" }, blocks: [] };
  asha.storage.keeper.put(file, null, brandNew);
  await asha.storage.flush();
  const ravi = await tab("Ravi");
  const opened = await openDocument("page", "brand-new", ravi.storage);
  expect(opened).toMatchObject({ state: "loaded", value: { file, version: null, data: brandNew } });
  expect(await openDocument("page", "never-drafted", ravi.storage)).toEqual({ state: "missing" });
  asha.storage.keeper.remove(file);
  await asha.storage.flush();
});

test("checks go to the server's whole-site check", async () => {
  const { storage } = await tab("Asha");
  const loaded = await storage.store.load(PAGE);
  if (loaded.kind !== "loaded") throw new Error("not loaded");
  const about = loaded.document.data as { meta: { title: string } };
  const checked = await storage.store.check(PAGE, { ...about, meta: { ...about.meta, title: "" } });
  expect(checked?.introduced.map((e) => e.pointer)).toContain("/meta/title");
  expect((await storage.store.check(PAGE, about))?.introduced).toEqual([]);
  expect(await storage.store.load("content/pages/no-such-page.json")).toMatchObject({ kind: "missing" });
});

test("save publishes: POST /api/studio/publish with the file, the base and the draft", async () => {
  const asha = await tab("Asha");
  const saved = await asha.storage.store.save(PAGE, { meta: {} }, "0123456789abcdef");
  expect(asha.sent.at(-1)).toEqual({ method: "POST", url: "/api/studio/publish", csrf: expect.any(String), body: { file: PAGE, base: "0123456789abcdef", data: { meta: {} } } });
  // Refused here (a contributor; no publish route on this branch), as a value.
  expect(saved.kind).toBe("refused");
});

test("when the server is gone nothing throws: autosave waits, loads fail as values", async () => {
  const gone = studioApi({ transport: { base: "http://127.0.0.1:9", csrfToken: "x", fetch } });
  const storage = studioStorage(gone, { autosaveMs: 10 });
  storage.keeper.put(PAGE, null, { kept: true });
  await expect(storage.flush()).resolves.toBeUndefined();
  expect(storage.keeper.get(PAGE)?.data).toEqual({ kept: true }); // still in the tab
  expect(await storage.store.load(PAGE)).toEqual({ kind: "failed", failure: { error: errors.StudioOffline() } });
  expect(await storage.store.check(PAGE, {})).toBeUndefined();
  expect((await storage.store.save(PAGE, {}, null)).kind).toBe("refused");
  storage.keeper.remove(PAGE);
  await expect(storage.flush()).resolves.toBeUndefined();
});

test("where a draft stands is told to whoever watches it: saving, kept, refused with the server's reason, or the studio unreachable", async () => {
  const asha = await tab("Asha");
  const told: string[] = [];
  const unwatch = asha.storage.watchDraft(PAGE, (saving) => told.push(saving.state === "refused" ? `refused ${saving.error.code}` : saving.state));
  const loaded = await asha.storage.store.load(PAGE);
  if (loaded.kind !== "loaded") throw new Error("not loaded");
  const about = loaded.document.data as { meta: { title: string } };
  asha.storage.keeper.put(PAGE, loaded.document.version, { ...about, meta: { ...about.meta, title: "Kept" } });
  await asha.storage.flush();
  // Not the page's shape: refused, said so, and not sent again until the next change or Try again.
  asha.storage.keeper.put(PAGE, loaded.document.version, { kept: true });
  await asha.storage.flush();
  await pause(AUTOSAVE_MS * 3);
  expect(told).toEqual(["idle", "saving", "saving", "kept", "saving", "saving", `refused ${errors.StudioDraftNotDocument.code}`]);
  expect(asha.sent.filter((r) => r.method === "PUT")).toHaveLength(2);
  unwatch();

  const gone = studioStorage(studioApi({ transport: { base: "http://127.0.0.1:9", csrfToken: "x", fetch } }), { autosaveMs: 10 });
  const last: string[] = [];
  gone.watchDraft(PAGE, (saving) => last.push(saving.state));
  gone.keeper.put(PAGE, null, { kept: true });
  await gone.flush();
  expect(last.at(-1)).toBe("unreachable");
});

test("a publish refused because the file changed keeps the answer's changes in words, for the editor to show", async () => {
  const changes = [{ path: ["meta", "title"], before: "A", after: "B", words: "Title: 'A' → 'B'" }];
  const answer = { error: errors.StudioChangedSince(PAGE), changes };
  const api = studioApi({ transport: { base: "http://studio.test", csrfToken: "x", fetch: async () => new Response(JSON.stringify(answer), { status: 409 }) } });
  const saved = await studioStorage(api).store.save(PAGE, { meta: {} }, "0123456789abcdef");
  expect(saved).toEqual({ kind: "conflict", failure: answer });
});
