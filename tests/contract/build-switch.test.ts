/**
 * Builds never disturb the running site: build-and-switch cycles under 100 requests a
 * second to the real server (node build/server.js, started once), with no 5xx answer, and
 * every asset a served page references answering 200, also when the page was served by the
 * build switched out a moment later.
 *
 * Half the cycles are real incremental rebuilds (a post added, then removed again: the
 * release's own rebuild.js); the other half are releases as a change of code makes them, every
 * asset under a new name (the pages of the build before reference names the new one lacks).
 * Every switch goes through server/build/releases.ts, as npm run build's does.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { realpathSync, unlinkSync, writeFileSync } from "node:fs";
import { cp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pruneReleases, startRelease, switchTo } from "../../server/build/releases.ts";
import { postMarkdown, type TestRelease, testRelease } from "./release-fixture.ts";

const RATE = 100;
const MAX_IN_FLIGHT = 50;
/**
 * What each cycle builds: a rebuild that adds a post, one that removes it, or a change of code.
 * Every kind, and a change of code on top of one (its pages name assets two releases old); the
 * ten-cycle run (`npm run soak:build-switch`) repeats them for longer.
 */
const KINDS = ["post added", "post removed", "code changed"] as const;
const CYCLES: readonly (typeof KINDS)[number][] = process.env.BUILD_SWITCH_SOAK
  ? [...KINDS, ...KINDS, ...KINDS, "code changed"]
  : ["post added", "code changed", "post removed", "code changed"];
let t: TestRelease;
let server: ChildProcess;
let origin: string;
let output = "";

beforeAll(async () => {
  t = await testRelease("switch-test");
  // Port 0: the server takes a free port and logs it.
  server = spawn(process.execPath, [path.join(t.buildDir, "server.js")], {
    env: { ...process.env, BUILD_DIR: t.buildDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DATABASE_URL: `file:${path.join(t.work, "site.db")}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d: Buffer) => (output += d));
  server.stderr!.on("data", (d: Buffer) => (output += d));
  for (let i = 0; i < 300 && !origin; i++) {
    origin = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? "";
    if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!origin) throw new Error(`The server did not start:\n${output}`);
}, 900_000);

afterAll(() => {
  server?.kill("SIGTERM");
  t?.remove();
});

/**
 * A release as a change of code makes one: every asset renamed, every reference to it too,
 * in the pages, in the kept server build and in page-assets.json (what later rebuilds render
 * with).
 */
async function codeChange(n: number): Promise<string> {
  const from = realpathSync(t.buildDir);
  const target = await startRelease(t.buildDir);
  // Asynchronous throughout: the load keeps going meanwhile.
  await cp(from, target.dir, { recursive: true });
  const assetsDir = path.join(target.dir, "client/assets");
  const assets = (await readdir(assetsDir)).filter((f) => !/\.(?:br|gz)$/.test(f));
  const renamed = new Map(assets.map((f) => [f, f.replace(/(\.[a-z0-9]+)$/, `-c${n}$1`)]));
  for (const [before, after] of renamed) {
    await rename(path.join(assetsDir, before), path.join(assetsDir, after));
    for (const suffix of [".br", ".gz"]) await rm(path.join(assetsDir, before + suffix), { force: true });
  }
  const pattern = new RegExp([...renamed.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  for (const entry of await readdir(target.dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(?:html|js|css|json)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, "utf8");
    const changed = text.replace(pattern, (name) => renamed.get(name)!);
    if (changed === text) continue;
    await writeFile(file, changed);
    for (const suffix of [".br", ".gz"]) await rm(file + suffix, { force: true }); // stale now
  }
  const release = await target.complete();
  await switchTo(t.buildDir, release);
  await pruneReleases(t.buildDir);
  return release;
}

it(`serves ${CYCLES.length} build-and-switch cycles under ${RATE} requests a second without a failed request`, async () => {
  const pages = ["/", "/about", "/blog", "/services", "/services/web-development", "/contact", "/blog/category/cloud-devops", "/blog/tag/devops", "/app-development", "/nowhere"];
  const queue: { url: string; asset?: string }[] = [];
  const failures: string[] = [];
  let sent = 0;
  let skipped = 0;
  let answered = 0;
  let assetsChecked = 0;
  const inFlight = new Set<Promise<void>>();

  const request = async ({ url, asset }: { url: string; asset?: string }) => {
    try {
      const res = await fetch(origin + url, { redirect: "manual" });
      const body = await res.text();
      answered++;
      if (res.status >= 500) failures.push(`${url}: ${res.status}`);
      if (asset) {
        assetsChecked++;
        if (res.status !== 200) failures.push(`${url}, referenced by ${asset}: ${res.status}`);
      } else if ((res.headers.get("content-type") ?? "").startsWith("text/html")) {
        // The assets this page names, fetched next (before any other page).
        for (const ref of new Set(body.match(/\/assets\/[A-Za-z0-9._-]+\.(?:js|css|svg|woff2)/g) ?? [])) queue.unshift({ url: ref, asset: url });
      }
    } catch (error) {
      failures.push(`${url}: ${String(error)}`);
    }
  };

  let page = 0;
  const started = Date.now();
  // Catches up when a tick comes late (a busy machine), but never by more than a second's worth
  // nor beyond MAX_IN_FLIGHT open requests: a flood would measure the client, not the server.
  const ticker = setInterval(() => {
    const due = ((Date.now() - started) / 1000) * RATE;
    skipped += Math.max(0, Math.floor(due - RATE - (sent + skipped)));
    while (sent + skipped < due && inFlight.size < MAX_IN_FLIGHT) {
      const next = queue.shift() ?? { url: pages[page++ % pages.length]! };
      sent++;
      const p = request(next).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
  }, 1000 / RATE);

  const releases = new Set<string>([realpathSync(t.buildDir)]);
  const post = path.join(t.work, "content/blog/posts/switched-in-post.md");
  try {
    for (const [i, kind] of CYCLES.entries()) {
      const cycle = i + 1;
      if (kind === "post added") {
        writeFileSync(post, postMarkdown("Switched in under load", new Date().toISOString().slice(0, 10), "Served by the new build."));
        expect((await t.rebuild()).rendered).toContain("/blog/switched-in-post");
        await expectServed("/blog/switched-in-post", 200);
      } else if (kind === "post removed") {
        unlinkSync(post);
        // Its page in every built locale: the Hindi one showed it in fallback.
        expect([...(await t.rebuild()).removed].sort()).toEqual(["/blog/switched-in-post", "/hi/blog/switched-in-post"]);
        await expectServed("/blog/switched-in-post", 404);
      } else {
        const before = (await (await fetch(origin + "/")).text()).match(/\/assets\/[A-Za-z0-9._-]+\.js/g) ?? [];
        await codeChange(cycle);
        await expectServed("/", 200, new RegExp(`-c${cycle}\\.js`));
        // A page of the build before, still open in a browser, loads its own assets.
        expect(before.length).toBeGreaterThan(3);
        for (const asset of before) expect((await fetch(origin + asset)).status, asset).toBe(200);
      }
      releases.add(realpathSync(t.buildDir));
      // Some load on every release before the next switch.
      await new Promise((r) => setTimeout(r, 1500));
    }
  } finally {
    clearInterval(ticker);
    await Promise.all(inFlight);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`build-switch: ${sent} requests in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s, ${skipped} skipped), ${assetsChecked} referenced assets checked, ${releases.size - 1} switches, ${failures.length} failures`);

  expect(failures).toEqual([]);
  expect(releases.size).toBe(CYCLES.length + 1);
  expect(answered).toBe(sent);
  expect(sent / seconds).toBeGreaterThan(RATE * 0.9);
  expect(assetsChecked).toBeGreaterThan(100);
  // One server process the whole time: nothing restarted it.
  expect(server.exitCode).toBeNull();
  expect(output).toContain("site: switched to");
}, 900_000);

/** The server answers `url` from the new release soon after the switch (it looks every 200 ms; the machine may be busy). */
async function expectServed(url: string, status: number, body?: RegExp) {
  for (const deadline = Date.now() + 5000; ; ) {
    const res = await fetch(origin + url);
    const text = await res.text();
    if (res.status === status && (!body || body.test(text))) return;
    if (Date.now() > deadline) throw new Error(`${url} answered ${res.status} five seconds after the switch, not ${status}${body ? ` with ${body}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
