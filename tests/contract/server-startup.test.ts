/**
 * The public server starts with only what serving needs (issue 28: ready ≤ 500 ms). What made
 * it slow was what it loaded, not what it did: React, Chakra, Emotion, jsdom and the rest,
 * 3,800 modules, for a server that sends prerendered files. So this test is not timed; it
 * checks what loads, and what runs it:
 *
 * - the sources: server.js as the build bundles it (scripts/lib/bundle-server.ts) imports none
 *   of the packages that only some requests need (NOT_AT_START, scripts/lib/module-trace.ts)
 *   other than through import(), and a failure names the chain of source files that does;
 * - the built server: `node build/server.js`, watched by scripts/lib/module-trace-hook.mjs, has
 *   loaded none of them when /healthz first answers; then the first requests of each kind,
 *   sent two at a time, are answered as before;
 * - `npm run serve` runs that very file in plain Node, as production does (under tsx's loader
 *   every module it imports went through tsx's transform), and stops on Ctrl+C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build, type Metafile } from "esbuild";
import { serverBundleOptions, SERVER_ENTRIES } from "../../scripts/lib/bundle-server.ts";
import { benchEnquiry } from "../../scripts/lib/enquiry.ts";
import { lazyPackagesLoadedAtStart, MODULE_TRACE_HOOK, NOT_AT_START, readModuleTrace } from "../../scripts/lib/module-trace.ts";
import { BUILD, ensureBuild, ROOT } from "../site-build.ts";

const packageName = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** Every package a file reaches by static imports alone, with the chain of source files that imports it. */
function staticPackages(metafile: Metafile, entry: string): Map<string, string[]> {
  const importedBy = new Map<string, string>([[entry, ""]]);
  const found = new Map<string, string[]>();
  const chain = (file: string) => {
    const files = [file];
    for (let at = importedBy.get(file); at; at = importedBy.get(at)) files.push(at);
    return files;
  };
  for (const queue = [entry]; queue.length > 0; ) {
    const file = queue.shift()!;
    for (const { path: target, kind, external } of metafile.inputs[file]?.imports ?? []) {
      if (kind === "dynamic-import") continue;
      if (external) {
        if (!target.startsWith("node:") && !found.has(packageName(target))) found.set(packageName(target), chain(file));
      } else if (!importedBy.has(target)) {
        importedBy.set(target, file);
        queue.push(target);
      }
    }
  }
  return found;
}

describe("the server's sources", () => {
  test("server.js imports none of the packages only some requests need, except through import()", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "server-startup-bundle-"));
    try {
      const { metafile } = await build({ ...serverBundleOptions(out, ROOT), write: false, metafile: true });
      const reached = staticPackages(metafile, SERVER_ENTRIES.server);
      const offenders = NOT_AT_START.filter((pkg) => reached.has(pkg)).map((pkg) => `${pkg} ← ${reached.get(pkg)!.join(" ← ")}`);
      expect(offenders, "Start-up would load these; import them with import() where they are first needed").toEqual([]);
      // The check sees what it should: the server's own packages are reached.
      expect(reached.has("fastify")).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe("the built server (node build/server.js)", () => {
  let server: ChildProcess;
  let origin = "";
  let output = "";
  let work: string;
  let traceFile: string;

  beforeAll(async () => {
    await ensureBuild();
    work = mkdtempSync(path.join(os.tmpdir(), "server-startup-"));
    traceFile = path.join(work, "modules.txt");
    server = spawn(process.execPath, ["--import", MODULE_TRACE_HOOK, path.join(BUILD, "server.js")], {
      env: { ...process.env, MODULE_TRACE: traceFile, BUILD_DIR: BUILD, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", DATABASE_URL: `file:${path.join(work, "site.db")}`, SMTP_URL: "", ADMIN: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (d: Buffer) => (output += d));
    server.stderr!.on("data", (d: Buffer) => (output += d));
    for (let i = 0; i < 600 && !origin; i++) {
      origin = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? "";
      if (server.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!origin) throw new Error(`The server did not start:\n${output}`);
  });

  afterAll(() => {
    server?.kill("SIGTERM");
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("has loaded none of the packages only some requests need when /healthz first answers", async () => {
    const health = await fetch(origin + "/healthz");
    expect(health.status).toBe(200);
    // The hook writes its line as the answer finishes, which the client may see first.
    for (let i = 0; i < 100 && !(existsSync(traceFile) && readFileSync(traceFile, "utf8").includes("\nready\n")); i++) await new Promise((r) => setTimeout(r, 20));
    const trace = readModuleTrace(traceFile);
    expect(trace.ready, "the module trace never saw /healthz answer").toBe(true);
    const loaded = lazyPackagesLoadedAtStart(trace).map(({ pkg, chain }) => `${pkg} ← ${chain.join(" ← ")}`);
    expect(loaded, "Start-up loaded these; import them with import() where they are first needed").toEqual([]);
    // The trace sees what it should: the server's own packages loaded.
    expect([...trace.atStart.keys()].some((url) => url.includes("/node_modules/fastify/"))).toBe(true);
  });

  test("then answers the first requests of each kind, two at a time, as before", async () => {
    const json = (n: number) => fetch(origin + "/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(benchEnquiry(`startup-${n}`)) });
    const withoutScript = (n: number) =>
      fetch(origin + "/api/contact", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        body: new URLSearchParams(benchEnquiry(`startup-page-${n}`)).toString(),
      });
    const answers = await Promise.all([
      fetch(origin + "/"),
      fetch(origin + "/"),
      fetch(origin + "/no-such-page"),
      fetch(origin + "/another/missing/page"),
      json(1),
      json(2),
      withoutScript(1),
      withoutScript(2),
      fetch(origin + "/readyz"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 404, 200, 200, 200, 200, 200]);
    expect(await answers[2]!.text()).toContain("<html");
    expect(await answers[6]!.text()).toContain("<html");
  });
});

describe("npm run serve", () => {
  /** The processes of a process group, each as its command line (Linux's /proc). */
  const groupCommands = (group: number) =>
    readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
          return Number(fields[2]) === group ? [readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()] : [];
        } catch {
          return []; // gone meanwhile
        }
      });

  test.skipIf(process.platform !== "linux")("runs the built server.js in plain Node, as production does, and Ctrl+C stops every process it started", async () => {
    await ensureBuild();
    const work = mkdtempSync(path.join(os.tmpdir(), "npm-serve-"));
    // Its own process group, as a terminal gives a command: Ctrl+C is a SIGINT to the whole group.
    const npm = spawn("npm", ["run", "serve"], { cwd: ROOT, detached: true, env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `file:${path.join(work, "site.db")}`, SMTP_URL: "", ADMIN: "" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    npm.stdout!.on("data", (d: Buffer) => (output += d));
    npm.stderr!.on("data", (d: Buffer) => (output += d));
    try {
      for (let i = 0; i < 600 && !/Server listening at/.test(output); i++) await new Promise((r) => setTimeout(r, 50));
      expect(output).toMatch(/Server listening at/);
      const server = groupCommands(npm.pid!).filter((command) => command.includes("server.js"));
      // tsx's loader would put every module the server imports through its transform.
      expect(server).toEqual([`${process.execPath} ${path.join(BUILD, "server.js")}`]);
      process.kill(-npm.pid!, "SIGINT");
      for (let i = 0; i < 200 && groupCommands(npm.pid!).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(groupCommands(npm.pid!)).toEqual([]);
    } finally {
      if (groupCommands(npm.pid!).length > 0) process.kill(-npm.pid!, "SIGKILL");
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
