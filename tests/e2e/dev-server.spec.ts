/**
 * `npm run dev` on a first start (Vite's dependency cache rebuilt with --force): the first
 * page a developer opens hydrates, and a page that loads more code (a form) works, with no
 * error in the console. Before its dependencies were named in vite.config.ts, Vite found
 * them only when the page asked, re-bundled them and answered the page's own modules with
 * 504 "Outdated Optimize Dep": the first page never became interactive.
 */
import { expect, test, waitForHydration } from "./fixtures.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { PORTS } from "./ports.ts";

const PORT = PORTS.devServer;
const origin = `http://127.0.0.1:${PORT}`;
let dev: ServerProcess | undefined;

// One dev server for the file's tests: they run in order in one worker (in parallel, each worker's
// beforeAll started its own server on the same ports, and the second died with EADDRINUSE).
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = { ...process.env, DEV_PORT: String(PORT), DEV_API_PORT: String(PORTS.devApi), HOST: "127.0.0.1" };
  dev = await startServerProcess("dev server (npm run dev)", ["scripts/dev.ts", "--force"], env, origin + "/", 60_000);
});

test.afterAll(async () => {
  const child = dev?.child;
  if (child && child.exitCode === null) await new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")));
});

test("the first page of a fresh dev server hydrates, and a form page reached from it works", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(origin + "/");
  await waitForHydration(page, 60_000);
  await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first().click();
  // A dev server compiles the page's data and its blocks on first request: seconds on a busy machine.
  await expect(page).toHaveURL(/\/contact$/, { timeout: 30_000 });
  // The form's own validation (react-hook-form and zod, loaded with the form) answers.
  const form = page.locator("main form");
  await form.getByRole("button", { name: "Send Message" }).click({ timeout: 30_000 });
  // The form's island hydrates on that click (the dev server compiles its code on first request), then plays it.
  await expect(form.getByLabel(/^Full Name/)).toHaveAttribute("aria-invalid", "true", { timeout: 30_000 });
  expect(dev!.output()).not.toMatch(/optimized dependencies changed/);
});

test("the one link npm run dev printed signs this browser in as the local owner, through the dev proxy, once, onto the blog admin", async ({ page }) => {
  test.setTimeout(90_000);
  const link = /Studio, signed in as [^:]+: (http:\/\/\S+\/api\/studio\/sign-in\/local\?token=[\w-]+)/.exec(dev!.output())?.[1];
  expect(link, dev!.output()).toBeDefined();
  // One way in: no key link beside it.
  expect(dev!.output()).not.toContain("#key=");
  await page.goto(link!);
  await expect(page).toHaveURL(`${origin}/admin`);
  await waitForHydration(page, 60_000);
  await expect(page.getByTestId("admin")).toHaveAttribute("data-state", "loaded", { timeout: 30_000 });
  await expect(page.getByRole("tab", { name: /^Blog Posts/ })).toBeVisible();
  const me = await page.request.get(`${origin}/api/studio/me`);
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { role: string } }).user.role).toBe("admin");
  // Used up: a second open signs nobody in.
  const again = await page.request.get(link!, { maxRedirects: 0 });
  expect(again.status()).toBe(400);
  expect(((await again.json()) as { error: { code: string } }).error.code).toBe("StudioLocalLinkInvalid");
});
