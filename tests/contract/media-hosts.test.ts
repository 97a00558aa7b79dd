/**
 * Several hosts and one S3-compatible store (issue 39): two studios, each with its own database
 * and clone of the content, one git remote (CONTENT_GIT_REMOTE) and one bucket (s3rver on
 * loopback, MEDIA_STORE). An image published on host A (its original into the bucket, its entry
 * in the pushed commit) is, once host B pulls on its webhook, a published image there too, its
 * original read from the same bucket; B's restore of an earlier version reaches A the same way.
 * The hosts' rebuilds are stand-ins here: that a second host's real rebuild makes the image's
 * public sizes from the bucket and serves them is tests/contract/content-hosts.test.ts's (its
 * host B has the real one already).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { contentRepository } from "./content-repository.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { makeAccount, multipart, sessionOf, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const SECRET = "a-git-webhook-secret-of-32-chars";
const SETTINGS = { MEDIA_STORE: "s3://hosts-media/originals", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };
const body = (response: { body: string }) => JSON.parse(response.body);
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

describe("two hosts on one git remote and one bucket", () => {
  let dir: string;
  let s3: S3rver;
  const hosts: { app: TestApp; root: string; session: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "media-hosts-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: "hosts-media", configs: [] }] });
    const { address, port } = (await s3.run()) as { address: string; port: number };
    Object.assign(process.env, SETTINGS, { MEDIA_S3_ENDPOINT: `http://${address}:${port}` });
    const origin = contentRepository(path.join(dir, "origin-work"));
    execFileSync("git", ["clone", "--quiet", "--bare", origin, path.join(dir, "remote.git")]);
    for (const name of ["a", "b"]) {
      const root = path.join(dir, name);
      execFileSync("git", ["clone", "--quiet", path.join(dir, "remote.git"), root]);
      const app = await startFormsApp({ studio: true, contentRoot: root, contentGitRemote: "origin", gitWebhookSecret: SECRET, rebuilds: { run: async () => ({ code: 0 }) }, pushRetry: { retryMs: 200, maxRetryMs: 400 } });
      const account = await makeAccount(app.app.storage.db, `asha.${name}@example.com`, "editor", `Asha on ${name.toUpperCase()}`);
      hosts.push({ app, root, session: await sessionOf(app.app.storage.db, account.id) });
    }
  }, 120_000);
  afterAll(async () => {
    for (const host of hosts) await host.app.close();
    for (const key of [...Object.keys(SETTINGS), "MEDIA_S3_ENDPOINT"]) delete process.env[key];
    await s3?.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const pull = async (host: (typeof hosts)[number]) => {
    const pulled = await host.app.app.inject({ method: "POST", url: "/api/hooks/git", headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" }, payload: "{}" });
    expect(pulled.statusCode, pulled.body).toBe(200);
  };
  const pushed = (host: (typeof hosts)[number]) => vi.waitFor(async () => expect(body(await studio(host.app, "GET", "/api/studio/publish/status", { session: host.session })).hosts).toMatchObject({ unpushed: 0 }), { timeout: 10_000 });

  test("an image published on A is published on B after its pull, its original read from the one bucket; a restore on B reaches A alike", async () => {
    const [a, b] = hosts as [(typeof hosts)[number], (typeof hosts)[number]];
    const picture = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 100, b: 0 } } }).png().toBuffer();
    const uploaded = body(await studio(a.app, "POST", "/api/studio/media", { session: a.session, ...multipart([{ name: "shared.png", bytes: picture }]) })).results[0];
    const id = uploaded.asset.id as string;
    expect((await studio(a.app, "PUT", `/api/studio/media/${id}`, { session: a.session, body: { alt: "An orange field" } })).statusCode).toBe(200);
    expect((await studio(a.app, "POST", `/api/studio/media/${id}/publish`, { session: a.session })).statusCode).toBe(200);
    // Only the entry is in git: the original is the bucket's.
    expect(git(a.root, "show", "--name-only", "--format=", "HEAD")).toBe(`content/media/${id}.json`);
    await pushed(a);

    expect((await studio(b.app, "GET", `/api/studio/media/${id}`, { session: b.session })).statusCode).toBe(404);
    await pull(b);
    expect(body(await studio(b.app, "GET", `/api/studio/media/${id}`, { session: b.session })).asset).toMatchObject({ state: "published", manifest: { alt: "An orange field" } });
    const served = await studio(b.app, "GET", `/api/studio/media/${id}/file`, { session: b.session });
    expect([served.statusCode, served.headers["content-type"], served.rawPayload.length]).toEqual([200, "image/png", uploaded.asset.manifest.bytes]);

    // Described again on B and restored there to A's version: A sees the restore after its pull.
    expect((await studio(b.app, "PUT", `/api/studio/media/${id}`, { session: b.session, body: { alt: "An orange field at noon" } })).statusCode).toBe(200);
    expect((await studio(b.app, "POST", `/api/studio/media/${id}/publish`, { session: b.session })).statusCode).toBe(200);
    const versions = body(await studio(b.app, "GET", `/api/studio/media/${id}/history`, { session: b.session })).versions as { rev: string }[];
    expect(versions).toHaveLength(2);
    const restored = await studio(b.app, "POST", `/api/studio/media/${id}/revert`, { session: b.session, body: { rev: versions[1]!.rev } });
    expect(restored.statusCode, restored.body).toBe(200);
    await pushed(b);
    await pull(a);
    expect(body(await studio(a.app, "GET", `/api/studio/media/${id}`, { session: a.session })).asset.manifest.alt).toBe("An orange field");
    expect(body(await studio(a.app, "GET", `/api/studio/media/${id}/history`, { session: a.session })).versions).toHaveLength(3);
  });
});
