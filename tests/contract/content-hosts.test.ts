/**
 * Several hosts (issue 29): a local bare repository and clones of the project's content, with
 * real git throughout. Host A is the studio (CONTENT_GIT_REMOTE=origin: it pushes each publish);
 * host B serves a copy of the project's build with the real incremental rebuild and pulls on
 * POST /api/hooks/git; "dev" is a developer's clone that pushes behind their backs. Both hosts
 * keep images' originals in one S3-compatible bucket (s3rver on loopback): an image A publishes
 * with a page is served by B in every size the page names, made by B's rebuild from the bucket.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import type { RunOutcome } from "../../server/build/scheduler.ts";
import { readDeployConfig } from "../../server/deploy-config.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { type TestRelease, testRelease } from "./release-fixture.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { makeAccount, multipart, sessionOf, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT = "content/pages/about.json";
const CONTACT = "content/pages/contact.json";
const SERVICES = "content/pages/services.json";
const CAREERS = "content/pages/careers.json";
const SECRET = "a-git-webhook-secret-of-32-chars";
/** MEDIA_STORE and its credentials, for both hosts and B's rebuild worker (read from the environment). */
const BUCKET = { MEDIA_STORE: "s3://hosts-media/originals", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };
const body = (response: { body: string }) => JSON.parse(response.body);

const gitIn =
  (cwd: string) =>
  (...args: string[]) =>
    execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "Dev", GIT_AUTHOR_EMAIL: "dev@example.com", GIT_COMMITTER_NAME: "Dev", GIT_COMMITTER_EMAIL: "dev@example.com" } }).trim();

/** Edits a page's title in a clone and commits it there. */
function commitTitle(cwd: string, file: string, title: string): string {
  const data = JSON.parse(readFileSync(path.join(cwd, file), "utf8"));
  data.meta.title = title;
  writeFileSync(path.join(cwd, file), `${JSON.stringify(data, null, 2)}\n`);
  const git = gitIn(cwd);
  git("commit", "--quiet", `--message=Dev: ${title}`, "--", file);
  return git("rev-parse", "HEAD");
}

test("CONTENT_GIT_REMOTE is a remote's name, never a URL; GIT_WEBHOOK_SECRET is long and needs it", () => {
  expect(readDeployConfig({ CONTENT_GIT_REMOTE: "origin", GIT_WEBHOOK_SECRET: SECRET })).toEqual({ contentGitRemote: "origin", gitWebhookSecret: SECRET });
  for (const bad of ["https://user:token@git.example.com/site.git", "git@example.com:site.git", "--upload-pack=evil", "-o", "../remote", "a b"]) {
    expect(() => readDeployConfig({ CONTENT_GIT_REMOTE: bad }), bad).toThrow(expect.objectContaining({ code: "InvalidGitRemote" }));
  }
  expect(() => readDeployConfig({ CONTENT_GIT_REMOTE: "origin", GIT_WEBHOOK_SECRET: "too short" })).toThrow(expect.objectContaining({ code: "InvalidGitWebhookSecret" }));
  expect(() => readDeployConfig({ GIT_WEBHOOK_SECRET: SECRET })).toThrow(expect.objectContaining({ code: "GitWebhookNeedsRemote" }));
});

describe("several hosts: the studio pushes, the others pull on their git webhook", () => {
  let release: TestRelease;
  let dir: string;
  let s3: S3rver;
  let bare: string;
  let a: TestApp;
  let b: TestApp;
  let aRoot: string;
  let devRoot: string;
  let session: string;
  const remoteMain = () => gitIn(bare)("rev-parse", "refs/heads/main");
  const headOf = (root: string) => gitIn(root)("rev-parse", "HEAD");

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "content-hosts-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: "hosts-media", configs: [] }] });
    const { address, port } = (await s3.run()) as { address: string; port: number };
    Object.assign(process.env, BUCKET, { MEDIA_S3_ENDPOINT: `http://${address}:${port}` });
    release = await testRelease("content-hosts", { links: true });
    bare = path.join(dir, "remote.git");
    aRoot = path.join(dir, "a");
    devRoot = path.join(dir, "dev");
    const b0 = gitIn(release.work);
    b0("init", "--quiet", "--initial-branch=main");
    b0("add", ".");
    b0("commit", "--quiet", "--message=Content");
    gitIn(dir)("clone", "--quiet", "--bare", release.work, bare);
    b0("remote", "add", "origin", bare);
    b0("fetch", "--quiet", "origin");
    gitIn(dir)("clone", "--quiet", bare, aRoot);
    gitIn(dir)("clone", "--quiet", bare, devRoot);

    const run = async (): Promise<RunOutcome> => ({ code: 0, result: { release: "r", rendered: [], removed: [], unchanged: 0, ms: 1 } });
    a = await startFormsApp({ studio: true, contentRoot: aRoot, contentGitRemote: "origin", rebuilds: { run }, pushRetry: { retryMs: 200, maxRetryMs: 400 } });
    b = await startFormsApp({ buildDir: release.buildDir, contentRoot: release.work, contentGitRemote: "origin", gitWebhookSecret: SECRET });
    const account = await makeAccount(a.app.storage.db, "asha.hosts@example.com", "editor", "Asha Rao");
    session = await sessionOf(a.app.storage.db, account.id);
  }, 900_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const key of [...Object.keys(BUCKET), "MEDIA_S3_ENDPOINT"]) delete process.env[key];
    await s3?.close().catch(() => undefined);
    release?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Publishes a new title for a page on host A, through the studio's real publish path. */
  async function publishTitle(file: string, title: string) {
    const text = readFileSync(path.join(aRoot, file), "utf8");
    const data = JSON.parse(text);
    data.meta.title = title;
    return studio(a, "POST", "/api/studio/publish", { session, body: { file, base: versionOf(text), data } });
  }
  const hostsOfA = async () => body(await studio(a, "GET", "/api/studio/publish/status", { session })).hosts;
  const hook = (authorization?: string) => b.app.inject({ method: "POST", url: "/api/hooks/git", headers: { ...(authorization !== undefined && { authorization }), "content-type": "application/json" }, payload: "{}" });
  const hookState = async () => body(await b.app.inject({ url: "/api/hooks/git", headers: { authorization: `Bearer ${SECRET}` } }));
  const served = async (url: string) => (await b.app.inject({ url })).body;

  test("a publish on the studio is pushed, and the other host serves it within 15 s of its webhook", async () => {
    const published = await publishTitle(ABOUT, "About us, from host A");
    expect(published.statusCode, published.body).toBe(200);
    const { commit } = body(published);
    await vi.waitFor(async () => expect(await hostsOfA()).toMatchObject({ remote: "origin", unpushed: 0, oldest: null, stopped: null }), { timeout: 10_000 });
    expect(remoteMain()).toBe(commit);
    // The audit log: the push once, by no one signed in, naming the remote and the commit.
    const pushes = await a.app.storage.db.selectFrom("studio_audit").selectAll().where("action", "=", "publish.pushed").execute();
    expect(pushes.map((p) => ({ actor: p.actor_email, target: p.target, commits: JSON.parse(p.detail).commits }))).toEqual([{ actor: null, target: "origin", commits: [commit] }]);
    expect(await served("/about")).not.toContain("About us, from host A");

    const started = Date.now();
    const pulled = await hook(`Bearer ${SECRET}`);
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(body(pulled)).toMatchObject({ outcome: "pulled", head: commit, live: "pending" });
    expect(headOf(release.work)).toBe(commit);
    await vi.waitFor(async () => expect(await served("/about")).toContain("About us, from host A"), { timeout: 15_000, interval: 100 });
    const ms = Date.now() - started;
    console.info(`several hosts: served on host B ${ms} ms after its webhook`);
    expect(ms).toBeLessThan(15_000);
    await vi.waitFor(async () => expect((await hookState()).last).toMatchObject({ outcome: "pulled", head: commit, live: "live" }), { timeout: 10_000 });
  }, 120_000);

  test("an image published on A with a page is served by B in every size the page names, made by B's rebuild after its pull from the one bucket's original", async () => {
    const picture = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 100, b: 0 } } }).png().toBuffer();
    const { id } = body(await studio(a, "POST", "/api/studio/media", { session, ...multipart([{ name: "orange field.png", bytes: picture }]) })).results[0].asset;
    expect((await studio(a, "PUT", `/api/studio/media/${id}`, { session, body: { alt: "An orange field" } })).statusCode).toBe(200);
    // Contact's hero, published with the new image in its commit: the entry and the page in git, the original the bucket's.
    const contact = readFileSync(path.join(aRoot, CONTACT), "utf8");
    const data = JSON.parse(contact);
    data.blocks[0].image = { asset: id };
    const published = await studio(a, "POST", "/api/studio/publish", { session, body: { file: CONTACT, base: versionOf(contact), data } });
    expect(published.statusCode, published.body).toBe(200);
    expect(gitIn(aRoot)("show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([`content/media/${id}.json`, CONTACT]);
    await vi.waitFor(async () => expect(await hostsOfA()).toMatchObject({ unpushed: 0 }), { timeout: 10_000 });

    expect(body(await hook(`Bearer ${SECRET}`))).toMatchObject({ outcome: "pulled", head: body(published).commit, live: "pending" });
    const page = await vi.waitFor(
      async () => {
        const html = await served("/contact");
        expect(html).toContain(`/_media/v1/${id}.`);
        return html;
      },
      { timeout: 30_000, interval: 100 },
    );
    // The fallback file and an AVIF size, as the page names them: each served, A's picture at the page's proportions.
    const img = page.match(new RegExp(`<img[^>]* src="(/_media/v1/${id}\\.[^"]+)"[^>]*>`))!;
    const avif = page.match(new RegExp(`srcSet="(/_media/v1/${id}\\.[^" ]+\\.avif) (\\d+)w`, "i"))!;
    const attribute = (name: string) => Number(img[0].match(new RegExp(` ${name}="(\\d+)"`))?.[1]);
    const [width, height] = [attribute("width"), attribute("height")];
    for (const [url, type, wide] of [[img[1]!, "image/png", width], [avif[1]!, "image/avif", Number(avif[2])]] as const) {
      const file = await b.app.inject({ url });
      expect([file.statusCode, file.headers["content-type"]], url).toEqual([200, type]);
      const served = sharp(file.rawPayload);
      const { width: w, height: h } = await served.metadata();
      expect([w, h], url).toEqual([wide, Math.round((wide * height) / width)]);
      const { dominant } = await served.stats();
      expect(Math.abs(dominant.r - 200) + Math.abs(dominant.g - 100) + dominant.b, url).toBeLessThan(60);
    }
  });

  test("the hook refuses a missing or wrong bearer with 401 and pulls nothing; a host without GIT_WEBHOOK_SECRET has no hook", async () => {
    gitIn(devRoot)("pull", "--quiet", "--ff-only");
    const devCommit = commitTitle(devRoot, CONTACT, "Contact, from dev");
    gitIn(devRoot)("push", "--quiet", "origin", "main");
    const head = headOf(release.work);
    for (const authorization of [undefined, "", `Bearer ${SECRET.slice(0, -1)}x`, `Bearer ${SECRET}x`, SECRET, `Basic ${SECRET}`]) {
      const refused = await hook(authorization);
      expect(`${refused.statusCode} ${body(refused).error.code}`, String(authorization)).toBe("401 GitHookUnauthorised");
      expect(refused.headers["www-authenticate"]).toBe('Bearer realm="git-webhook"');
    }
    expect((await b.app.inject({ url: "/api/hooks/git" })).statusCode).toBe(401);
    // The body is never read, and a large one is refused after the secret, not before it.
    const large = "x".repeat(17 * 1024);
    expect((await b.app.inject({ method: "POST", url: "/api/hooks/git", headers: { "content-type": "application/json" }, payload: large })).statusCode).toBe(401);
    const tooLarge = await b.app.inject({ method: "POST", url: "/api/hooks/git", headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" }, payload: large });
    expect(`${tooLarge.statusCode} ${body(tooLarge).error.code}`).toBe("413 GitHookTooLarge");
    expect(headOf(release.work)).toBe(head);

    const noHook = await a.app.inject({ method: "POST", url: "/api/hooks/git", headers: { authorization: `Bearer ${SECRET}` } });
    expect(noHook.statusCode).toBe(404);

    const pulled = await hook(`Bearer ${SECRET}`);
    expect(body(pulled)).toMatchObject({ outcome: "pulled", head: devCommit });
    const again = await hook(`Bearer ${SECRET}`);
    expect(body(again)).toEqual({ outcome: "current", head: devCommit });
  });

  test("hooks that arrive together share their pulls", async () => {
    gitIn(devRoot)("pull", "--quiet", "--ff-only");
    const devCommit = commitTitle(devRoot, CONTACT, "Contact, again from dev");
    gitIn(devRoot)("push", "--quiet", "origin", "main");
    const before = (await hookState()).pulls;
    const answers = await Promise.all(Array.from({ length: 6 }, () => hook(`Bearer ${SECRET}`)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((r) => body(r).outcome).sort()).toEqual(["current", "current", "current", "current", "current", "pulled"]);
    expect(headOf(release.work)).toBe(devCommit);
    // One pull for the first hook, one shared by the five that came while it ran.
    expect((await hookState()).pulls - before).toBe(2);
  });

  test("a push that fails is tried again in the background; the studio says what is not pushed yet until it goes through", async () => {
    gitIn(aRoot)("pull", "--quiet", "--ff-only");
    renameSync(bare, `${bare}.away`);
    let commit: string;
    try {
      const published = await publishTitle(ABOUT, "About us, while the remote is away");
      expect(published.statusCode, published.body).toBe(200);
      commit = body(published).commit;
      // Read between two attempts (during one, the next has no time yet).
      await vi.waitFor(async () => expect(await hostsOfA()).toMatchObject({ unpushed: 1, oldest: { commit, date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }, lastError: expect.any(String), nextAttemptAt: expect.any(String), stopped: null }), { timeout: 10_000 });
    } finally {
      renameSync(`${bare}.away`, bare);
    }
    await vi.waitFor(async () => expect(await hostsOfA()).toMatchObject({ unpushed: 0, lastError: null }), { timeout: 10_000 });
    expect(remoteMain()).toBe(commit);
  });

  test("commits a studio left unpushed are pushed when it starts", async () => {
    const clone = path.join(dir, "a2");
    gitIn(dir)("clone", "--quiet", bare, clone);
    const left = commitTitle(clone, CAREERS, "Careers, committed while the studio was down");
    const restarted = await startFormsApp({ studio: true, contentRoot: clone, contentGitRemote: "origin", rebuilds: { run: async () => ({ code: 0 }) } });
    try {
      await vi.waitFor(() => expect(remoteMain()).toBe(left), { timeout: 10_000 });
    } finally {
      await restarted.close();
    }
  });

  test("a studio whose remote has commits it lacks stops publishing, and its push never overwrites them", async () => {
    gitIn(devRoot)("pull", "--quiet", "--ff-only");
    const devCommit = commitTitle(devRoot, CONTACT, "Contact, pushed while the studio publishes");
    gitIn(devRoot)("push", "--quiet", "origin", "main");

    const published = await publishTitle(ABOUT, "About us, diverging");
    expect(published.statusCode, published.body).toBe(200);
    const studioCommit = body(published).commit;
    await vi.waitFor(async () => expect((await hostsOfA()).stopped?.code).toBe("ContentPushDiverged"), { timeout: 10_000 });
    expect(await hostsOfA()).toMatchObject({ unpushed: 1, oldest: { commit: studioCommit } });
    // Tried again and again, and the remote still has the developer's commit: nothing forced.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(gitIn(bare)("for-each-ref", "--format=%(refname) %(objectname)")).toBe(`refs/heads/main ${devCommit}`);

    const head = headOf(aRoot);
    const refused = await publishTitle(ABOUT, "About us, not now");
    expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 ContentPushDiverged");
    expect(body(refused).error.message).toContain("origin refused the studio's 1 commit");
    expect(headOf(aRoot)).toBe(head);

    // A developer merges on the studio's server; the retries push the merge, and publishing starts again.
    gitIn(aRoot)("pull", "--quiet", "--no-rebase", "--no-edit", "origin", "main");
    await vi.waitFor(async () => expect(await hostsOfA()).toMatchObject({ unpushed: 0, stopped: null }), { timeout: 10_000 });
    expect(remoteMain()).toBe(headOf(aRoot));
    gitIn(bare)("merge-base", "--is-ancestor", devCommit, "main");
    gitIn(bare)("merge-base", "--is-ancestor", studioCommit, "main");
    expect((await publishTitle(ABOUT, "About us, published again")).statusCode).toBe(200);
  });

  test("a host whose history cannot fast-forward stops with a clear message, pulls and rebuilds nothing until resolved", async () => {
    gitIn(devRoot)("pull", "--quiet", "--ff-only");
    const theirs = commitTitle(devRoot, CAREERS, "Careers, pushed while host B has a hotfix");
    gitIn(devRoot)("push", "--quiet", "origin", "main");
    const local = commitTitle(release.work, SERVICES, "Services, a hotfix made on host B");
    const runs = b.app.rebuilds!.state().runs;
    const page = await served("/about");

    for (let i = 0; i < 2; i++) {
      const stopped = await hook(`Bearer ${SECRET}`);
      expect(stopped.statusCode, stopped.body).toBe(409);
      const { error } = body(stopped);
      expect(error.code).toBe("ContentHistoryDiverged");
      expect(error.message).toBe(`This host's content (at ${local.slice(0, 7)}) has commits origin/main (at ${theirs.slice(0, 7)}) does not, and origin/main has commits it does not: it cannot fast-forward, so nothing was pulled, and nothing more will be until this is resolved.`);
      expect(error.hint).toContain("Nothing is ever force-pushed or rewritten");
      expect(headOf(release.work)).toBe(local);
    }
    expect((await hookState()).stopped).toMatchObject({ code: "ContentHistoryDiverged" });
    expect(b.logs.some((line) => line.includes("ContentHistoryDiverged") || line.includes("cannot fast-forward"))).toBe(true);
    expect(b.app.rebuilds!.state().runs).toBe(runs);
    expect(await served("/about")).toBe(page);
    expect(remoteMain()).toBe(theirs); // the host's own commit went nowhere

    // Resolved on host B by a merge: the next hook finds it so.
    gitIn(release.work)("merge", "--quiet", "--no-edit", "origin/main");
    const resolved = await hook(`Bearer ${SECRET}`);
    expect(`${resolved.statusCode} ${body(resolved).outcome} ${body(resolved).live}`).toBe("200 current pending");
    expect((await hookState()).stopped).toBeNull();
    await vi.waitFor(async () => expect(await served("/careers")).toContain("Careers, pushed while host B has a hotfix"), { timeout: 60_000, interval: 200 });
    expect(await served("/services")).toContain("Services, a hotfix made on host B");
  });
});
