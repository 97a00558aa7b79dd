/**
 * Local mode (ADMIN=1) is the studio on the developer's computer (server/studio/local.ts): at
 * start it makes sure of a local owner, an admin, and the link it prints signs a browser on
 * this computer in as them: once, for a few minutes, and never from another machine or host.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { ensureLocalOwner, LOCAL_LINK_LIFETIME_MS, LOCAL_SIGN_IN_PATH } from "../../server/studio/local.ts";
import type { RunOutcome } from "../../server/build/scheduler.ts";
import { STUDIO_API } from "../../server/studio/guard.ts";
import { csrfTokenOf } from "../../server/studio/auth/sessions.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { contentRepository, gitIn } from "./content-repository.ts";
import { makeTestBuild, startFormsApp, type TestApp } from "./forms-harness.ts";
import { sessionFrom } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://127.0.0.1:3000";
const body = (response: { body: string }) => JSON.parse(response.body);
const tokenIn = (link: string) => new URL(link).searchParams.get("token")!;
const ABOUT = "content/pages/about.json";
/** The content root: a git checkout, as the developer's is. */
let root: string;

/** A session of the local owner, through a printed link. */
async function signIn(t: TestApp) {
  return sessionFrom(await open(t, (await t.app.localSignIn!(ORIGIN)).link), "studio");
}

/** Publishes a change to a page from its version on disk, as the editor would (with the session's CSRF token). */
async function publish(t: TestApp, session: string, file: string, change: (data: Record<string, unknown>) => Record<string, unknown>) {
  const text = readFileSync(path.join(root, file), "utf8");
  return t.app.inject({
    method: "POST",
    url: `${STUDIO_API}/publish`,
    remoteAddress: "127.0.0.1",
    headers: { host: "127.0.0.1:3000", origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json", cookie: `studio=${session}`, "x-csrf-token": csrfTokenOf(session) },
    payload: JSON.stringify({ file, base: versionOf(text), data: change(JSON.parse(text)) }),
  });
}

/** Opening the link as a browser on this computer would (or as the options say). */
function open(t: TestApp, link: string, { remoteAddress = "127.0.0.1", host = "127.0.0.1:3000", headers = {} }: { remoteAddress?: string; host?: string; headers?: Record<string, string> } = {}) {
  const url = new URL(link);
  return t.app.inject({ method: "GET", url: url.pathname + url.search, remoteAddress, headers: { host, "sec-fetch-site": "none", "user-agent": "Mozilla/5.0 (local test)", ...headers } });
}

const me = (t: TestApp, session: string) => t.app.inject({ method: "GET", url: `${STUDIO_API}/me`, remoteAddress: "127.0.0.1", headers: { host: "127.0.0.1:3000", cookie: `studio=${session}` } });

const refusedWith = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(body(response).error.code).toBe(code);
  expect(response.headers["set-cookie"]).toBeUndefined();
};

describe("local mode: the studio, signed in through the printed link", () => {
  let t: TestApp;
  const buildDir = makeTestBuild();
  beforeAll(async () => {
    root = contentRepository();
    gitIn(root)("config", "user.name", "Dev Eloper");
    gitIn(root)("config", "user.email", "dev@example.com");
    // A publish asks for a rebuild: a stand-in here, as in the studio's publishing tests.
    const run = async (): Promise<RunOutcome> => ({ code: 0, result: { release: "r", rendered: ["/about"], removed: [], unchanged: 0, ms: 1 } });
    t = await startFormsApp({ admin: true, studio: true, contentRoot: root, buildDir, rebuilds: { run } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  });

  test("the terminal's link signs in once, as the local owner, an admin named after the checkout's git identity", async () => {
    const { link, notice } = await t.app.localSignIn!(ORIGIN);
    expect(link).toMatch(new RegExp(`^${ORIGIN}${STUDIO_API}${LOCAL_SIGN_IN_PATH}\\?token=[A-Za-z0-9_-]{43}$`));
    expect(notice).toContain(link);
    const opened = await open(t, link);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe("/admin");
    expect(opened.headers["cache-control"]).toBe("no-store");
    const cookie = [opened.headers["set-cookie"]].flat().join();
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const session = sessionFrom(opened, "studio");
    const who = await me(t, session);
    expect(who.statusCode).toBe(200);
    expect(body(who).user).toMatchObject({ email: "dev@example.com", name: "Dev Eloper", role: "admin" });

    // Once only.
    refusedWith(await open(t, link), 400, errors.StudioLocalLinkInvalid.code);
    // The sign-in screen says where the way in is.
    expect(body(await open(t, `${ORIGIN}${STUDIO_API}/sign-in-options`))).toEqual({ resetByMail: false, local: true });
  });

  test("a link expires", async () => {
    const { link } = await t.app.localSignIn!(ORIGIN);
    const expiresIn = await t.app.storage.db.selectFrom("studio_tokens").select(["created_at", "expires_at"]).where("purpose", "=", "local-sign-in").where("used_at", "is", null).executeTakeFirstOrThrow();
    expect(Date.parse(expiresIn.expires_at) - Date.parse(expiresIn.created_at)).toBe(LOCAL_LINK_LIFETIME_MS);
    await t.app.storage.db.updateTable("studio_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("purpose", "=", "local-sign-in").execute();
    refusedWith(await open(t, link), 400, errors.StudioLocalLinkInvalid.code);
  });

  test("a new link retires the one printed before", async () => {
    const first = await t.app.localSignIn!(ORIGIN);
    const second = await t.app.localSignIn!(ORIGIN);
    refusedWith(await open(t, first.link), 400, errors.StudioLocalLinkInvalid.code);
    expect((await open(t, second.link)).statusCode).toBe(303);
  });

  test("only on this computer: another machine, a client a loopback proxy forwards, or another host name are refused, and the link still works after", async () => {
    const { link } = await t.app.localSignIn!(ORIGIN);
    refusedWith(await open(t, link, { remoteAddress: "192.0.2.7" }), 403, errors.StudioLocalOnly.code);
    refusedWith(await open(t, link, { headers: { "x-forwarded-for": "192.0.2.7" } }), 403, errors.StudioLocalOnly.code);
    // A DNS-rebinding page or a forwarder's own name: plain http to it is no studio connection at all.
    refusedWith(await open(t, link, { host: "rebound.example.com:3000" }), 403, errors.StudioNeedsHttps.code);
    refusedWith(await open(t, link, { host: "rebound.example.com", headers: { "x-forwarded-proto": "https" } }), 403, errors.StudioLocalOnly.code);
    expect((await open(t, link, { host: "localhost:5173", headers: { "x-forwarded-for": "127.0.0.1" } })).statusCode).toBe(303);
  });

  test("a wrong or missing token is refused alike, and a sign-in link never sets a password", async () => {
    refusedWith(await open(t, `${ORIGIN}${STUDIO_API}${LOCAL_SIGN_IN_PATH}?token=${"A".repeat(43)}`), 400, errors.StudioLocalLinkInvalid.code);
    refusedWith(await open(t, `${ORIGIN}${STUDIO_API}${LOCAL_SIGN_IN_PATH}`), 400, errors.StudioLocalLinkInvalid.code);
    const { link } = await t.app.localSignIn!(ORIGIN);
    const set = await t.app.inject({
      method: "POST",
      url: `${STUDIO_API}/password`,
      remoteAddress: "127.0.0.1",
      headers: { host: "127.0.0.1:3000", origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      payload: JSON.stringify({ token: tokenIn(link), password: "Tulsi chai at four" }),
    });
    refusedWith(set, 400, errors.StudioLinkInvalid.code);
    expect((await open(t, link)).statusCode).toBe(303);
  });

  test("publishing commits the page alone, as the developer, and leaves their other changes as they were", async () => {
    const git = gitIn(root);
    writeFileSync(path.join(root, "README.md"), "staged notes\n");
    git("add", "README.md");
    writeFileSync(path.join(root, "README.md"), "staged notes, then more\n");
    writeFileSync(path.join(root, "notes.txt"), "untracked\n");
    const status = git("status", "--porcelain");
    const before = git("rev-parse", "HEAD");
    const session = await signIn(t);
    const published = await publish(t, session, ABOUT, (data) => ({ ...data, meta: { ...(data.meta as object), title: "About us, locally" } }));
    expect(published.statusCode, published.body.slice(0, 600)).toBe(200);
    expect(git("rev-parse", "HEAD~1")).toBe(before);
    expect(git("show", "--name-only", "--format=%an <%ae>", "HEAD")).toBe(`Dev Eloper <dev@example.com>\n\n${ABOUT}`);
    expect(git("status", "--porcelain")).toBe(status);
    expect(git("diff", "--cached", "--name-only")).toBe("README.md");
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toBe("staged notes, then more\n");
    git("reset", "--quiet", "--", "README.md");
    rmSync(path.join(root, "README.md"));
    rmSync(path.join(root, "notes.txt"));
  });

  test("in the middle of the developer's merge, or with their uncommitted content, nothing is published", async () => {
    const git = gitIn(root);
    const session = await signIn(t);
    const text = readFileSync(path.join(root, ABOUT), "utf8");
    writeFileSync(path.join(root, "content/pages/contact.json"), `${readFileSync(path.join(root, "content/pages/contact.json"), "utf8")} `);
    const dirty = await publish(t, session, ABOUT, (data) => ({ ...data, meta: { ...(data.meta as object), title: "Not now" } }));
    expect(`${dirty.statusCode} ${body(dirty).error.code}`).toBe("409 StudioTreeDirty");
    git("checkout", "--", "content/pages/contact.json");

    git("checkout", "--quiet", "-b", "theirs");
    writeFileSync(path.join(root, "merge.txt"), "theirs\n");
    git("add", "merge.txt");
    git("commit", "--quiet", "--message=Theirs");
    git("checkout", "--quiet", "-");
    writeFileSync(path.join(root, "merge.txt"), "ours\n");
    git("add", "merge.txt");
    git("commit", "--quiet", "--message=Ours");
    expect(() => git("merge", "--quiet", "theirs")).toThrow();
    const head = git("rev-parse", "HEAD");
    const merging = await publish(t, session, ABOUT, (data) => ({ ...data, meta: { ...(data.meta as object), title: "Not now" } }));
    expect(`${merging.statusCode} ${body(merging).error.code}`).toBe("409 StudioGitUnfinished");
    expect(body(merging).error.message).toContain("a merge");
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(readFileSync(path.join(root, ABOUT), "utf8")).toBe(text);
    git("merge", "--abort");
  });

  // What the printed key guarded before local mode was the studio (the blog admin's and the page
  // editor's own APIs), the studio's session and guard guard now: one way in.
  test("one way in: the old key APIs are gone, and a write needs the owner's session from this site's own pages", async () => {
    const session = await signIn(t);
    const before = gitIn(root)("rev-parse", "HEAD");
    const text = readFileSync(path.join(root, ABOUT), "utf8");
    const local = { host: "127.0.0.1:3000", origin: ORIGIN, "sec-fetch-site": "same-origin", cookie: `studio=${session}` };
    const old = { authorization: "Bearer an-admin-key-from-before-0123456789" };
    for (const [method, url] of [["GET", "/api/admin/posts"], ["POST", "/api/admin/posts"], ["GET", "/api/editor/documents"], ["PUT", "/api/editor/document"]] as const) {
      const answer = await t.app.inject({ method, url, remoteAddress: "127.0.0.1", headers: { ...local, ...old, "content-type": "application/json" }, ...(method !== "GET" && { payload: "{}" }) });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const write = (headers: Record<string, string | undefined>, payload = JSON.stringify({ file: ABOUT, base: versionOf(text), data: { ...JSON.parse(text), meta: { title: "Not from here" } } })) =>
      t.app.inject({
        method: "POST",
        url: `${STUDIO_API}/publish`,
        remoteAddress: "127.0.0.1",
        headers: Object.fromEntries(Object.entries({ ...local, "content-type": "application/json", "x-csrf-token": csrfTokenOf(session), ...headers }).filter(([, v]) => v !== undefined)) as Record<string, string>,
        payload,
      });
    // A local forwarder, or a browser elsewhere through an SSH tunnel: loopback all the way, but without the owner's session.
    refusedWith(await write({ host: "localhost:9000", origin: "http://localhost:9000", cookie: undefined, "x-csrf-token": undefined }), 401, errors.StudioSignedOut.code);
    // Another site, another local port, a sandboxed frame, with the owner's session in the browser.
    refusedWith(await write({ origin: "http://127.0.0.1:8080", "sec-fetch-site": "same-site" }), 403, errors.StudioCrossSite.code);
    refusedWith(await write({ origin: "null", "sec-fetch-site": undefined }), 403, errors.StudioCrossSite.code);
    // The session without its CSRF token, and a cross-site form's body (text/plain).
    refusedWith(await write({ "x-csrf-token": undefined }), 403, errors.StudioCsrfToken.code);
    expect((await write({ "content-type": "text/plain" })).statusCode).toBeGreaterThanOrEqual(400);
    expect(gitIn(root)("rev-parse", "HEAD")).toBe(before);
    expect(readFileSync(path.join(root, ABOUT), "utf8")).toBe(text);
  });

  test("the owner is an admin again at every start, whatever was changed meanwhile", async () => {
    const db = t.app.storage.db;
    await db.updateTable("studio_users").set({ role: "contributor", disabled_at: new Date().toISOString() }).where("email", "=", "dev@example.com").execute();
    const owner = await ensureLocalOwner(db, { name: "Dev Eloper", email: "Dev@Example.com" });
    expect(owner).toMatchObject({ email: "dev@example.com", role: "admin", status: "invited" });
    expect((await db.selectFrom("studio_users").select("id").where("email", "=", "dev@example.com").execute()).length).toBe(1);
  });
});

describe("without local mode", () => {
  test("the studio has no local sign-in route, and prints no link", async () => {
    const t = await startFormsApp({ studio: true });
    try {
      expect(t.app.localSignIn).toBeUndefined();
      const response = await t.app.inject({ method: "GET", url: `${STUDIO_API}${LOCAL_SIGN_IN_PATH}?token=x`, remoteAddress: "127.0.0.1", headers: { host: "127.0.0.1:3000" } });
      refusedWith(response, 404, errors.StudioNotFound.code);
    } finally {
      await t.close();
    }
  });
});
