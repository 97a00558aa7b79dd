/**
 * Publishing, history and revert from the studio (issue 25), against the real app on both
 * databases, with the content in a git repository of its own (a copy of the project's
 * content, committed in a temp folder): what a publish writes and commits, who may do it,
 * and every way it is refused without anything half-written or committed. There the rebuild is
 * a stand-in that counts its runs; the last group publishes through the real one, on a copy of
 * the project's build, and reads the page it serves (npm run bench:publish times it).
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { versionOf } from "../../src/editor/server/store.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { contentRepository, gitIn, studioPublishing } from "./content-repository.ts";
import { describeOnEachDatabase } from "./databases.ts";
import { type TestRelease, testRelease } from "./release-fixture.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { type Loss, lossyEditorApi, makeAccount, sessionOf, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT = "content/pages/about.json";
const FAQS = "content/collections/faqs.json";
const HI_ABOUT = "content/translations/hi/pages/about.json";
const body = (response: { body: string }) => JSON.parse(response.body);

describeOnEachDatabase("publishing from the studio on $name", (target) => {
  const studioApp = studioPublishing(target);
  const { person, draftOf, read, head, git } = studioApp;
  const publish = (session: string, payload: unknown) => studio(studioApp.t, "POST", "/api/studio/publish", { session, body: payload });

  test("an editor publishes: the minimal diff written, committed with them as author and a message naming what changed, then rebuilt", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(ABOUT);
    data.meta.title = "About Arcbyte";
    data.blocks[2].heading.title = "What we value";
    const before = studioApp.rebuilds;
    const answer = await publish(asha.session, { file: ABOUT, base, data });
    expect(answer.statusCode, answer.body).toBe(200);
    const published = body(answer);
    expect(published).toEqual({ version: versionOf(read(ABOUT)), commit: head(), live: "pending" });
    expect(git("log", "-1", "--format=%an <%ae>|%cn|%s")).toBe(`Asha Rao <${asha.account.email}>|Studio|Edit page /about: Title, Card grid`);
    expect(git("show", "--numstat", "--format=", "HEAD")).toBe(`2\t2\t${ABOUT}`);
    expect(git("status", "--porcelain")).toBe("");

    await vi.waitFor(async () => expect(body(await studio(studioApp.t, "GET", `/api/studio/publish/status?commit=${published.commit}`, { session: asha.session })).live).toBe("live"));
    expect(studioApp.rebuilds).toBe(before + 1);
  });

  test("a page's translation is published like the page: its one changed line committed, the message naming its locale and page", async () => {
    const meera = await person("editor", "Meera Joshi");
    const HI = HI_ABOUT;
    const { base, data } = draftOf(HI);
    data.blocks.hero.title.text = "ऐसे इंजीनियर जो आपके बिज़नेस की परवाह करते हैं";
    const answer = await publish(meera.session, { file: HI, base, data });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(git("log", "-1", "--format=%an|%s")).toMatch(/^Meera Joshi\|Edit hi translation of page about\b/);
    expect(git("show", "--numstat", "--format=", "HEAD")).toBe(`1\t1\t${HI}`);
    expect(JSON.parse(read(HI)).blocks.hero.title.text).toBe("ऐसे इंजीनियर जो आपके बिज़नेस की परवाह करते हैं");
  });

  test.each([
    ["content/translations/hi/site.json", "site settings", "tagline"],
    ["content/translations/hi/blog-taxonomy.json", "blog taxonomy", "categories[slug=ai-development].name"],
  ])("a site-wide translation (%s) is published the same way: one line committed, the message naming it", async (file, name, field) => {
    const meera = await person("editor", "Meera Joshi");
    const { base, data } = draftOf(file);
    data.fields[field].text = `${data.fields[field].text} (नया)`;
    const answer = await publish(meera.session, { file, base, data });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(git("log", "-1", "--format=%s")).toMatch(new RegExp(`^Edit hi translation of ${name}\\b`));
    expect(git("show", "--numstat", "--format=", "HEAD")).toBe(`1\t1\t${file}`);
    expect(JSON.parse(read(file)).fields[field].text).toMatch(/ \(नया\)$/);
  });

  test("the same content again is no commit", async () => {
    const asha = await person("editor", "Asha Rao");
    const commits = head();
    const answer = await publish(asha.session, { file: ABOUT, ...draftOf(ABOUT) });
    expect(body(answer)).toEqual({ version: versionOf(read(ABOUT)), commit: null, live: "live" });
    expect(head()).toBe(commits);
  });

  test("a publish sent again, its answer lost on the way, is answered as done: one commit, no conflict with itself", async () => {
    const asha = await person("editor", "Asha Rao");
    const draft = draftOf(ABOUT);
    draft.data.meta.title = "About us, again";
    const first = await publish(asha.session, { file: ABOUT, ...draft });
    expect(first.statusCode, first.body).toBe(200);
    const commits = head();
    const again = await publish(asha.session, { file: ABOUT, ...draft });
    expect(body(again)).toEqual({ version: body(first).version, commit: null, live: "live" });
    expect(head()).toBe(commits);
    // Anything else from that base is still someone else's change to merge.
    const other = { base: draft.base, data: { ...draft.data, meta: { ...draft.data.meta, title: "About us, otherwise" } } };
    expect(body(await publish(asha.session, { file: ABOUT, ...other })).error.code).toBe("StudioChangedSince");
  });

  test("the editor's publish whose answer is lost is sent once more and found done; with no answer at all it says it may have gone through", async () => {
    const asha = await person("editor", "Asha Rao");
    /** The editor's API over this app, through a connection that `lose` cuts (thrown: no answer) or answers in the app's stead. */
    const editorApi = (lose: (sent: number) => Loss) => lossyEditorApi(studioApp.t, asha.session, "/publish", lose);
    const draft = draftOf(ABOUT);
    draft.data.meta.title = "About us, at last";
    const commits = head();
    const published = await editorApi((n) => (n === 1 ? "after" : undefined)).publish(ABOUT, draft.base, draft.data);
    expect(published).toEqual({ ok: true, data: { version: versionOf(read(ABOUT)), commit: null, live: "live" } });
    expect(git("rev-list", "--count", `${commits}..HEAD`)).toBe("1");

    // A proxy's time limit in the server's stead (nginx's 504, no answer of the studio's) is no answer either.
    const again = draftOf(ABOUT);
    again.data.meta.title = "About us, once more";
    const proxied = await editorApi((n) => (n === 1 ? new Response("<html>504 Gateway Time-out</html>", { status: 504 }) : undefined)).publish(ABOUT, again.base, again.data);
    expect(proxied.ok && JSON.parse(read(ABOUT)).meta.title).toBe("About us, once more");

    const before = head();
    const offline = await editorApi(() => "before").publish(ABOUT, draftOf(ABOUT).base, { ...again.data, meta: { ...again.data.meta, title: "Never sent" } });
    expect(offline).toEqual({ ok: false, status: 0, failure: { error: errors.PublishUnanswered() } });
    expect(head()).toBe(before);
  });

  test("a contributor may not publish or revert: 403, nothing written", async () => {
    const { session } = await person("contributor", "Carl Contributor");
    const { base, data } = draftOf(ABOUT);
    const text = read(ABOUT);
    data.meta.title = "Contributor's title";
    const refused = await publish(session, { file: ABOUT, base, data });
    expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("403 StudioForbidden");
    const revert = await studio(studioApp.t, "POST", "/api/studio/revert", { session, body: { file: ABOUT, rev: head() } });
    expect(`${revert.statusCode} ${body(revert).error.code}`).toBe("403 StudioForbidden");
    expect(read(ABOUT)).toBe(text);
  });

  test("a draft whose file was published since it began is refused 409 with what changed, in words", async () => {
    const asha = await person("editor", "Asha Rao");
    const ben = await person("editor", "Ben Okafor");
    const begun = draftOf(ABOUT);
    const title = begun.data.meta.title;
    const first = draftOf(ABOUT);
    first.data.meta.title = "Asha's title";
    expect((await publish(asha.session, { file: ABOUT, ...first })).statusCode).toBe(200);
    const commits = head();
    const text = read(ABOUT);

    begun.data.blocks[0].title = "Ben's hero";
    const stale = await publish(ben.session, { file: ABOUT, ...begun });
    expect(`${stale.statusCode} ${body(stale).error.code}`).toBe("409 StudioChangedSince");
    expect(body(stale).changes).toEqual([{ path: ["meta", "title"], before: title, after: "Asha's title", words: `Title: '${title}' → 'Asha's title'` }]);
    expect(read(ABOUT)).toBe(text);
    expect(head()).toBe(commits);

    // A base no commit had (a version never published): the changes are from the draft to the file.
    const unknownBase = { base: "0123456789abcdef", data: { ...begun.data, meta: { ...begun.data.meta, title } } };
    const unmatched = await publish(ben.session, { file: ABOUT, ...unknownBase });
    expect(`${unmatched.statusCode} ${body(unmatched).error.code}`).toBe("409 StudioChangedSince");
    expect(body(unmatched).changes.map((c: { words: string }) => c.words)).toEqual([`Title: '${title}' → 'Asha's title'`, `Hero, Title: 'Ben's hero' → '${first.data.blocks[0].title}'`]);
  });

  test("a draft the whole-site check refuses is 422 with the located errors; nothing written or committed", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(ABOUT);
    data.path = "/contact"; // another page has it
    const text = read(ABOUT);
    const commits = head();
    const refused = await publish(asha.session, { file: ABOUT, base, data });
    expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("422 StudioHasErrors");
    expect(body(refused).errors.length).toBeGreaterThan(0);
    expect(body(refused).errors[0]).toMatchObject({ code: expect.any(String), file: expect.stringMatching(/^content\/pages\//), pointer: expect.any(String) });
    expect(read(ABOUT)).toBe(text);
    expect(head()).toBe(commits);
    expect(git("status", "--porcelain")).toBe("");
  });

  test("a page is created only where none is, and removed (a publish of nothing) only when no other page or link leads to it, the refusal listing every link", async () => {
    const asha = await person("editor", "Asha Rao");
    const file = "content/pages/case-studies.json";
    const data = { $schema: "../../schemas/json/page.schema.json", path: "/case-studies", meta: { title: "Case Studies", description: "What we built." }, blocks: [{ type: "hero", title: "Case studies", subtitle: "Projects we are proud of." }] };
    const created = await publish(asha.session, { file, base: null, data });
    expect(created.statusCode, created.body).toBe(200);
    expect(read(file)).toMatch(/^\{\n {2}"\$schema": "\.\.\/\.\.\/schemas\/json\/page\.schema\.json",\n/);
    // The same page sent again (its answer lost on the way) is there already: done, no second commit.
    const createdAt = head();
    const again = await publish(asha.session, { file, base: null, data });
    expect(body(again)).toEqual({ version: versionOf(read(file)), commit: null, live: "live" });
    expect(head()).toBe(createdAt);
    const another = await publish(asha.session, { file, base: null, data: { ...data, meta: { ...data.meta, title: "Our work" } } });
    expect(`${another.statusCode} ${body(another).error.code}`).toBe("409 StudioFileExists");

    // /about is in the site's navigation: removing it would break those links.
    const commits = head();
    const linked = await publish(asha.session, { file: ABOUT, base: draftOf(ABOUT).base, data: null });
    expect(`${linked.statusCode} ${body(linked).error.code}`).toBe("409 EditorPageLinked");
    expect(body(linked).errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: "BrokenLink", file: "content/site.json" })]));
    expect(read(ABOUT)).toBeTruthy();
    expect(head()).toBe(commits);
    const deletion = { file, base: versionOf(read(file)), data: null };
    const removed = await publish(asha.session, deletion);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(git("show", "--name-status", "--format=%s", "HEAD")).toBe(`Delete page /case-studies\n\nD\t${file}`);
    const deleted = head();
    const removedAgain = await publish(asha.session, deletion);
    expect(body(removedAgain)).toEqual({ version: "", commit: null, live: "live" });
    expect(head()).toBe(deleted);
    const neverThere = await publish(asha.session, { ...deletion, base: "0123456789abcdef" });
    expect(`${neverThere.statusCode} ${body(neverThere).error.code}`).toBe("404 StudioDocumentNotFound");
  });

  test("content changed on the server outside the studio is refused 409, naming the files; nothing committed", async () => {
    const asha = await person("editor", "Asha Rao");
    const draft = draftOf(FAQS);
    draft.data.items[0].question = "How long does a project take?";
    const commits = head();
    writeFileSync(path.join(studioApp.root, "content/pages/contact.json"), `${read("content/pages/contact.json")} `);
    writeFileSync(path.join(studioApp.root, "content/pages/stray.json"), "{}\n");
    try {
      const refused = await publish(asha.session, { file: FAQS, ...draft });
      expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 StudioTreeDirty");
      expect(body(refused).error.message).toContain("content/pages/contact.json, content/pages/stray.json");
      expect(head()).toBe(commits);
    } finally {
      git("checkout", "--", "content/pages/contact.json");
      rmSync(path.join(studioApp.root, "content/pages/stray.json"));
    }
    const published = await publish(asha.session, { file: FAQS, ...draft });
    expect(published.statusCode).toBe(200);
    expect(git("log", "-1", "--format=%s")).toBe(`Edit collection faqs: Item “${draft.data.items[0].question}”`);
  });

  test("a commit git refuses (a failing hook) leaves the file and the index as they were", async () => {
    const asha = await person("editor", "Asha Rao");
    const hook = path.join(studioApp.root, ".git", "hooks", "pre-commit");
    writeFileSync(hook, "#!/bin/sh\necho 'commits are frozen' >&2\nexit 1\n");
    chmodSync(hook, 0o755);
    const text = read(ABOUT);
    const commits = head();
    try {
      const { base, data } = draftOf(ABOUT);
      data.meta.title = "Never published";
      const refused = await publish(asha.session, { file: ABOUT, base, data });
      expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("500 StudioCommitFailed");
      expect(body(refused).error.message).toContain("commits are frozen");
    } finally {
      rmSync(hook);
    }
    expect(read(ABOUT)).toBe(text);
    expect(head()).toBe(commits);
    expect(git("status", "--porcelain")).toBe("");
  });

  test("history: who, when, what; the changes since a version in words; revert is a new commit and the old content is back", async () => {
    const asha = await person("editor", "Asha Rao");
    const reader = await person("contributor", "Carl Contributor");
    const original = read(ABOUT);
    const { base, data } = draftOf(ABOUT);
    const title = data.meta.title;
    data.meta.title = "A title to take back";
    expect((await publish(asha.session, { file: ABOUT, base, data })).statusCode).toBe(200);

    const history = await studio(studioApp.t, "GET", `/api/studio/history?file=${encodeURIComponent(ABOUT)}`, { session: reader.session });
    expect(history.statusCode).toBe(200);
    const { revisions } = body(history);
    expect(revisions[0]).toEqual({ rev: head(), author: { name: "Asha Rao", email: asha.account.email }, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), subject: "Edit page /about: Title" });
    expect(revisions.at(-1).subject).toBe("Content");
    const previous = revisions[1].rev as string;

    // Her second publish in the same sitting is one edit with the first, in words; the commits stay for developers.
    const second = draftOf(ABOUT);
    const heroTitle = second.data.blocks[0].title;
    second.data.blocks[0].title = "Who we are";
    expect((await publish(asha.session, { file: ABOUT, ...second })).statusCode).toBe(200);
    const grouped = body(await studio(studioApp.t, "GET", `/api/studio/history?file=${encodeURIComponent(ABOUT)}`, { session: reader.session }));
    expect(grouped.edits[0]).toEqual({
      rev: head(),
      author: { name: "Asha Rao", email: asha.account.email },
      from: grouped.revisions[1].date,
      to: grouped.revisions[0].date,
      changes: [expect.objectContaining({ words: `Title: '${title}' → 'A title to take back'` }), expect.objectContaining({ words: `Hero, Title: '${heroTitle}' → 'Who we are'` })],
      created: false,
      restored: false,
      commits: [grouped.revisions[0], grouped.revisions[1]].map(({ rev, date, subject }: { rev: string; date: string; subject: string }) => ({ rev, date, subject })),
    });
    expect(grouped.edits.at(-1)).toMatchObject({ created: true, changes: [], commits: [{ subject: "Content" }] });
    second.data.blocks[0].title = heroTitle;
    const { base: now } = draftOf(ABOUT);
    expect((await publish(asha.session, { file: ABOUT, base: now, data: second.data })).statusCode).toBe(200);

    const changes = await studio(studioApp.t, "GET", `/api/studio/history/changes?file=${encodeURIComponent(ABOUT)}&rev=${previous.slice(0, 7)}`, { session: reader.session });
    expect(body(changes)).toEqual({ file: ABOUT, rev: previous, changes: [{ path: ["meta", "title"], before: title, after: "A title to take back", words: `Title: '${title}' → 'A title to take back'` }], removes: [] });

    const commits = Number(git("rev-list", "--count", "HEAD"));
    const reverted = await studio(studioApp.t, "POST", "/api/studio/revert", { session: asha.session, body: { file: ABOUT, rev: previous } });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(body(reverted)).toMatchObject({ commit: head(), rev: previous, live: "pending" });
    expect(read(ABOUT)).toBe(original);
    expect(Number(git("rev-list", "--count", "HEAD"))).toBe(commits + 1);
    // Its translations as they were then too (the next test), when they differ.
    expect(git("log", "-1", "--format=%an|%s")).toMatch(new RegExp(`^Asha Rao\\|Revert page /about to ${previous.slice(0, 7)} \\(\\d{4}-\\d\\d-\\d\\d\\)(; its hi translation as then)?$`));
    expect(read(HI_ABOUT).trim()).toBe(git("show", `${previous}:${HI_ABOUT}`));
    expect(git("cat-file", "-t", revisions[0].rev)).toBe("commit"); // never a rewrite
  });

  test("a restore removes the translated texts the version did not have, in its commit, and says so first", async () => {
    const asha = await person("editor", "Asha Rao");
    const publishDraft = async (file: string, change: (data: { [key: string]: any }) => void) => {
      const { base, data } = draftOf(file);
      change(data);
      const answer = await publish(asha.session, { file, base, data });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const heroTitle = JSON.parse(read(HI_ABOUT)).blocks.hero.title;
    // The version to restore: its Hindi has no hero title.
    await publishDraft(HI_ABOUT, (data) => delete data.blocks.hero.title);
    await publishDraft(ABOUT, (data) => (data.meta.title = "About, before the Hindi hero title"));
    const version = head();
    await publishDraft(HI_ABOUT, (data) => (data.blocks.hero.title = heroTitle));
    await publishDraft(ABOUT, (data) => (data.meta.title = "About, with it"));

    const changes = body(await studio(studioApp.t, "GET", `/api/studio/history/changes?file=${encodeURIComponent(ABOUT)}&rev=${version}`, { session: asha.session }));
    expect(changes.removes).toEqual([{ locale: "hi", texts: 1, all: false }]);
    const reverted = await studio(studioApp.t, "POST", "/api/studio/revert", { session: asha.session, body: { file: ABOUT, rev: version } });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(git("show", "--name-only", "--format=%s", "HEAD").split("\n").filter(Boolean)).toEqual([`Revert page /about to ${version.slice(0, 7)} (${git("log", "-1", "--format=%cs", version)}); its hi translation as then`, ABOUT, HI_ABOUT]);
    expect(JSON.parse(read(ABOUT)).meta.title).toBe("About, before the Hindi hero title");
    expect(JSON.parse(read(HI_ABOUT)).blocks.hero.title).toBeUndefined();
    expect(git("status", "--porcelain")).toBe("");
    // Now level: nothing more to remove.
    expect(body(await studio(studioApp.t, "GET", `/api/studio/history/changes?file=${encodeURIComponent(ABOUT)}&rev=${version}`, { session: asha.session })).removes).toEqual([]);
  });

  test("bad file names are 400, unknown versions 404, malformed ones 400: never a 5xx", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(ABOUT);
    for (const file of ["../../etc/passwd", "content/pages/../../../etc/passwd.json", "content/collections/unknown.json", "content/blog/taxonomy.json", "content/blog/posts/Hello.md", "site.config.ts", "content/legal/privacy.md", "content/collections/legal.json", "/etc/passwd", "content/pages/About.json"]) {
      const published = await publish(asha.session, { file, base, data });
      expect(`${published.statusCode} ${body(published).error.code}`, file).toBe("400 StudioNotADocument");
      const history = await studio(studioApp.t, "GET", `/api/studio/history?file=${encodeURIComponent(file)}`, { session: asha.session });
      expect(`${history.statusCode} ${body(history).error.code}`, file).toBe("400 StudioNotADocument");
      const reverted = await studio(studioApp.t, "POST", "/api/studio/revert", { session: asha.session, body: { file, rev: head() } });
      expect(`${reverted.statusCode} ${body(reverted).error.code}`, file).toBe("400 StudioNotADocument");
    }
    for (const rev of ["HEAD", "main", "--all", "HEAD~1", "abc"]) {
      const changes = await studio(studioApp.t, "GET", `/api/studio/history/changes?file=${encodeURIComponent(ABOUT)}&rev=${encodeURIComponent(rev)}`, { session: asha.session });
      expect(`${changes.statusCode} ${body(changes).error.code}`, rev).toBe("400 StudioBadRequest");
    }
    const unknown = "0123456789abcdef0123456789abcdef01234567";
    const missing = await studio(studioApp.t, "GET", `/api/studio/history/changes?file=${encodeURIComponent(ABOUT)}&rev=${unknown}`, { session: asha.session });
    expect(`${missing.statusCode} ${body(missing).error.code}`).toBe("404 StudioVersionNotFound");
    git("commit", "--quiet", "--allow-empty", "--message=A commit that touches no file");
    const notThisFile = head();
    const elsewhere = await studio(studioApp.t, "POST", "/api/studio/revert", { session: asha.session, body: { file: "content/pages/contact.json", rev: notThisFile } });
    expect(`${elsewhere.statusCode} ${body(elsewhere).error.code}`).toBe("404 StudioVersionNotFound");
    const huge = await publish(asha.session, { file: ABOUT, base, data: { ...data, padding: "x".repeat(2 * 1024 * 1024) } });
    expect(`${huge.statusCode} ${body(huge).error.code}`).toBe("413 StudioTooLarge");
    for (const payload of [{}, { file: ABOUT, base, data: undefined }, { file: ABOUT, base: "HEAD", data }, { file: ABOUT, base, data, extra: 1 }]) {
      const refused = await publish(asha.session, payload);
      expect(`${refused.statusCode} ${body(refused).error.code}`, JSON.stringify(payload).slice(0, 80)).toBe("400 StudioBadRequest");
    }
  });
});

describe("a publish served by the real incremental rebuild", () => {
  let release: TestRelease;
  let t: TestApp;
  beforeAll(async () => {
    release = await testRelease("studio-publish");
    contentRepository(release.work);
    t = await startFormsApp({ buildDir: release.buildDir, studio: true, contentRoot: release.work });
  }, 900_000);
  afterAll(async () => {
    await t?.close();
    release?.remove();
  });

  test("the public page serves the new title once the publish is live, and git names the author", async () => {
    const account = await makeAccount(t.app.storage.db, "asha.live@example.com", "editor", "Asha Rao");
    const session = await sessionOf(t.app.storage.db, account.id);
    const text = readFileSync(path.join(release.work, ABOUT), "utf8");
    const data = JSON.parse(text);
    data.meta.title = "About the people at Arcbyte";
    const served = async () => (await t.app.inject({ url: "/about" })).body;
    expect(await served()).not.toContain("About the people at Arcbyte");

    const published = await studio(t, "POST", "/api/studio/publish", { session, body: { file: ABOUT, base: versionOf(text), data } });
    expect(published.statusCode, published.body).toBe(200);
    const { commit } = body(published);
    await vi.waitFor(
      async () => expect(body(await studio(t, "GET", `/api/studio/publish/status?commit=${commit}`, { session })).live).toBe("live"),
      { timeout: 180_000, interval: 200 },
    );
    expect(await served()).toContain("About the people at Arcbyte");
    expect(gitIn(release.work)("log", "-1", "--format=%H %an <%ae>")).toBe(`${commit} Asha Rao <asha.live@example.com>`);
  }, 240_000);
});
