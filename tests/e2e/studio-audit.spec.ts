/**
 * The audit log's screen (/admin/audit) against the built server with STUDIO=1
 * (studio-server.ts): an admin sees who did what, when and from where (their invitation by
 * `npm run users`, setting the password, a failed sign-in, signing in), filters by action,
 * exports the filtered log as CSV; someone who is not an admin gets no link and a refusal.
 * Checked with axe.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, waitForHydration } from "./studio-server.ts";

const unique = (what: string) => `${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * Chromium logs every 4xx answer to fetch: the failed sign-in (401), the refused screen (403),
 * /me signed out, and the blog admin's data calls at /admin after signing in, which the studio
 * does not answer (404), as in studio-screens.spec.ts.
 */
const expectedRefusals = /status of 40[134]/;

// Several scrypt hashes (invitations' passwords, sign-ins, a decoy) each: slow on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const entryRow = (page: Page, action: string, target: string) => page.locator(`tr[data-action="${action}"][data-target="${target}"]`);

test("an admin reads who did what, when and from where, filters it and exports it", async ({ page, studio, consoleErrors }) => {
  const email = unique("asha");
  await setPassword(page, studio.invite(email, "Asha Rao", "admin"));
  const guessed = unique("nobody");
  await page.goto(`${studio.url}/admin/sign-in`);
  await waitForHydration(page);
  await signInWithPassword(page, guessed, "not the password at all");
  // Each sign-in checks a scrypt hash (a decoy for an unknown address): seconds on a loaded machine.
  await expect(page.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioSignInFailed", { timeout: 20_000 });
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(`${studio.url}/admin/home`, { timeout: 20_000 });

  await page.goto(`${studio.url}/admin/account`);
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(`${studio.url}/admin/audit`);
  await waitForHydration(page);

  // Who, when, what, from where: the sign-in by Asha, from this browser on this machine.
  const signedIn = entryRow(page, "sign-in.password", email);
  await expect(signedIn).toHaveCount(1);
  await expect(signedIn).toContainText("Asha Rao");
  await expect(signedIn).toContainText("Signed in with a password");
  await expect(signedIn.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  await expect(signedIn).toContainText(/127\.0\.0\.1|::1/);
  await expect(signedIn).toContainText(/Chrome on (Windows|Linux|macOS)/);
  // The invitation came from the command line, with nobody signed in; the password from its link.
  await expect(entryRow(page, "user.invite", email)).toContainText("via: npm run users");
  await expect(entryRow(page, "user.invite", email)).toContainText("not signed in");
  await expect(entryRow(page, "password.set", email)).toHaveCount(1);
  await expect(entryRow(page, "sign-in.failed", guessed)).toContainText("not signed in");
  await expectNoAxeViolations(page);

  await page.getByLabel("Action").selectOption({ label: "Sign-in failed" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(await page.locator('tbody tr[data-action="sign-in.failed"]').count());
  await expect(entryRow(page, "sign-in.failed", guessed)).toHaveCount(1);
  await expect(entryRow(page, "sign-in.password", email)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The export is the filtered log, as CSV.
  const downloading = page.waitForEvent("download");
  await page.getByTestId("audit-export-csv").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^studio-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFid,at,action,actor_id,actor_email,actor_name,target,detail,ip,user_agent");
  expect(csv).toContain(`,sign-in.failed,,,,${guessed},`);
  expect(csv).not.toContain("sign-in.password");
  ignoreConsoleErrors(consoleErrors, expectedRefusals);
});

test("someone who is not an admin has no link to the audit log, and the screen refuses them", async ({ page, studio, consoleErrors }) => {
  const email = unique("ed");
  await setPassword(page, studio.invite(email, "Ed Editor", "editor"));
  await page.goto(`${studio.url}/admin/sign-in`);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(`${studio.url}/admin/home`, { timeout: 20_000 });
  await page.goto(`${studio.url}/admin/audit`);
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(page.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioForbidden");
  await expect(page.locator("tbody tr")).toHaveCount(0);
  await expectNoAxeViolations(page);
  ignoreConsoleErrors(consoleErrors, expectedRefusals);
});
