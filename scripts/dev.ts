/**
 * `npm run dev`: the site's dev server (Vite, http://127.0.0.1:5173, content re-read on every
 * request; DEV_PORT) and, beside it, the API in local mode on a loopback port (DEV_API_PORT, 5174) that Vite proxies /api to:
 * the forms and the studio (/admin), signed in as this computer's owner, which writes the content
 * files. One command starts both; Ctrl+C, or either one stopping, stops both. Extra arguments go
 * to `react-router dev`, except a --host other machines could reach: the studio writes files, so
 * it stays on this computer. The link that signs the developer in is printed once the site answers.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app.ts";
import { readConfig } from "../server/config.ts";
import { checkViteHost } from "./lib/dev-api-proxy.ts";

const PORT = process.env.DEV_PORT ?? "5173";
const API_PORT = process.env.DEV_API_PORT ?? "5174";
const env = { ...process.env, ADMIN: "1", DEV_API_PORT: API_PORT };

let formsDir: string | undefined;
try {
  // Checks HOST (loopback only in local mode) before anything starts, and Vite's own --host.
  const config = readConfig({ ...env, PORT: API_PORT });
  const viteArgs = process.argv.slice(2);
  checkViteHost(viteArgs);
  formsDir = await mkdtemp(path.join(os.tmpdir(), "site-dev-forms-"));
  await writeFile(path.join(formsDir, "forms.json"), JSON.stringify(await formsFromContent()));
  const api = await buildApp({ ...config, buildDir: formsDir }, { apiOnly: true });
  await api.listen({ host: config.host, port: config.port });

  const vite = spawn(path.resolve("node_modules/.bin/react-router"), ["dev", "--port", PORT, "--strictPort", "--host", config.host, ...viteArgs], { env, stdio: "inherit" });
  const origin = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${PORT}`;
  void whenAnswering(origin).then(async () => {
    if (api.localSignIn) console.log((await api.localSignIn(origin)).notice);
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (vite.exitCode === null) vite.kill("SIGTERM");
    await api.close();
    await rm(formsDir!, { recursive: true, force: true });
    process.exit(code);
  };
  vite.on("exit", (code) => void stop(code ?? 0));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop(0));
} catch (error) {
  console.error(`Could not start the dev server: ${error instanceof Error ? error.message : String(error)}`);
  if (formsDir) await rm(formsDir, { recursive: true, force: true });
  process.exit(1);
}

/** Resolves once the dev server answers (or after a minute, when it never does). */
async function whenAnswering(origin: string) {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(origin, { method: "HEAD" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The form API reads build/forms.json; in dev it comes straight from content. */
async function formsFromContent() {
  const { siteContent } = await import("../src/runtime/content.server.ts");
  const { formsManifest } = await import("../src/runtime/build.server.ts");
  try {
    const checked = await siteContent();
    return formsManifest(checked.content, checked.table.locales, checked);
  } catch (error) {
    // The studio must still start: it is one way to fix a broken post.
    console.warn(`Forms are off until the content is fixed (restart npm run dev):\n${error instanceof Error ? error.message : String(error)}`);
    return { agency: { name: "", email: "" }, forms: [] };
  }
}
