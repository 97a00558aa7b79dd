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
import { PAINT_WHOLE } from "../../src/runtime/finish-page.server.ts";
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

/**
 * Markup the HTML Standard allows and this checker does not know yet, each with where the
 * standard says so. Only that message is let through, and only for that markup on a page; once
 * the checker learns it, the test fails and says to remove it here.
 */
const CHECKER_LAGS = [
  {
    // The page paints once, whole (src/runtime/finish-page.server.ts): `blocking` on a link
    // whose rel is "expect", in the standard since whatwg/html#9970 (2024).
    message: "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.",
    markup: PAINT_WHOLE,
  },
];

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
  const messages = (await check(files)).map((m) => ({ file: decodeURIComponent(new URL(m.url).pathname), line: m.lastLine ?? "?", message: m.message }));
  const lagged = (m: (typeof messages)[number]) => CHECKER_LAGS.some((lag) => lag.message === m.message && readFileSync(m.file, "utf8").split(lag.markup).length === 2);
  const errors = messages.filter((m) => !lagged(m)).map((m) => `${path.relative(client, m.file)}:${m.line}: ${m.message}`);
  expect(errors).toEqual([]);
  for (const lag of CHECKER_LAGS) {
    const reported = messages.filter((m) => m.message === lag.message).length;
    const carried = files.filter((file) => readFileSync(file, "utf8").includes(lag.markup)).length;
    expect(reported, `The Nu Html Checker no longer reports "${lag.message}" for ${lag.markup}: remove it from CHECKER_LAGS`).toBe(carried);
  }
});
