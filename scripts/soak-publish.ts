/**
 * npm run soak:publish — a long-running studio publishes hundreds of times without a restart
 * (issue 36): N publishes and reverts in a row, each waited for until the public page serves
 * it, with the server's memory (itself and its rebuild worker) and the disk (releases, git,
 * database) reported as it goes. Fails at the first publish that is refused or not live, or
 * when the releases on disk pile up.
 *
 * Two set-ups, both by default:
 *   one   one process on SQLite, publishing to its own git repository;
 *   two   two hosts on one PostgreSQL: the studio (A) pushes each publish to a bare git
 *         remote; the other host (B) pulls on POST /api/hooks/git and rebuilds; each publish
 *         must be served by both.
 *
 *   --publishes N   publishes and reverts in all (default 200; odd ones publish a new title,
 *                   even ones revert the page to its first version)
 *   --only one|two  one set-up
 *   --keep          keep .soak-publish/ afterwards
 *
 * Copies the project into .soak-publish/ and builds the copy once (as npm run bench:publish).
 * The short version runs in CI as tests/e2e/studio-publish-many.spec.ts.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { versionOf } from "../src/editor/server/store.ts";
import { freePort } from "./lib/free-port.ts";
import { buildStudioCopy, gitIn, type Host, signInEditor, startHost, untilServed } from "./lib/studio-host.ts";
import { NO_POSTGRES_MESSAGE, startPostgres } from "./lib/throwaway-postgres.ts";

const args = process.argv.slice(2);
const valueOf = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const publishes = Number(valueOf("--publishes") ?? 200);
if (!Number.isInteger(publishes) || publishes < 2) throw new Error("--publishes takes a whole number of at least 2.");
const only = valueOf("--only");
if (only !== undefined && only !== "one" && only !== "two") throw new Error("--only takes one or two.");
const root = process.cwd();
const soak = path.join(root, ".soak-publish");
/**
 * The pages published in turn: between them they use most block types, so each publish's check
 * loads block code (lazily imported chunks) that earlier ones did not.
 */
const PAGES = ["about", "careers", "contact", "services", "seo-services", "blog-categories", "privacy", "terms"].map((name) => `content/pages/${name}.json`);
const EMAIL = "soak.editor@example.com";
const PASSWORD = "soak publish passphrase 2026";
const SECRET = "a-git-webhook-secret-of-32-chars";
const LIVE_TIMEOUT_MS = 120_000;
/** Every how many publishes a line of figures is printed. */
const REPORT_EVERY = 25;
/** The releases a host may keep: the three newest and those its processes run code from (server, worker, previews). */
const MAX_RELEASES = 6;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sizeOf = (target: string): number => {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
};
/**
 * The complete releases, and their bytes on disk: hard links shared between releases count once
 * (a file's inode). A prune may remove a release while it is read: what is gone is not counted.
 */
const releasesOnDisk = (work: string) => {
  const seen = new Set<number>();
  let bytes = 0;
  const list = (dir: string) => {
    try {
      return readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
  };
  const walk = (dir: string) => {
    for (const entry of list(dir)) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const stat = statSync(file, { throwIfNoEntry: false });
        if (stat && !seen.has(stat.ino)) (seen.add(stat.ino), (bytes += stat.size));
      }
    }
  };
  const releases = list(path.join(work, "build-releases")).filter((e) => e.isDirectory() && !e.name.startsWith(".") && !e.name.endsWith(".partial"));
  for (const release of releases) walk(path.join(work, "build-releases", release.name));
  return { bytes, count: releases.length };
};

interface Sample {
  at: number;
  /** Per host: the server's and its worker's resident memory, kB. */
  rssKb: number[][];
  releases: number;
  releaseBytes: number;
  gitBytes: number;
  dataBytes: number;
}

function sample(at: number, hosts: { host: Host; work: string }[]): Sample {
  const disk = releasesOnDisk(hosts[0]!.work);
  const worst = Math.max(...hosts.map(({ work }) => releasesOnDisk(work).count));
  if (worst > MAX_RELEASES) throw new Error(`After publish ${at}, ${worst} releases are on disk (at most ${MAX_RELEASES} expected): pruning does not keep up.`);
  return {
    at,
    rssKb: hosts.map(({ host }) => host.rssKb()),
    releases: worst,
    releaseBytes: disk.bytes,
    gitBytes: sizeOf(path.join(hosts[0]!.work, ".git")),
    dataBytes: sizeOf(path.join(hosts[0]!.work, "data")),
  };
}

const line = (s: Sample) =>
  `| ${s.at} | ${s.rssKb.map((host) => host.map((kb) => mb(kb * 1024)).join(" + ")).join(" · ")} | ${s.releases} | ${mb(s.releaseBytes)} | ${mb(s.gitBytes)} | ${mb(s.dataBytes)} |`;

/** N publishes and reverts on host A (its editor), each live on every host. */
async function run(name: string, a: { host: Host; work: string; env: NodeJS.ProcessEnv }, others: { host: Host; work: string }[], afterCommit: () => Promise<void>) {
  const editor = await signInEditor(a.host, a.work, a.env, EMAIL, PASSWORD);
  const git = gitIn(a.work);
  const first = git("rev-parse", "HEAD");
  const pages = PAGES.map((file) => {
    const { path: address, meta } = JSON.parse(readFileSync(path.join(a.work, file), "utf8")) as { path: string; meta: { title: string } };
    return { file, address, original: meta.title };
  });
  const hosts = [a, ...others];
  const samples: Sample[] = [sample(0, hosts)];
  const live: number[] = [];
  console.log(`\n## ${name}: ${publishes} publishes and reverts of ${pages.length} pages in turn\n\n| after | memory (server + worker, per host) | releases | releases on disk | git | database |\n| --- | --- | --- | --- | --- | --- |`);
  console.log(line(samples[0]!));
  for (let i = 1; i <= publishes; i++) {
    const started = performance.now();
    // Publish 1 and revert 2 change the first page, 3 and 4 the second…
    const { file, address, original } = pages[Math.floor((i - 1) / 2) % pages.length]!;
    const text = readFileSync(path.join(a.work, file), "utf8");
    let title: string;
    let answer: Response;
    if (i % 2 === 1) {
      const data = JSON.parse(text) as { meta: { title: string } };
      title = data.meta.title = `Soak ${i} at ${Date.now()}`;
      answer = await editor.post("/api/studio/publish", { file, base: versionOf(text), data });
    } else {
      title = original;
      answer = await editor.post("/api/studio/revert", { file, rev: first });
    }
    if (!answer.ok) throw new Error(`${name}: ${i % 2 ? "publish" : "revert"} ${i} (${address}) answered ${answer.status}: ${await answer.text()}`);
    await untilServed(a.host.origin + address, `<title>${title}`, LIVE_TIMEOUT_MS);
    if (others.length > 0) {
      await afterCommit();
      for (const { host } of others) await untilServed(host.origin + address, `<title>${title}`, LIVE_TIMEOUT_MS);
    }
    live.push(performance.now() - started);
    if (i % REPORT_EVERY === 0 || i === publishes) {
      samples.push(sample(i, hosts));
      console.log(line(samples.at(-1)!));
    }
  }
  // A preview link still renders after all of them (it imports the release's renderer).
  const preview = await editor.post("/api/studio/previews", { file: pages.at(-1)!.file });
  if (!preview.ok) throw new Error(`${name}: making a preview link answered ${preview.status}.`);
  const { url } = (await preview.json()) as { url: string };
  const shown = await fetch(new URL(url, a.host.origin));
  if (shown.status !== 200) throw new Error(`${name}: the preview link answered ${shown.status} after ${publishes} publishes: ${(await shown.text()).slice(0, 300)}`);

  // Flat: from the first report (warm: the worker started, the renderer loaded) to the last.
  const warm = samples[1] ?? samples[0]!;
  const last = samples.at(-1)!;
  const growth = (from: number, to: number) => (from === 0 ? 0 : (to - from) / from);
  const total = (kbs: number[]) => kbs.reduce((a, b) => a + b, 0);
  const memoryGrowth = Math.max(...last.rssKb.map((kbs, h) => growth(total(warm.rssKb[h]!), total(kbs))));
  const diskGrowth = growth(warm.releaseBytes, last.releaseBytes);
  const sorted = [...live].sort((x, y) => x - y);
  console.log(
    `\n${name}: all ${publishes} live (median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, slowest ${Math.round(sorted.at(-1)!)} ms); a preview link renders afterwards. ` +
      `Memory ${memoryGrowth >= 0 ? "+" : ""}${(memoryGrowth * 100).toFixed(0)} % and releases on disk ${diskGrowth >= 0 ? "+" : ""}${(diskGrowth * 100).toFixed(0)} % from publish ${warm.at} to ${last.at}; ` +
      `git grows by each commit (${mb(last.gitBytes - samples[0]!.gitBytes)} in all).`,
  );
  if (diskGrowth > 0.25) throw new Error(`${name}: the releases on disk grew by ${(diskGrowth * 100).toFixed(0)} %.`);
  if (memoryGrowth > 0.5) throw new Error(`${name}: memory grew by ${(memoryGrowth * 100).toFixed(0)} %.`);
}

const baseEnv = { ...process.env, STUDIO: "1", LOG_LEVEL: "warn", SMTP_URL: "", ADMIN: "", FORM_RATE_LIMIT: "0" };

async function oneProcess() {
  const work = path.join(soak, "one");
  buildStudioCopy(root, work);
  const env = { ...baseEnv, BUILD_DIR: path.join(work, "build"), DATABASE_URL: `file:${path.join(work, "data/site.db")}`, CONTENT_ROOT: work };
  const host = await startHost(work, await freePort(), env);
  try {
    await run("One process, SQLite", { host, work, env }, [], async () => undefined);
  } finally {
    await host.stop();
  }
}

async function twoHosts() {
  const postgres = await startPostgres();
  if (!postgres) throw new Error(NO_POSTGRES_MESSAGE);
  const a = path.join(soak, "a");
  const b = path.join(soak, "b");
  const remote = path.join(soak, "remote.git");
  const hosts: Host[] = [];
  try {
    const release = buildStudioCopy(root, a);
    gitIn(soak)("init", "--quiet", "--bare", "--initial-branch=main", remote);
    gitIn(a)("remote", "add", "origin", remote);
    gitIn(a)("push", "--quiet", "origin", "main");
    gitIn(soak)("clone", "--quiet", remote, b);
    // B serves a copy of A's build, as a deploy puts the same build on every host.
    mkdirSync(path.join(b, "build-releases"));
    cpSync(path.join(a, release), path.join(b, release), { recursive: true });
    symlinkSync(release, path.join(b, "build"));
    mkdirSync(path.join(b, "data"));
    const common = { ...baseEnv, DATABASE_URL: postgres.url, CONTENT_GIT_REMOTE: "origin" };
    const envA = { ...common, BUILD_DIR: path.join(a, "build"), CONTENT_ROOT: a };
    const envB = { ...common, STUDIO: "", BUILD_DIR: path.join(b, "build"), CONTENT_ROOT: b, GIT_WEBHOOK_SECRET: SECRET };
    const hostA = await startHost(a, await freePort(), envA);
    hosts.push(hostA);
    const hostB = await startHost(b, await freePort(), envB);
    hosts.push(hostB);
    const pushed = async () => {
      for (const deadline = Date.now() + LIVE_TIMEOUT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        if (gitIn(a)("rev-parse", "HEAD") === gitIn(remote)("rev-parse", "refs/heads/main")) break;
      }
      const hook = await fetch(`${hostB.origin}/api/hooks/git`, { method: "POST", headers: { authorization: `Bearer ${SECRET}` } });
      if (!hook.ok) throw new Error(`Host B's git hook answered ${hook.status}: ${await hook.text()}`);
    };
    await run("Two hosts, PostgreSQL and a git remote", { host: hostA, work: a, env: envA }, [{ host: hostB, work: b }], pushed);
  } finally {
    for (const host of hosts) await host.stop();
    postgres.stop();
  }
}

rmSync(soak, { recursive: true, force: true });
mkdirSync(soak);
console.log(`soak:publish: ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPUs · load ${os.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
try {
  if (only !== "two") await oneProcess();
  if (only !== "one") await twoHosts();
} finally {
  if (!args.includes("--keep") && existsSync(soak)) rmSync(soak, { recursive: true, force: true });
}
