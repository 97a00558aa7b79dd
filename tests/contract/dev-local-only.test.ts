/**
 * `npm run dev` keeps the studio on this computer: it refuses a --host other machines could
 * reach, and its proxy tells the API who the browser is (X-Forwarded-For), so even a dev server
 * exposed by other means cannot carry another machine's request to the link that signs in.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { checkViteHost, devApiProxy } from "../../scripts/lib/dev-api-proxy.ts";
import { buildApp } from "../../server/app.ts";
import { readConfig } from "../../server/config.ts";
import { freePort } from "../../scripts/lib/free-port.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs scripts/dev.ts with the given arguments until it exits (or 30 s). */
async function runDev(args: string[]): Promise<{ code: number | null; output: string }> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/dev.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DEV_PORT: String(port), DEV_API_PORT: String(apiPort), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGTERM"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  return { code, output };
}

describe("npm run dev refuses a --host other machines could reach", () => {
  test.each([
    [["--host"], "0.0.0.0"],
    [["--host", "0.0.0.0"], "0.0.0.0"],
    [["--host=0.0.0.0"], "0.0.0.0"],
    [["--host", "::"], "::"],
    [["--host=192.0.2.2"], "192.0.2.2"],
    [["--force", "--host", "--open"], "0.0.0.0"],
  ])("npm run dev -- %j", (args, host) => {
    expect(() => checkViteHost(args)).toThrow(`so it listens on this computer only, not --host ${host}.`);
  });

  test.each([[[]], [["--force"]], [["--host", "127.0.0.1"]], [["--host=localhost"]], [["--host", "::1", "--open"]]])("npm run dev -- %j is fine", (args) => {
    expect(() => checkViteHost(args)).not.toThrow();
  });

  test("the command itself stops before anything listens", async () => {
    const { code, output } = await runDev(["--host", "0.0.0.0"]);
    expect(code).toBe(1);
    expect(output).toContain("Could not start the dev server: npm run dev serves the blog admin, which writes files, so it listens on this computer only, not --host 0.0.0.0.");
    expect(output).not.toContain("Blog admin:");
  }, 60_000);
});

/** A GET through the proxy, from `localAddress`, with the Host header a forwarder would set. */
function get(url: string, headers: Record<string, string>, localAddress?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, localAddress }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function viteWithProxy(host: string, apiPort: number): Promise<{ vite: ViteDevServer; port: number }> {
  const port = await freePort();
  const vite = await createViteServer({ configFile: false, root: mkdtempSync(path.join(os.tmpdir(), "vite-proxy-")), logLevel: "silent", server: { host, port, strictPort: true, proxy: devApiProxy(apiPort), hmr: false, watch: null } });
  await vite.listen();
  return { vite, port };
}

describe("the dev proxy says who the browser is", () => {
  test("it adds X-Forwarded-For and keeps the Host", async () => {
    let seen: IncomingHttpHeaders | undefined;
    const api = createServer((req, res) => ((seen = req.headers), res.end("{}")));
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    const { vite, port } = await viteWithProxy("127.0.0.1", (api.address() as AddressInfo).port);
    try {
      expect((await get(`http://127.0.0.1:${port}/api/admin/posts`, { host: `localhost:${port}` })).status).toBe(200);
      expect(seen?.["x-forwarded-for"]).toBe("127.0.0.1");
      expect(seen?.host).toBe(`localhost:${port}`);
    } finally {
      await vite.close();
      api.close();
    }
  });

  // A machine address of this host (not loopback), from which a request counts as another machine's.
  const lan = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;
  if (!lan) console.warn("SKIPPED: no non-loopback IPv4 address on this machine, so no request can come from \"another machine\".");

  test.skipIf(!lan)("a dev server exposed on every address still keeps the sign-in link from another machine, even with its token", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dev-exposed-"));
    let app: FastifyInstance | undefined;
    let vite: ViteDevServer | undefined;
    try {
      mkdirSync(path.join(dir, "build"));
      writeFileSync(path.join(dir, "build/forms.json"), JSON.stringify({ agency: { name: "Test", email: "test@example.com" }, forms: [] }));
      const config = readConfig({ ADMIN: "1", BUILD_DIR: path.join(dir, "build"), CONTENT_ROOT: ROOT, DATABASE_URL: `file:${path.join(dir, "site.db")}`, PORT: "0" });
      app = await buildApp(config, { logger: false, apiOnly: true });
      await app.listen({ host: "127.0.0.1", port: 0 });
      const started = await viteWithProxy("0.0.0.0", (app.server.address() as AddressInfo).port);
      vite = started.vite;
      const link = new URL((await app.localSignIn!(`http://localhost:${started.port}`)).link);
      const headers = { host: `localhost:${started.port}` };
      // From "another machine" (this host's LAN address), with the Host a forwarder sets: refused.
      const remote = await get(`http://${lan}:${started.port}${link.pathname}${link.search}`, headers, lan);
      expect(remote.status).toBe(403);
      expect(JSON.parse(remote.body)).toMatchObject({ error: { code: "StudioLocalOnly" } });
      // From this computer, through the proxy: the same link signs in.
      expect((await get(`http://127.0.0.1:${started.port}${link.pathname}${link.search}`, headers)).status).toBe(303);
    } finally {
      await vite?.close();
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
