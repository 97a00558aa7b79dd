/**
 * Helpers for the form tests: waiting for a form's code, reading the one toast, making the
 * backend misbehave (only for the failure paths the browser must handle), and reading what
 * the real server stored through the export CLI (npm run submissions -- export).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import config from "../../playwright.config.ts";
import { expect } from "./fixtures.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The form with this id, once its working code has taken over the prerendered HTML: its
 * island hydrates when the visitor reaches for it (here the pointer), then loads the form's code.
 */
export async function readyForm(page: Page, id: string, scope: Locator | Page = page): Promise<Locator> {
  const form = scope.locator(`form[data-form="${id}"]`);
  await expect(async () => {
    await form.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await form.hover({ timeout: 2_000 });
    await expect(form).toHaveAttribute("data-ready", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return form;
}

/** Exactly one toast is on screen, with this title and text (spec: at most 1 at a time). */
export async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveCount(1);
  await expect(toast.locator('[data-part="title"]')).toHaveText(title);
  await expect(toast.locator('[data-part="description"]')).toHaveText(description);
}

/** An address no other test (or earlier run) uses. */
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Counts the requests the page makes to an endpoint (validation must send none). */
export function countRequests(page: Page, endpoint: string) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === endpoint) seen.push(r.method());
  });
  return seen;
}

/**
 * Simulates a misbehaving backend for one endpoint. Only for the failure paths: every
 * success is tested against the real server.
 */
export async function backendAnswers(page: Page, endpoint: string, answer: { json: unknown } | { body: string; status: number } | "network-failure") {
  await page.route(`**${endpoint}`, async (route) => {
    if (answer === "network-failure") return route.abort("connectionfailed");
    if ("json" in answer) return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(answer.json) });
    return route.fulfill({ status: answer.status, contentType: "text/html", body: answer.body });
  });
}

/** The browser logs a failed request as a console error; these tests cause one on purpose. */
export function expectFailedRequestLogged(consoleErrors: string[]) {
  const expected = consoleErrors.filter((e) => /Failed to load resource/.test(e));
  for (const e of expected) consoleErrors.splice(consoleErrors.indexOf(e), 1);
}

/** What the server stored, read the way an administrator would: the export CLI, as JSON. */
export function storedSubmissions(kind: "newsletter" | "contact" | "careers"): Record<string, string>[] {
  const env = (config.webServer as { env?: Record<string, string> } | undefined)?.env ?? {};
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "export", kind, "--format", "json"], {
    cwd: root,
    env: { ...process.env, ...(env.DATABASE_URL && { DATABASE_URL: env.DATABASE_URL }) },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out) as Record<string, string>[];
}
