/**
 * No change is ever lost (issue 36), through the real server (SQLite, its content in a git
 * repository of its own) and the editor's own session and studio storage, as two browser tabs
 * use them: Asha publishes the About page's title while Ed has a draft of the hero's subtitle;
 * Ed's publish is refused, merged, and publishes both, whether his tab stayed open or he came
 * back to his draft later. Where both changed one field, the conflict comes back with both values.
 * Typing at once, they keep one draft holding both their changes, each told what the other changed.
 */
import { csrfTokenOf } from "../../server/studio/auth/sessions.ts";
import { openDocument } from "../../src/editor/document/open.ts";
import { createDocumentSession, type DocumentSession } from "../../src/editor/document/session.ts";
import { studioStorage } from "../../src/editor/document/studio-store.ts";
import { studioApi } from "../../src/editor/studio-api.ts";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { makeAccount, sessionOf } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT = "content/pages/about.json";
const studio = studioPublishing(databaseTargets()[0]!);
let origin = "";
beforeAll(async () => {
  origin = await studio.t.app.listen({ host: "127.0.0.1", port: 0 });
});

/** Every test's open editors, stopped after it, and the page's draft discarded: each test starts from the file alone. */
const sessions: { session: DocumentSession; storage: { flush(): Promise<void> } }[] = [];
let anyone: ReturnType<typeof studioApi> | undefined;
afterEach(async () => {
  const open = sessions.splice(0);
  for (const { session } of open) session.stop();
  await new Promise((r) => setTimeout(r, 500)); // a keep the session handed over just before
  await Promise.all(open.map(({ storage }) => storage.flush()));
  await anyone?.discardDraft(ABOUT);
});

type About = { meta: { title: string }; blocks: { title: string; subtitle: string }[] };
const published = () => JSON.parse(studio.read(ABOUT)) as About;

/** A person's browser: their studio storage, and the About page opened in the editor's session. */
async function person(name: string) {
  const db = studio.t.app.storage.db;
  const account = await makeAccount(db, `${name.toLowerCase()}.${Math.random()}@example.com`, "editor", name);
  const secret = await sessionOf(db, account.id);
  const api = studioApi({
    transport: {
      base: origin,
      csrfToken: csrfTokenOf(secret),
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set("cookie", `studio=${secret}`);
        return fetch(url, { ...init, headers });
      },
    },
  });
  anyone = api;
  /** Opens the page as the editor does: a new tab each time (`pollMs`: how often it asks for others' typing). */
  const open = async (pollMs = 60_000) => {
    const storage = studioStorage(api, { autosaveMs: 10, pollMs });
    const opened = await openDocument("page", "about", storage);
    if (opened.state !== "loaded") throw new Error(opened.state);
    const session = createDocumentSession(opened.value, storage);
    session.start();
    sessions.push({ session, storage });
    return { session, storage, opened: opened.value, api };
  };
  return { open, api };
}

const edit = (session: DocumentSession, path: (string | number)[], value: string) => session.dispatch({ type: "edit", path, value });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the draft the server keeps is as `expected` says, sending what the person's tab holds meanwhile. */
const kept = async ({ storage, api }: { storage: { flush(): Promise<void> }; api: ReturnType<typeof studioApi> }, expected: (draft: About) => void) => {
  await vi.waitFor(
    async () => {
      await storage.flush();
      const opened = await api.open(ABOUT);
      expected((opened.ok && opened.data.draft?.data) as About);
    },
    { timeout: 20_000, interval: 300 },
  );
};
const heroOf = (draft: About) => draft.blocks[0]!;

async function publishMerged(session: DocumentSession, choices: Record<string, "mine" | "theirs"> = {}) {
  expect((await session.save()).kind).toBe("conflict");
  const merging = await session.rebase();
  if (!merging.ok) throw new Error(merging.failure.error.message);
  merging.apply(choices);
  return { conflicts: merging.conflicts, saved: await session.save() };
}

test("Asha publishes the title while Ed's tab holds his subtitle: his publish is refused, merged, and both are published", async () => {
  const [asha, ed] = [await (await person("Asha")).open(), await (await person("Ed")).open()];
  const before = published();
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's subtitle");
  await kept(ed, (draft) => expect(heroOf(draft).subtitle).toBe("Ed's subtitle"));
  // Published as she types it: her title was never in the shared draft Ed's tab holds.
  edit(asha.session, ["meta", "title"], "About Arcbyte");
  expect((await asha.session.save()).kind).toBe("saved");

  expect(await publishMerged(ed.session)).toEqual({ conflicts: [], saved: { kind: "saved", created: false } });
  expect([published().meta.title, published().blocks[0]!.subtitle, published().blocks[0]!.title]).toEqual(["About Arcbyte", "Ed's subtitle", before.blocks[0]!.title]);
});

test("Ed comes back to his draft of a version Asha has published over since: it opens on that version, and publishing keeps her title", async () => {
  const ashaPerson = await person("Asha");
  const edPerson = await person("Ed");
  const asha = await ashaPerson.open();
  const ed = await edPerson.open();
  const version = ed.opened.version;
  edit(asha.session, ["meta", "title"], "About us, again");
  expect((await asha.session.save()).kind).toBe("saved");
  // Ed types after Asha's publish, in the tab he opened before it; then closes it.
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed, later");
  await kept(ed, (draft) => expect(heroOf(draft).subtitle).toBe("Ed, later"));
  ed.session.stop();

  const back = await edPerson.open();
  expect(back.opened).toMatchObject({ restored: true, version, saved: { meta: { title: "About Arcbyte" } } });
  expect(await publishMerged(back.session)).toEqual({ conflicts: [], saved: { kind: "saved", created: false } });
  expect([published().meta.title, published().blocks[0]!.subtitle]).toEqual(["About us, again", "Ed, later"]);
});

test("Ed's draft holds Asha's title already (merged as they typed) when she publishes it: his publish goes through without asking, and keeps both", async () => {
  const [asha, ed] = [await (await person("Asha")).open(), await (await person("Ed")).open()];
  edit(asha.session, ["meta", "title"], "Asha's title, shared");
  await kept(asha, (draft) => expect(draft.meta.title).toBe("Asha's title, shared"));
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's subtitle, shared");
  await kept(ed, (draft) => expect([draft.meta.title, heroOf(draft).subtitle]).toEqual(["Asha's title, shared", "Ed's subtitle, shared"]));
  // Asha publishes her title before her tab has seen Ed's subtitle.
  expect((await asha.session.save()).kind).toBe("saved");
  expect(published().blocks[0]!.subtitle).not.toBe("Ed's subtitle, shared");

  expect(await ed.session.save()).toEqual({ kind: "saved", created: false });
  expect(ed.session.getState().conflict).toBe(false);
  expect([published().meta.title, published().blocks[0]!.subtitle]).toEqual(["Asha's title, shared", "Ed's subtitle, shared"]);
});

test("both change the hero's title: the conflict comes back with both values, and the person's choice is published", async () => {
  const [asha, ed] = [await (await person("Asha")).open(), await (await person("Ed")).open()];
  const title = published().blocks[0]!.title;
  edit(asha.session, ["blocks", 0, "title"], "Asha's hero");
  edit(ed.session, ["blocks", 0, "title"], "Ed's hero");
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's subtitle too");
  expect((await asha.session.save()).kind).toBe("saved");

  const { conflicts, saved } = await publishMerged(ed.session, { "blocks/#hero/title": "theirs" });
  expect(conflicts).toEqual([{ at: "blocks/#hero/title", path: ["blocks", 0, "title"], base: title, mine: "Ed's hero", theirs: "Asha's hero" }]);
  expect(saved.kind).toBe("saved");
  expect([published().blocks[0]!.title, published().blocks[0]!.subtitle]).toEqual(["Asha's hero", "Ed's subtitle too"]);
});

test("two people typing in one page keep one draft with both their changes, each told what the other changed as they keep theirs; publishing keeps the other's later typing", async () => {
  const [asha, ed] = [await (await person("Asha")).open(), await (await person("Ed")).open()];
  const title = published().meta.title;
  const draftNow = async () => {
    const opened = await asha.api.open(ABOUT);
    if (!opened.ok) throw new Error(opened.failure.error.message);
    return opened.data.draft?.data as About | undefined;
  };
  const present = (session: DocumentSession) => session.getState().editor.history.present.data as About;

  edit(asha.session, ["meta", "title"], "Asha's draft title");
  await kept(asha, (draft) => expect(draft.meta.title).toBe("Asha's draft title"));
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's draft subtitle");
  await kept(ed, (draft) => expect([draft.meta.title, heroOf(draft).subtitle]).toEqual(["Asha's draft title", "Ed's draft subtitle"]));
  expect(present(ed.session).meta.title).toBe("Asha's draft title");
  expect(ed.session.getState().sharedChanges).toEqual([{ by: "Asha", words: `Title: '${title}' → 'Asha's draft title'` }]);

  // Asha types on: her keep meets Ed's, merges it, and she sees his subtitle.
  edit(asha.session, ["blocks", 0, "title"], "Asha's hero, typed on");
  await kept(asha, (draft) => expect([heroOf(draft).title, heroOf(draft).subtitle]).toEqual(["Asha's hero, typed on", "Ed's draft subtitle"]));
  expect(present(asha.session).blocks[0]!.subtitle).toBe("Ed's draft subtitle");
  expect(asha.session.getState().sharedChanges.map((c) => c.by)).toEqual(["Ed"]);

  // Ed types again before Asha publishes what she has: his later typing stays in the draft.
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's later subtitle");
  await kept(ed, (draft) => expect([heroOf(draft).title, heroOf(draft).subtitle]).toEqual(["Asha's hero, typed on", "Ed's later subtitle"]));
  expect((await asha.session.save()).kind).toBe("saved");
  await asha.storage.flush();
  await pause(200);
  expect([published().meta.title, published().blocks[0]!.subtitle]).toEqual(["Asha's draft title", "Ed's draft subtitle"]);
  expect((await draftNow())?.blocks[0]!.subtitle).toBe("Ed's later subtitle");
});

test("an editor that only waits is told what someone else types in its draft, and shows it", async () => {
  const [asha, ed] = [await (await person("Asha")).open(), await (await person("Ed")).open(200)];
  edit(asha.session, ["blocks", 0, "subtitle"], "Asha is typing this");
  await kept(asha, (draft) => expect(heroOf(draft).subtitle).toBe("Asha is typing this"));
  await vi.waitFor(() => expect((ed.session.getState().editor.history.present.data as About).blocks[0]!.subtitle).toBe("Asha is typing this"), { timeout: 15_000 });
  expect(ed.session.getState().sharedChanges).toEqual([{ by: "Asha", words: `Hero, Subtitle: '${published().blocks[0]!.subtitle}' → 'Asha is typing this'` }]);
});
