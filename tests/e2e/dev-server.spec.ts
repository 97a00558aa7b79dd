/**
 * `npm run dev` on a first start (Vite's dependency cache rebuilt with --force): the first
 * page a developer opens hydrates, and a page that loads more code (a form) works, with no
 * error in the console. Before its dependencies were named in vite.config.ts, Vite found
 * them only when the page asked, re-bundled them and answered the page's own modules with
 * 504 "Outdated Optimize Dep": the first page never became interactive.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { expect, test } from "./fixtures.ts";

const PORT = 5191;
const origin = `http://127.0.0.1:${PORT}`;
let dev: ChildProcess | undefined;
let output = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dev = spawn(process.execPath, ["--import", "tsx", "scripts/dev.ts", "--force"], {
    env: { ...process.env, DEV_PORT: String(PORT), DEV_API_PORT: String(PORT + 1), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  dev.stdout!.on("data", (d) => (output += d));
  dev.stderr!.on("data", (d) => (output += d));
  for (let i = 0; i < 600; i++) {
    if (dev.exitCode !== null) throw new Error(`npm run dev stopped (exit ${dev.exitCode}):\n${output}`);
    if (await fetch(origin + "/").then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`npm run dev did not answer at ${origin}:\n${output}`);
});

test.afterAll(async () => {
  if (dev && dev.exitCode === null) await new Promise((resolve) => (dev!.once("exit", resolve), dev!.kill("SIGTERM")));
});

test("the first page of a fresh dev server hydrates, and a form page reached from it works", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(origin + "/");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60_000 });
  await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  // The form's own validation (react-hook-form and zod, loaded with the form) answers.
  const form = page.locator("main form");
  await form.getByRole("button", { name: "Send Message" }).click({ timeout: 30_000 });
  await expect(form.getByLabel(/^Full Name/)).toHaveAttribute("aria-invalid", "true");
  expect(output).not.toMatch(/optimized dependencies changed/);
});
