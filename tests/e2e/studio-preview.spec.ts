/**
 * A studio preview link in a browser without an account (issue 25): a studio server of its
 * own (STUDIO=1, a throwaway database and copy of the content, the project's build), an
 * account made as the README says (npm run users), a draft saved through the API, then the
 * link opened in Chromium: the draft as the site renders it, the banner announced and readable,
 * no axe violation, no console error; once revoked, the site's 404 page.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { PORTS } from "./ports.ts";

const PORT = PORTS.studioPreview;
const origin = `http://127.0.0.1:${PORT}`;
const PAGE = "content/pages/about.json";
const PASSWORD = "Tulsi chai at four";

let server: ServerProcess;
let work: string;

test.beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "studio-preview-"));
  cpSync("content", path.join(work, "content"), { recursive: true });
  const env = { ...process.env, STUDIO: "1", PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATABASE_URL: `file:${path.join(work, "site.db")}`, CONTENT_ROOT: work, SITE_URL: origin, SMTP_URL: "" };
  server = await startServerProcess("studio server", ["server/main.ts"], env, `${origin}/healthz`, 60_000);
  const printed = execFileSync("npm", ["run", "-s", "users", "--", "add", "asha@example.com", "--name", "Asha Rao", "--role", "contributor"], { env, encoding: "utf8" });
  const token = /#token=([A-Za-z0-9_-]+)/.exec(printed)![1];
  const set = await fetch(`${origin}/api/studio/password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token, password: PASSWORD }) });
  expect(set.status).toBe(200);
});

test.afterAll(() => {
  server?.child.kill("SIGTERM");
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Signs in over the API, as the studio's screens will. */
async function signIn() {
  const answer = await fetch(`${origin}/api/studio/sign-in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "asha@example.com", password: PASSWORD }) });
  const cookie = answer.headers.get("set-cookie")!.split(";")[0]!;
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  return (method: string, url: string, body?: unknown) =>
    fetch(`${origin}/api/studio${url}`, { method, headers: { cookie, "x-csrf-token": csrfToken, ...(body !== undefined && { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
}

test("a preview link shows the draft to a visitor without an account, with a readable banner, until it is revoked", async ({ page }) => {
  test.setTimeout(90_000);
  const call = await signIn();
  const opened = (await (await call("GET", `/document?file=${PAGE}`)).json()) as { data: { blocks: Record<string, unknown>[] }; version: string };
  opened.data.blocks[0] = { ...opened.data.blocks[0], title: "A headline nobody has published" };
  expect((await call("PUT", "/drafts", { file: PAGE, base: opened.version, data: opened.data })).status).toBe(200);
  const link = (await (await call("POST", "/previews", { file: PAGE })).json()) as { id: string; url: string };

  const answer = await page.goto(`${origin}${link.url}`);
  expect(answer!.status()).toBe(200);
  const banner = page.getByRole("status").filter({ hasText: "Preview of an unpublished draft" });
  await expect(banner).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A headline nobody has published");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(page);

  expect((await call("DELETE", `/previews/${link.id}`)).status).toBe(204);
  expect((await page.goto(`${origin}${link.url}`))!.status()).toBe(404);
});
