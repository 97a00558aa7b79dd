/**
 * Every kind of built page is valid HTML, as the W3C's Nu Html Checker (npm's vnu-jar, a Java
 * program: .ci/run installs Java) reads it: one page of every route kind in every locale of the
 * sitemap, the studio's screens and the 404 page. An error names the page, line and message.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { STUDIO_PAGES } from "../../src/runtime/studio-paths.ts";
import { benchRoutes, ROUTE_KINDS } from "../../scripts/lib/bench-routes.ts";
import { ensureBuild } from "../site-build.ts";

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  url: string;
  lastLine?: number;
  message: string;
}

/** The checker's errors for the given files (warnings are advice, not invalid markup). */
async function check(files: string[]): Promise<VnuMessage[]> {
  const run = promisify(execFile);
  // vnu exits 1 when it finds an error and writes its JSON report to stderr either way.
  const { stderr } = await run("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], { maxBuffer: 64 * 1024 * 1024 }).catch((failure: { stderr?: string; code?: unknown }) => {
    if (typeof failure.stderr === "string" && failure.stderr.startsWith("{")) return { stderr: failure.stderr };
    throw new Error(`The Nu Html Checker did not run (is Java installed? apt-get install default-jre-headless): ${String(failure.stderr ?? failure.code)}`);
  });
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

it("every kind of built page, in every locale, and every studio screen validates", { timeout: 120_000 }, async () => {
  const client = path.join(await ensureBuild(), "client");
  const routes = benchRoutes(readFileSync(path.join(client, "sitemap.xml"), "utf8"), ROUTE_KINDS).map(([, route]) => route);
  expect(routes.length, "a page of every route kind, in English and Hindi").toBeGreaterThanOrEqual(ROUTE_KINDS.length * 2);
  // Not in the sitemap: a Hindi post in fallback (its note, its English marked lang) and a thin tag page.
  const hindi = (under: string, mark: string) => readdirSync(path.join(client, under)).map((d) => `/${under}/${d}`).find((route) => readFileSync(path.join(client, route, "index.html"), "utf8").includes(mark));
  const unlisted = [hindi("hi/blog", 'role="note"'), hindi("hi/blog/tag", 'content="noindex"')];
  expect(unlisted, "a Hindi fallback and a thin page").not.toContain(undefined);
  const pages = [...new Set([...routes, ...(unlisted as string[]), ...STUDIO_PAGES, "/404", "/hi/404"])];
  const files = pages.map((route) => path.join(client, route, "index.html"));
  const errors = (await check(files)).map((m) => `${path.relative(client, decodeURIComponent(new URL(m.url).pathname))}:${m.lastLine ?? "?"}: ${m.message}`);
  expect(errors).toEqual([]);
});
