/**
 * A form with proofOfWork, end to end in Chromium with JavaScript: the page fetches its
 * challenge once the visitor reaches for the form, solves it, and the server takes the
 * submission with it once and refuses the same solution again.
 *
 * None of the site's forms has proofOfWork (it needs JavaScript; docs/forms.md), so this spec
 * serves its own copy of the build with the newsletter form's definition switched on: in
 * build/forms.json (what the server enforces) and in the /privacy page (what the island is
 * given). Needs `npm run build`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { POW_FIELD } from "../../schemas/form-names.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { PORTS } from "./ports.ts";

const PORT = PORTS.formsPow;
const origin = `http://127.0.0.1:${PORT}`;
let dir: string;
let server: ChildProcess;

const ROOT = path.resolve(import.meta.dirname, "../..");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Inside the worktree (data/ is ignored), so the server finds node_modules as the real build does.
  dir = mkdtempSync(path.join(ROOT, "data", "forms-pow-e2e-"));
  const build = path.join(dir, "build");
  cpSync(realpathSync(path.join(ROOT, "build")), build, { recursive: true });
  const formsFile = path.join(build, "forms.json");
  const manifest = JSON.parse(readFileSync(formsFile, "utf8")) as { forms: { id: string; proofOfWork?: boolean }[] };
  for (const form of manifest.forms) if (form.id === "newsletter") form.proofOfWork = true;
  writeFileSync(formsFile, JSON.stringify(manifest));
  const page = path.join(build, "client/privacy/index.html");
  const props = "&quot;submittingLabel&quot;:&quot;Subscribing...&quot;,&quot;minSubmitMs&quot;:0";
  const html = readFileSync(page, "utf8");
  expect(html).toContain(props);
  writeFileSync(page, html.replace(props, `${props},&quot;proofOfWork&quot;:true`));
  rmSync(`${page}.br`, { force: true });
  rmSync(`${page}.gz`, { force: true });
  server = spawn(process.execPath, [path.join(build, "server.js")], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", BUILD_DIR: build, DATABASE_URL: `file:${path.join(dir, "site.db")}`, FORM_RATE_LIMIT: "0", FORMS_POW_SECRET: "e2e-pow" },
    stdio: "inherit",
  });
  await expect.poll(async () => (await fetch(`${origin}/privacy`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

test("with JavaScript the newsletter solves its challenge, is taken once, and its solution is refused a second time", async ({ page }) => {
  await page.goto(`${origin}/privacy`);
  await waitForHydration(page);
  const challenge = page.waitForResponse((r) => r.url() === `${origin}/api/newsletter/challenge`);
  const email = page.getByLabel(/^Email address/);
  await email.fill("pow-e2e@example.com");
  expect((await challenge).status()).toBe(200);

  const submitted = page.waitForRequest((r) => r.url() === `${origin}/api/newsletter` && r.method() === "POST");
  await page.getByRole("button", { name: "Subscribe" }).click();
  const request = await submitted;
  expect((await request.response())?.status()).toBe(200);
  await expect(page.getByText("Thank you for subscribing to our newsletter.")).toBeVisible();
  const body = request.postDataJSON() as Record<string, string>;
  expect(body[POW_FIELD]).toMatch(/^[A-Za-z0-9+/=]+$/);

  const replay = await page.request.post(`${origin}/api/newsletter`, { data: body });
  expect(replay.status()).toBe(409);
  expect((await replay.json()).code).toBe("FormPowReplayed");
});
