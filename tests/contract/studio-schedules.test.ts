/**
 * Scheduled publishing (issue 29), against the real app on both databases, with the content in
 * a git repository of its own and a stand-in rebuild that counts its runs: what may be
 * scheduled, that a schedule publishes at its time through the publish path, once, with the
 * person who set it as author, and every way it does not (cancelled, the file changed since).
 * Then the runner's lease: a run whose runner died is taken over when its lease ends, and a run
 * that committed before dying is not published twice. Several processes on one PostgreSQL:
 * tests/contract/schedules-processes.test.ts.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { sqlNow } from "../../server/storage/database.ts";
import { scheduleMark } from "../../server/studio/schedules-runner.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { studioPublishing } from "./content-repository.ts";
import { describeOnEachDatabase } from "./databases.ts";
import { lossyEditorApi, multipart, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT = "content/pages/about.json";
const CONTACT = "content/pages/contact.json";
const FAQS = "content/collections/faqs.json";
const SERVICES = "content/pages/services.json";
const SEO = "content/pages/seo-services.json";
/** How long a runner holds a schedule here, and how often it looks for others' (ms). */
const LEASE_MS = 1500;
const POLL_MS = 200;
const body = (response: { body: string }) => JSON.parse(response.body);
/** How far ahead a test sets a schedule it must act on before its time: setting one runs the whole-site check, seconds on a loaded machine. */
const SETUP_MS = 6000;
// Each test waits for a schedule's time and a publish (the whole-site check): more than the default 20 s on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeOnEachDatabase("scheduled publishing on $name", (target) => {
  const studioApp = studioPublishing(target, { studioLimits: { schedules: { leaseMs: LEASE_MS, pollMs: POLL_MS } } });
  const { person, draftOf, read, head, git } = studioApp;
  const schedule = (session: string, payload: unknown) => studio(studioApp.t, "POST", "/api/studio/schedules", { session, body: payload });
  const list = async (session: string, file?: string) => body(await studio(studioApp.t, "GET", `/api/studio/schedules${file ? `?file=${encodeURIComponent(file)}` : ""}`, { session })).schedules as { id: string; state: string; commit: string | null; error: { code: string; message: string } | null }[];
  const stateOf = async (session: string, id: string) => (await list(session)).find((s) => s.id === id);
  /** What a runner's claim leaves when the runner dies at once: the lease, until it ends. */
  const holdAsDeadRunner = (id: string, ms: number) => studioApp.t.app.storage.db.updateTable("studio_schedules").set({ lease_until: sqlNow(studioApp.t.app.storage.db, ms), attempts: 1 }).where("id", "=", id).execute();
  /** The audit log's rows about one schedule: action, who, what. */
  const audited = async (id: string) =>
    (await studioApp.t.app.storage.db.selectFrom("studio_audit").selectAll().orderBy("at").orderBy("id").execute())
      .filter((row) => JSON.parse(row.detail).schedule === id)
      .map((row) => ({ action: row.action, actor: row.actor_email, target: row.target, detail: JSON.parse(row.detail) }));
  /** Their time comes now: for a test whose setup before the time is long (several schedules set, each checked), however slow the machine. */
  const comeDue = (ids: string[]) => studioApp.t.app.storage.db.updateTable("studio_schedules").set({ run_at: sqlNow(studioApp.t.app.storage.db) }).where("id", "in", ids).execute();
  const markedCommits = (id: string) => git("log", "--format=%H", "--fixed-strings", `--grep=${scheduleMark(id)}`).split("\n").filter(Boolean);

  test("an editor schedules a draft: listed as pending, then published at its time, once, with them as author", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(ABOUT);
    data.meta.title = "About Arcbyte, on time";
    // The draft as the editor keeps it: discarded once exactly this is published.
    expect((await studio(studioApp.t, "PUT", "/api/studio/drafts", { session: asha.session, body: { file: ABOUT, base, data } })).statusCode).toBe(200);
    const at = inMs(SETUP_MS);
    const before = { head: head(), rebuilds: studioApp.rebuilds };
    const set = await schedule(asha.session, { file: ABOUT, base, data, at });
    expect(set.statusCode, set.body).toBe(201);
    const { schedule: made } = body(set);
    expect(made).toEqual({ id: expect.any(String), file: ABOUT, at, by: { name: "Asha Rao" }, createdAt: expect.any(String), state: "pending", commit: null, error: null, finishedAt: null });
    expect((await list(asha.session, ABOUT)).map((s) => s.id)).toEqual([made.id]);

    // Editing the draft afterwards does not change what the schedule publishes.
    data.meta.title = "A later idea";
    expect(head()).toBe(before.head);

    await vi.waitFor(async () => expect((await stateOf(asha.session, made.id))?.state).toBe("done"), { timeout: 20_000, interval: 100 });
    expect(Date.parse(git("log", "-1", "--format=%cI"))).toBeGreaterThanOrEqual(Math.floor(Date.parse(at) / 1000) * 1000);
    expect(JSON.parse(read(ABOUT)).meta.title).toBe("About Arcbyte, on time");
    expect(git("log", "-1", "--format=%an <%ae>|%cn|%s")).toBe(`Asha Rao <${asha.account.email}>|Studio|Edit page /about: Title`);
    expect(git("log", "-1", "--format=%b").trim()).toBe(scheduleMark(made.id));
    expect(await stateOf(asha.session, made.id)).toMatchObject({ state: "done", commit: head(), error: null, finishedAt: expect.any(String) });
    await vi.waitFor(() => expect(studioApp.rebuilds).toBe(before.rebuilds + 1));
    expect(git("rev-list", "--count", `${before.head}..HEAD`)).toBe("1");
    const draft = await studio(studioApp.t, "GET", `/api/studio/drafts?file=${encodeURIComponent(ABOUT)}`, { session: asha.session });
    expect(draft.statusCode).toBe(404);

    await sleep(3 * POLL_MS);
    expect(markedCommits(made.id)).toHaveLength(1);
    expect(await audited(made.id)).toEqual([
      { action: "schedule.set", actor: asha.account.email, target: ABOUT, detail: { schedule: made.id, at } },
      { action: "schedule.run", actor: null, target: ABOUT, detail: { schedule: made.id, scheduledBy: asha.account.email, commit: head() } },
    ]);
  });

  test("a cancelled schedule never runs; it cannot be cancelled twice, nor one that does not exist", async () => {
    const asha = await person("editor", "Asha Rao");
    const ben = await person("admin", "Ben Okafor");
    const { base, data } = draftOf(FAQS);
    data.items[0].question = "Never published?";
    // Far enough ahead that a loaded machine cancels it before its time (setting it runs the whole-site check).
    const at = inMs(SETUP_MS);
    const made = body(await schedule(asha.session, { file: FAQS, base, data, at })).schedule;
    const commits = head();
    const cancelled = await studio(studioApp.t, "DELETE", `/api/studio/schedules/${made.id}`, { session: ben.session });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    await sleep(Date.parse(at) - Date.now() + 5 * POLL_MS);
    expect(head()).toBe(commits);
    expect(read(FAQS)).not.toContain("Never published?");
    expect(await stateOf(asha.session, made.id)).toMatchObject({ state: "cancelled", commit: null });
    const again = await studio(studioApp.t, "DELETE", `/api/studio/schedules/${made.id}`, { session: asha.session });
    expect(`${again.statusCode} ${body(again).error.code}`).toBe("409 StudioScheduleNotPending");
    const unknown = await studio(studioApp.t, "DELETE", "/api/studio/schedules/0190aaaa-0000-7000-8000-000000000000", { session: asha.session });
    expect(`${unknown.statusCode} ${body(unknown).error.code}`).toBe("404 StudioScheduleNotFound");
    expect((await audited(made.id)).map((row) => `${row.action} ${row.actor}`)).toEqual([`schedule.set ${asha.account.email}`, `schedule.cancel ${ben.account.email}`]);
  });

  test("the same schedule sent again, or twice at once, is set once; cancelled, it may be set again", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(SERVICES);
    data.meta.title = "Services, set once";
    // An hour ahead: nothing here waits for it, and every schedule made is cancelled.
    const payload = { file: SERVICES, base, data, at: inMs(60 * 60_000) };
    const [first, second] = await Promise.all([schedule(asha.session, payload), schedule(asha.session, payload)]);
    expect([first.statusCode, second.statusCode].sort(), first.body).toEqual([200, 201]);
    const { id } = body(first).schedule;
    expect(body(second).schedule.id).toBe(id);
    const resent = await schedule(asha.session, payload);
    expect(`${resent.statusCode} ${body(resent).schedule.id}`).toBe(`200 ${id}`);
    const pending = async () => (await list(asha.session, SERVICES)).filter((s) => s.state === "pending").map((s) => s.id);
    expect(await pending()).toEqual([id]);
    expect((await audited(id)).map((row) => row.action)).toEqual(["schedule.set"]);

    // Another time is another schedule; so is the same one once the first is cancelled.
    const later = body(await schedule(asha.session, { ...payload, at: inMs(2 * 60 * 60_000) })).schedule.id;
    expect((await studio(studioApp.t, "DELETE", `/api/studio/schedules/${id}`, { session: asha.session })).statusCode).toBe(204);
    const anew = await schedule(asha.session, payload);
    expect(anew.statusCode).toBe(201);
    expect(await pending()).toEqual([body(anew).schedule.id, later]);
    for (const made of [body(anew).schedule.id, later]) await studio(studioApp.t, "DELETE", `/api/studio/schedules/${made}`, { session: asha.session });
  });

  test("the editor's schedule whose answer is lost is sent once more and found set; with no answer at all it says it may have been set", async () => {
    const asha = await person("editor", "Asha Rao");
    /** The editor's API over this app, through a connection that drops the first schedule's answer (`after`) or every schedule before it arrives (`before`). */
    const editorApi = (lose: "after" | "before") => lossyEditorApi(studioApp.t, asha.session, "/schedules", (n) => (lose === "before" || n === 1 ? lose : undefined));
    const { base, data } = draftOf(CONTACT);
    data.meta.title = "Contact, set once though the answer was lost";
    const at = inMs(60 * 60_000);
    const set = await editorApi("after").schedule(CONTACT, base, data, at);
    expect(set.ok && set.data.schedule).toMatchObject({ file: CONTACT, at, state: "pending" });
    const pending = (await list(asha.session, CONTACT)).filter((s) => s.state === "pending");
    expect(pending.map((s) => s.id)).toEqual([set.ok && set.data.schedule.id]);
    await studio(studioApp.t, "DELETE", `/api/studio/schedules/${pending[0]!.id}`, { session: asha.session });

    const offline = await editorApi("before").schedule(CONTACT, base, data, at);
    expect(offline).toEqual({ ok: false, status: 0, failure: { error: errors.ScheduleUnanswered() } });
  });

  test("a file published since the schedule was set fails it with a clear error in the list; nothing overwritten", async () => {
    const asha = await person("editor", "Asha Rao");
    const ben = await person("editor", "Ben Okafor");
    const scheduled = draftOf(CONTACT);
    scheduled.data.meta.title = "Asha's scheduled title";
    const made = body(await schedule(asha.session, { ...scheduled, file: CONTACT, at: inMs(SETUP_MS) })).schedule;
    const now = draftOf(CONTACT);
    now.data.meta.title = "Ben's title, published now";
    expect((await studio(studioApp.t, "POST", "/api/studio/publish", { session: ben.session, body: { file: CONTACT, ...now } })).statusCode).toBe(200);
    const commits = head();
    await vi.waitFor(async () => expect((await stateOf(asha.session, made.id))?.state).toBe("failed"), { timeout: 20_000, interval: 100 });
    const failed = await stateOf(asha.session, made.id);
    expect(failed?.error?.code).toBe("StudioScheduleChangedSince");
    expect(failed?.error?.message).toContain(`${CONTACT} was published by someone else after this publish was scheduled`);
    expect(head()).toBe(commits);
    expect(JSON.parse(read(CONTACT)).meta.title).toBe("Ben's title, published now");
  });

  test("a draft naming new images is scheduled, each said to go live with it; at its time each goes live with its page in one commit, one published meanwhile is simply there; one the studio will not delete (its schedule uses it) but gone all the same fails its schedule with nothing written", async () => {
    const asha = await person("editor", "Asha Rao");
    const newImage = async (name: string, red: number, alt: string) => {
      const bytes = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: red, g: 120, b: 200 } } }).png().toBuffer();
      const { id } = body(await studio(studioApp.t, "POST", "/api/studio/media", { session: asha.session, ...multipart([{ name, bytes }]) })).results[0].asset;
      expect((await studio(studioApp.t, "PUT", `/api/studio/media/${id}`, { session: asha.session, body: { alt } })).statusCode).toBe(200);
      return id as string;
    };
    const placing = (file: string, id: string) => {
      const { base, data } = draftOf(file);
      data.blocks[0].image = { asset: id };
      return { file, base, data };
    };
    const image = { contact: await newImage("on time.png", 10, "Arriving on time"), services: await newImage("gone.png", 90, "Soon deleted"), seo: await newImage("early.png", 170, "Published early") };
    const drafts = { contact: placing(CONTACT, image.contact), services: placing(SERVICES, image.services), seo: placing(SEO, image.seo) };
    // What the Schedule dialog names: the new image going live with the page.
    expect(body(await studio(studioApp.t, "POST", "/api/studio/publish/images", { session: asha.session, body: { file: CONTACT, data: drafts.contact.data } }))).toEqual({ images: [{ id: image.contact, name: "Arriving on time" }] });
    // An hour ahead, then brought forward once everything before the time is done.
    const at = inMs(3_600_000);
    const made: Record<string, string> = {};
    for (const [name, draft] of Object.entries(drafts)) {
      const set = await schedule(asha.session, { ...draft, at });
      expect(set.statusCode, set.body).toBe(201);
      made[name] = body(set).schedule.id;
    }
    // Before its time: one image published on its own; one the studio will not delete (its schedule uses it), gone
    // behind the studio's back (its rows removed, as a developer or an older host could).
    expect((await studio(studioApp.t, "POST", `/api/studio/media/${image.seo}/publish`, { session: asha.session })).statusCode).toBe(200);
    expect((await studio(studioApp.t, "DELETE", `/api/studio/media/${image.services}`, { session: asha.session })).statusCode).toBe(409);
    await studioApp.t.app.storage.db.deleteFrom("studio_drafts").where("file", "like", `%/media/${image.services}.json`).execute();
    const before = head();
    await comeDue(Object.values(made));
    await vi.waitFor(async () => expect((await list(asha.session)).filter((s) => Object.values(made).includes(s.id) && s.state === "pending")).toEqual([]), { timeout: 30_000, interval: 100 });

    const contact = await stateOf(asha.session, made.contact!);
    expect(contact).toMatchObject({ state: "done", error: null });
    expect(git("show", "--name-only", "--format=%s", contact!.commit!).split("\n").filter(Boolean)).toEqual([
      `Edit page /contact: Hero; add image ${image.contact}`,
      ...[CONTACT, `content/media/${image.contact}.json`, `content/media/${image.contact}.png`].sort(),
    ]);
    expect(body(await studio(studioApp.t, "GET", `/api/studio/media/${image.contact}`, { session: asha.session })).asset.state).toBe("published");
    const published = await studioApp.t.app.storage.db.selectFrom("studio_audit").select(["actor_email", "detail"]).where("action", "=", "media.publish").where("target", "=", image.contact).execute();
    expect(published.map((row) => ({ actor: row.actor_email, ...JSON.parse(row.detail) }))).toEqual([{ actor: null, commit: contact!.commit, with: CONTACT, schedule: made.contact, scheduledBy: asha.account.email }]);

    const seo = await stateOf(asha.session, made.seo!);
    expect(seo).toMatchObject({ state: "done", error: null });
    expect(git("show", "--name-only", "--format=", seo!.commit!)).toBe(SEO);

    const services = await stateOf(asha.session, made.services!);
    expect(services).toMatchObject({ state: "failed", commit: null, error: { code: "StudioScheduleImageGone" } });
    expect(services!.error!.message).toContain(`“${image.services}”, deleted from the media library after this publish was scheduled`);
    expect(markedCommits(made.services!)).toEqual([]);
    expect(JSON.parse(read(SERVICES)).blocks[0].image).toEqual({ asset: "hero-services" });
    expect(git("rev-list", "--count", `${before}..HEAD`)).toBe("2");
    expect(git("status", "--porcelain")).toBe("");
  });

  test("refused when set: the past, content the checker refuses now (located, like a publish), a stale version, not a document; contributors may not", async () => {
    const asha = await person("editor", "Asha Rao");
    const carl = await person("contributor", "Carl Contributor");
    const { base, data } = draftOf(ABOUT);
    const past = await schedule(asha.session, { file: ABOUT, base, data, at: inMs(-60_000) });
    expect(`${past.statusCode} ${body(past).error.code}`).toBe("400 StudioScheduleInPast");

    const broken = structuredClone(data);
    broken.path = "/contact"; // another page has it
    const refused = await schedule(asha.session, { file: ABOUT, base, data: broken, at: inMs(60_000) });
    expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("422 StudioHasErrors");
    expect(body(refused).errors[0]).toMatchObject({ code: expect.any(String), file: expect.stringMatching(/^content\/pages\//), pointer: expect.any(String) });

    // An image the library does not have (nor ever had): refused as a publish is, never a 5xx.
    const unknownImage = structuredClone(data);
    unknownImage.blocks[0].image = { asset: "../../etc/passwd" };
    const noImage = await schedule(asha.session, { file: ABOUT, base, data: unknownImage, at: inMs(60_000) });
    expect(`${noImage.statusCode} ${body(noImage).error.code}`).toMatch(/^4\d\d /);

    const stale = await schedule(asha.session, { file: ABOUT, base: "0123456789abcdef", data, at: inMs(60_000) });
    expect(`${stale.statusCode} ${body(stale).error.code}`).toBe("409 StudioChangedSince");

    const elsewhere = await schedule(asha.session, { file: "../../etc/passwd", base, data, at: inMs(60_000) });
    expect(`${elsewhere.statusCode} ${body(elsewhere).error.code}`).toBe("400 StudioNotADocument");
    for (const payload of [{ file: ABOUT, base, data, at: "tomorrow" }, { file: ABOUT, base, data }, { file: ABOUT, base, data, at: inMs(60_000), extra: 1 }]) {
      const bad = await schedule(asha.session, payload);
      expect(`${bad.statusCode} ${body(bad).error.code}`).toBe("400 StudioBadRequest");
    }

    const byContributor = await schedule(carl.session, { file: ABOUT, base, data, at: inMs(60_000) });
    expect(`${byContributor.statusCode} ${body(byContributor).error.code}`).toBe("403 StudioForbidden");
    expect((await studio(studioApp.t, "GET", "/api/studio/schedules", { session: carl.session })).statusCode).toBe(403);
    const pending = (await list(asha.session)).filter((s) => s.state === "pending");
    expect(pending).toEqual([]);
  });

  test("a run whose runner died is taken over when its lease ends, and cannot be cancelled while held", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(ABOUT);
    data.meta.title = "Taken over";
    const at = inMs(SETUP_MS);
    const made = body(await schedule(asha.session, { file: ABOUT, base, data, at })).schedule;
    // A runner elsewhere claimed it, then died without a word (its lease: until 2 s after its time).
    await holdAsDeadRunner(made.id, Date.parse(at) + 2000 - Date.now());
    const commits = head();
    const held = await studio(studioApp.t, "DELETE", `/api/studio/schedules/${made.id}`, { session: asha.session });
    expect(`${held.statusCode} ${body(held).error.message}`).toBe("409 This scheduled publish is being published now, so it can no longer be cancelled.");
    await sleep(Date.parse(at) + 1000 - Date.now()); // past its time, the lease not yet ended
    expect(head()).toBe(commits);
    await vi.waitFor(async () => expect((await stateOf(asha.session, made.id))?.state).toBe("done"), { timeout: 20_000, interval: 100 });
    expect(JSON.parse(read(ABOUT)).meta.title).toBe("Taken over");
    expect(markedCommits(made.id)).toEqual([head()]);
  });

  test("a run that committed before its runner died is found done in git and not published twice", async () => {
    const asha = await person("editor", "Asha Rao");
    const { base, data } = draftOf(FAQS);
    data.items[0].question = "Published once?";
    const at = inMs(SETUP_MS);
    const made = body(await schedule(asha.session, { file: FAQS, base, data, at })).schedule;
    await holdAsDeadRunner(made.id, Date.parse(at) + 500 - Date.now());
    // What the dead runner did before dying: the write and the commit, with the schedule's mark.
    writeFileSync(path.join(studioApp.root, FAQS), `${JSON.stringify(data, null, 2)}\n`);
    git("commit", "--quiet", `--message=Edit collection faqs\n\n${scheduleMark(made.id)}`, "--", FAQS);
    const committed = head();
    const before = studioApp.rebuilds;
    await vi.waitFor(async () => expect((await stateOf(asha.session, made.id))?.state).toBe("done"), { timeout: 20_000, interval: 100 });
    expect(await stateOf(asha.session, made.id)).toMatchObject({ commit: committed });
    expect(head()).toBe(committed);
    expect(markedCommits(made.id)).toEqual([committed]);
    await vi.waitFor(() => expect(studioApp.rebuilds).toBe(before + 1)); // served, in case the dead runner never asked
  });
});
