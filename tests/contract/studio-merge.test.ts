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
  /** Opens the page as the editor does: a new tab each time. */
  const open = async () => {
    const storage = studioStorage(api, { autosaveMs: 10 });
    const opened = await openDocument("page", "about", storage);
    if (opened.state !== "loaded") throw new Error(opened.state);
    const session = createDocumentSession(opened.value, storage);
    session.start();
    return { session, storage, opened: opened.value, api };
  };
  return { open, api };
}

const edit = (session: DocumentSession, path: (string | number)[], value: string) => session.dispatch({ type: "edit", path, value });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for the draft to reach the server, merged and kept again if someone changed it meanwhile. */
const kept = async ({ storage }: { storage: { flush(): Promise<void> } }) => {
  for (let i = 0; i < 2; i++) {
    await pause(400); // the session's delay before it hands the draft to the keeper
    await storage.flush();
  }
};

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
  edit(asha.session, ["meta", "title"], "About Arcbyte");
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's subtitle");
  await kept(ed);
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
  await kept(ed);
  ed.session.stop();

  const back = await edPerson.open();
  expect(back.opened).toMatchObject({ restored: true, version, saved: { meta: { title: "About Arcbyte" } } });
  expect(await publishMerged(back.session)).toEqual({ conflicts: [], saved: { kind: "saved", created: false } });
  expect([published().meta.title, published().blocks[0]!.subtitle]).toEqual(["About us, again", "Ed, later"]);
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

test("two people typing in one page keep one draft with both their changes, each told what the other changed; publishing keeps the other's later typing", async () => {
  const [asha, ed] = [await (await person("Asha")).open(), await (await person("Ed")).open()];
  const title = published().meta.title;
  const draftNow = async () => {
    const opened = await asha.api.open(ABOUT);
    if (!opened.ok) throw new Error(opened.failure.error.message);
    return opened.data.draft?.data as About | undefined;
  };
  const present = (session: DocumentSession) => session.getState().editor.history.present.data as About;

  edit(asha.session, ["meta", "title"], "Asha's draft title");
  await kept(asha);
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's draft subtitle");
  await kept(ed);
  expect([(await draftNow())?.meta.title, (await draftNow())?.blocks[0]!.subtitle]).toEqual(["Asha's draft title", "Ed's draft subtitle"]);
  expect(present(ed.session).meta.title).toBe("Asha's draft title");
  expect(ed.session.getState().sharedChanges).toEqual([{ by: "Asha", words: `Title: '${title}' → 'Asha's draft title'` }]);

  // Asha types on: her keep meets Ed's, merges it, and she sees his subtitle.
  edit(asha.session, ["blocks", 0, "title"], "Asha's hero");
  await kept(asha);
  expect(present(asha.session).blocks[0]!.subtitle).toBe("Ed's draft subtitle");
  expect(asha.session.getState().sharedChanges.map((c) => c.by)).toEqual(["Ed"]);

  // Ed types again before Asha publishes what she has: his later typing stays in the draft.
  edit(ed.session, ["blocks", 0, "subtitle"], "Ed's later subtitle");
  await kept(ed);
  expect((await asha.session.save()).kind).toBe("saved");
  await asha.storage.flush();
  await pause(200);
  expect([published().meta.title, published().blocks[0]!.subtitle]).toEqual(["Asha's draft title", "Ed's draft subtitle"]);
  expect((await draftNow())?.blocks[0]!.subtitle).toBe("Ed's later subtitle");
  ed.session.stop();
  asha.session.stop();
});
