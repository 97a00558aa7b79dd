/**
 * Scheduled publishing across real processes (issue 29): two studio processes (server/main.ts,
 * STUDIO=1, serving a copy of the build) on one PostgreSQL, one content repository and one build. A schedule is set
 * a few seconds ahead and another set and cancelled; before the time one process is restarted
 * and the other SIGKILLed and started again. At the time the page is live, published once (one
 * commit, one done schedule, whichever process ran it), and the cancelled one never ran.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../scripts/lib/free-port.ts";
import { findPostgresBin, NO_POSTGRES_MESSAGE } from "../../scripts/lib/throwaway-postgres.ts";
import { openDatabase, type Db } from "../../server/storage/database.ts";
import { csrfTokenOf } from "../../server/studio/auth/sessions.ts";
import { scheduleMark } from "../../server/studio/schedules-runner.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { startServerProcess, type ServerProcess } from "../e2e/server-process.ts";
import { contentRepository, gitIn } from "./content-repository.ts";
import { createPostgresDatabase, stopSharedPostgres } from "./databases.ts";
import { ROOT, type TestRelease, testRelease } from "./release-fixture.ts";
import { makeAccount, sessionOf } from "./studio-harness.ts";

const available = findPostgresBin() !== undefined;
if (!available) console.warn(NO_POSTGRES_MESSAGE);

const ABOUT = "content/pages/about.json";
const CONTACT = "content/pages/contact.json";
/**
 * How far ahead the schedules are set: time to set them (each runs the whole-site check, 15-27 s
 * on a loaded CI machine) and for one restart and one kill and start (at once, 13-23 s there).
 */
const AHEAD_MS = 90_000;

vi.setConfig({ testTimeout: 420_000 });

describe.skipIf(!available)("a schedule with two studio processes on one PostgreSQL, restarted and SIGKILLed before its time", () => {
  let release: TestRelease;
  let url: string;
  let db: Db;
  const running = new Set<ServerProcess>();

  beforeAll(async () => {
    release = await testRelease("schedules-processes");
    contentRepository(release.work);
    // The rebuild worker starts as its server did (node --import tsx): from the content root, it finds the packages here.
    symlinkSync(path.join(ROOT, "node_modules"), path.join(release.work, "node_modules"));
    url = await createPostgresDatabase();
    db = (await openDatabase(url)).db;
  }, 900_000);
  afterAll(async () => {
    for (const p of running) p.child.kill("SIGKILL");
    await db?.destroy();
    stopSharedPostgres();
    release?.remove();
  });

  async function start(port: number): Promise<ServerProcess> {
    const { ADMIN: _admin, ...outside } = process.env;
    const env = { ...outside, STUDIO: "1", HOST: "127.0.0.1", PORT: String(port), BUILD_DIR: release.buildDir, CONTENT_ROOT: release.work, DATABASE_URL: url, SMTP_URL: "", LOG_LEVEL: "info" };
    const started = await startServerProcess(`studio on ${port}`, ["server/main.ts"], env, `http://127.0.0.1:${port}/readyz`, 90_000);
    running.add(started);
    started.child.once("exit", () => running.delete(started));
    return started;
  }
  const stop = (p: ServerProcess, signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => (p.child.exitCode !== null || p.child.signalCode !== null ? resolve() : (p.child.once("exit", () => resolve()), p.child.kill(signal))));

  /** A studio call over plain http to a loopback address, as a browser on the same origin makes it. */
  const call = (port: number, session: string, method: string, route: string, body?: unknown) =>
    fetch(`http://127.0.0.1:${port}/api/studio${route}`, {
      method,
      headers: {
        cookie: `studio=${session}`,
        ...(method !== "GET" && { origin: `http://127.0.0.1:${port}`, "sec-fetch-site": "same-origin", "x-csrf-token": csrfTokenOf(session) }),
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const draftOf = (file: string) => {
    const text = readFileSync(path.join(release.work, file), "utf8");
    return { file, base: versionOf(text), data: JSON.parse(text) };
  };

  test("the page is live at the time, published once; the cancelled one never runs", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    let a = await start(portA);
    let b = await start(portB);
    const account = await makeAccount(db, "asha.schedules@example.com", "editor", "Asha Rao");
    const session = await sessionOf(db, account.id);

    const about = draftOf(ABOUT);
    about.data.meta.title = "About Arcbyte, published on schedule";
    const contact = draftOf(CONTACT);
    contact.data.meta.title = "A contact title that was cancelled";
    const at = new Date(Date.now() + AHEAD_MS).toISOString();
    // Set on both processes at once: each one's check has a core of its own.
    const [set, setDoomed] = await Promise.all([call(portA, session, "POST", "/schedules", { ...about, at }), call(portB, session, "POST", "/schedules", { ...contact, at })]);
    expect(set.status, await set.clone().text()).toBe(201);
    expect(setDoomed.status, await setDoomed.clone().text()).toBe(201);
    const { schedule } = (await set.json()) as { schedule: { id: string } };
    const doomed = (await setDoomed.json()) as { schedule: { id: string } };
    expect((await call(portA, session, "DELETE", `/schedules/${doomed.schedule.id}`)).status).toBe(204);

    // Before the time: A restarted, B killed outright and started again.
    const started = Date.now();
    [a, b] = await Promise.all([stop(a, "SIGTERM").then(() => start(portA)), stop(b, "SIGKILL").then(() => start(portB))]);
    console.log(`schedules-processes: restarted in ${Date.now() - started} ms`);
    const page = async (port: number) => (await fetch(`http://127.0.0.1:${port}/about`)).text();
    expect(Date.now(), "the restarts took longer than the schedule allows").toBeLessThan(Date.parse(at));
    expect(await page(portA)).not.toContain("published on schedule");

    try {
      await vi.waitFor(async () => expect(await page(portB)).toContain("About Arcbyte, published on schedule"), { timeout: 180_000, interval: 250 });
    } catch (error) {
      const rows = await db.selectFrom("studio_schedules").selectAll().execute();
      const said = (p: ServerProcess) => p.output().split("\n").filter((line) => /schedul|rebuild|error/i.test(line)).slice(-30).join("\n");
      throw new Error(`Not live: ${JSON.stringify(rows)}\nA:\n${said(a)}\nB:\n${said(b)}`, { cause: error });
    }
    const liveAfterMs = Date.now() - Date.parse(at);
    console.log(`schedules-processes: live ${liveAfterMs} ms after its time`);
    expect(await page(portA)).toContain("About Arcbyte, published on schedule");
    // Published after its time, not before it, and with the one who set it as author.
    const git = gitIn(release.work);
    const marked = git("log", "--format=%H %an %cI", "--fixed-strings", `--grep=${scheduleMark(schedule.id)}`).split("\n").filter(Boolean);
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain(" Asha Rao ");
    const committedAt = Date.parse(marked[0]!.split(" ").at(-1)!);
    expect(committedAt).toBeGreaterThanOrEqual(Math.floor(Date.parse(at) / 1000) * 1000);
    // Claimed at its time: a runner wakes then, not at its next poll (every 15 s). What follows (the
    // whole-site check, the commit, the rebuild) takes seconds, and tens of them on a loaded machine.
    const claimedAt = [a, b]
      .flatMap((p) => p.output().split("\n"))
      .filter((line) => line.includes('"schedules: running"') && line.includes(schedule.id))
      .map((line) => (JSON.parse(line) as { time: number }).time);
    expect(claimedAt).toHaveLength(1);
    console.log(`schedules-processes: claimed ${claimedAt[0]! - Date.parse(at)} ms after its time`);
    expect(claimedAt[0]! - Date.parse(at)).toBeGreaterThanOrEqual(0);
    expect(claimedAt[0]! - Date.parse(at)).toBeLessThan(5000);
    console.log(`schedules-processes: committed ${committedAt - Date.parse(at)} ms after its time (git's whole seconds)`);

    // Give both runners a few more polls: still once, and the cancelled one never ran.
    await new Promise((r) => setTimeout(r, 3000));
    expect(git("log", "--format=%H", "--fixed-strings", `--grep=${scheduleMark(schedule.id)}`).split("\n").filter(Boolean)).toHaveLength(1);
    expect(git("log", "--format=%H", "--fixed-strings", `--grep=${scheduleMark(doomed.schedule.id)}`)).toBe("");
    expect(readFileSync(path.join(release.work, CONTACT), "utf8")).not.toContain("cancelled");
    const rows = await db.selectFrom("studio_schedules").select(["id", "state", "commit_sha", "attempts"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: schedule.id, state: "done", commit_sha: marked[0]!.split(" ")[0], attempts: 1 },
      { id: doomed.schedule.id, state: "cancelled", commit_sha: null, attempts: 0 },
    ]);
    expect(spawnSync("git", ["status", "--porcelain", "--", "content"], { cwd: release.work, encoding: "utf8" }).stdout).toBe("");
    await Promise.all([stop(a, "SIGTERM"), stop(b, "SIGTERM")]);
  });
});
