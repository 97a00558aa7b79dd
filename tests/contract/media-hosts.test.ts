/**
 * Several hosts and one S3-compatible store (issue 39): two studios, each with its own database
 * and clone of the content, one git remote (CONTENT_GIT_REMOTE) and one bucket (s3rver on
 * loopback, MEDIA_STORE). An image published on host A (its original into the bucket, its entry
 * in the pushed commit) is, once host B pulls on its webhook, a published image there too, its
 * original read from the same bucket; B serves a copy of the project's build, and the real
 * incremental rebuild its pull asks for makes the image's public sizes from that original, as a
 * second host does in production. B's restore of an earlier version reaches A the same way.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { versionOf } from "../../src/editor/server/store.ts";
import { contentRepository } from "./content-repository.ts";
import { startFormsApp, type TestApp } from "./forms-harness.ts";
import { type TestRelease, testRelease } from "./release-fixture.ts";
import { makeAccount, multipart, sessionOf, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const SECRET = "a-git-webhook-secret-of-32-chars";
const CONTACT = "content/pages/contact.json";
const SETTINGS = { MEDIA_STORE: "s3://hosts-media/originals", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };
const body = (response: { body: string }) => JSON.parse(response.body);
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

describe("two hosts on one git remote and one bucket", () => {
  let dir: string;
  let s3: S3rver;
  let release: TestRelease;
  const hosts: { app: TestApp; root: string; session: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "media-hosts-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: path.join(dir, "s3"), configureBuckets: [{ name: "hosts-media", configs: [] }] });
    const { address, port } = (await s3.run()) as { address: string; port: number };
    // Before B starts: its rebuild worker reads the store's settings from its environment.
    Object.assign(process.env, SETTINGS, { MEDIA_S3_ENDPOINT: `http://${address}:${port}` });
    // B's content is the release's (its pull rebuilds from it); the remote starts as its copy, A clones that.
    release = await testRelease("media-hosts", { links: true });
    const remote = path.join(dir, "remote.git");
    execFileSync("git", ["clone", "--quiet", "--bare", contentRepository(release.work), remote]);
    execFileSync("git", ["remote", "add", "origin", remote], { cwd: release.work });
    execFileSync("git", ["fetch", "--quiet", "origin"], { cwd: release.work });
    execFileSync("git", ["clone", "--quiet", remote, path.join(dir, "a")]);
    const started = [
      { name: "a", root: path.join(dir, "a"), rebuilds: { rebuilds: { run: async () => ({ code: 0 }) } } },
      { name: "b", root: release.work, rebuilds: { buildDir: release.buildDir } },
    ].map(async ({ name, root, rebuilds }) => {
      const app = await startFormsApp({ studio: true, contentRoot: root, contentGitRemote: "origin", gitWebhookSecret: SECRET, pushRetry: { retryMs: 200, maxRetryMs: 400 }, ...rebuilds });
      const account = await makeAccount(app.app.storage.db, `asha.${name}@example.com`, "editor", `Asha on ${name.toUpperCase()}`);
      return { app, root, session: await sessionOf(app.app.storage.db, account.id) };
    });
    hosts.push(...(await Promise.all(started)));
  }, 900_000);
  afterAll(async () => {
    for (const host of hosts) await host.app.close();
    for (const key of [...Object.keys(SETTINGS), "MEDIA_S3_ENDPOINT"]) delete process.env[key];
    await s3?.close().catch(() => undefined);
    release?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const pull = async (host: (typeof hosts)[number]) => {
    const pulled = await host.app.app.inject({ method: "POST", url: "/api/hooks/git", headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" }, payload: "{}" });
    expect(pulled.statusCode, pulled.body).toBe(200);
  };
  const pushed = (host: (typeof hosts)[number]) => vi.waitFor(async () => expect(body(await studio(host.app, "GET", "/api/studio/publish/status", { session: host.session })).hosts).toMatchObject({ unpushed: 0 }), { timeout: 10_000 });

  test("an image published on A is published on B after its pull, its original read from the one bucket, its sizes made by B's rebuild and served; a restore on B reaches A alike", async () => {
    const [a, b] = hosts as [(typeof hosts)[number], (typeof hosts)[number]];
    const picture = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 100, b: 0 } } }).png().toBuffer();
    const uploaded = body(await studio(a.app, "POST", "/api/studio/media", { session: a.session, ...multipart([{ name: "shared.png", bytes: picture }]) })).results[0];
    const id = uploaded.asset.id as string;
    expect((await studio(a.app, "PUT", `/api/studio/media/${id}`, { session: a.session, body: { alt: "An orange field" } })).statusCode).toBe(200);
    // Placed on Contact's hero and published with it, in its commit: the entry and the page in git, the original the bucket's.
    const contact = readFileSync(path.join(a.root, CONTACT), "utf8");
    const data = JSON.parse(contact);
    data.blocks[0].image = { asset: id };
    const placed = await studio(a.app, "POST", "/api/studio/publish", { session: a.session, body: { file: CONTACT, base: versionOf(contact), data } });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(git(a.root, "show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([`content/media/${id}.json`, CONTACT]);
    await pushed(a);

    expect((await studio(b.app, "GET", `/api/studio/media/${id}`, { session: b.session })).statusCode).toBe(404);
    // The pull asks for B's rebuild, which runs meanwhile (it is waited for below).
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

    // B's rebuild made the sizes its Contact page names, from the bucket's original: each is served, A's picture at the page's size.
    const page = await vi.waitFor(
      async () => {
        const html = (await b.app.app.inject({ url: "/contact" })).body;
        expect(html).toContain(`/_media/v1/${id}.`);
        return html;
      },
      { timeout: 30_000, interval: 200 },
    );
    const img = page.match(new RegExp(`<img[^>]* src="(/_media/v1/${id}\\.[^"]+)"[^>]*>`))!;
    const avif = page.match(new RegExp(`srcSet="(/_media/v1/${id}\\.[^" ]+\\.avif) (\\d+)w`, "i"))!;
    const attribute = (name: string) => Number(img[0].match(new RegExp(` ${name}="(\\d+)"`))?.[1]);
    const [width, height] = [attribute("width"), attribute("height")];
    for (const [url, type, wide] of [[img[1]!, "image/png", width], [avif[1]!, "image/avif", Number(avif[2])]] as const) {
      const file = await b.app.app.inject({ url });
      expect([file.statusCode, file.headers["content-type"]], url).toEqual([200, type]);
      const picture = sharp(file.rawPayload);
      const metadata = await picture.metadata();
      expect([metadata.width, metadata.height], url).toEqual([wide, Math.round((wide * height) / width)]);
      const { dominant } = await picture.stats();
      expect(Math.abs(dominant.r - 200) + Math.abs(dominant.g - 100) + dominant.b, url).toBeLessThan(60);
    }
  });
});
