/**
 * Scheduled publishing in the page editor (issue 29) against the built server with STUDIO=1,
 * publishing to a git repository of its own (studio-server.ts, `publishing`): an editor
 * schedules their draft of /about at a time in the site's time zone, sees it pending with
 * Cancel, cancels a second one, and the public page changes at the time, by them. axe-clean.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import site from "../../src/page/site-settings.ts";
import { zonedInputs } from "../../src/editor/schedule-time.ts";
import { expect as baseExpect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, type StudioServer, test, waitForHydration } from "./studio-server.ts";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000, mode: "serial" });
test.use({ publishing: true });

const TITLE = "Engineers, on schedule";

async function signedInEditor(page: Page, studio: StudioServer) {
  const email = `asha-${Date.now().toString(36)}@example.com`;
  await setPassword(page, studio.invite(email, "Asha", "editor"));
  await page.goto(`${studio.url}/admin/pages?page=about`);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(`${studio.url}/admin/pages?page=about`);
  await waitForHydration(page);
  await expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 });
  return email;
}

/** Sets the dialog's date and time to an instant, as the site's time zone reads it. */
async function pick(page: Page, instant: number) {
  const { day, time } = zonedInputs(instant, site.timeZone);
  const dialog = page.getByTestId("schedule-dialog");
  await dialog.getByLabel("Date", { exact: true }).fill(day);
  await dialog.getByLabel("Time", { exact: true }).fill(time);
}

const publicHeading = async (page: Page, studio: StudioServer) => {
  const answer = await page.request.get(`${studio.url}/about`, { headers: { "cache-control": "no-cache" } });
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await answer.text())?.[1];
};

test("an editor schedules /about in the site's time zone, cancels a second schedule, and the page changes at the time", async ({ page, studio, consoleErrors }) => {
  const email = await signedInEditor(page, studio);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: studio.contentRoot!, encoding: "utf8" }).trim();
  const commits = git("rev-list", "--count", "HEAD");

  await page.getByTestId("fields").getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByTestId("schedule-publish").click();
  const dialog = page.getByTestId("schedule-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("schedule-zone")).toHaveText(`Times are in the site's time zone, ${site.timeZone}.`);

  // A time already past is refused, and says so.
  await pick(page, Date.now() - 3_600_000);
  await dialog.getByTestId("schedule-submit").click();
  await expect(dialog.getByRole("alert")).toContainText("that time has already passed");
  await expectNoAxeViolations(page);

  // Tomorrow, then cancelled: it never runs.
  await pick(page, Date.now() + 86_400_000);
  await dialog.getByTestId("schedule-submit").click();
  await expect(dialog).toBeHidden();
  const pending = page.getByTestId("schedule-pending");
  await expect(pending).toHaveCount(1);
  await pending.first().getByRole("button", { name: /^Cancel/ }).click();
  await expect(pending).toHaveCount(0);

  // The next whole minute at least 20 s away (the time inputs take minutes): set last, so the wait is short.
  const at = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
  await page.getByTestId("schedule-publish").click();
  await pick(page, at);
  await dialog.getByTestId("schedule-submit").click();
  await expect(dialog).toBeHidden();
  await expect(pending).toHaveCount(1);
  const shown = new Intl.DateTimeFormat("en-GB", { timeZone: site.timeZone, hour: "2-digit", minute: "2-digit" }).format(at);
  await expect(pending.first()).toContainText(shown);
  await expect(pending.first()).toContainText("GMT+5:30");
  await expect(pending.first()).toContainText("scheduled by Asha");
  expect(git("rev-list", "--count", "HEAD")).toBe(commits);
  expect(await publicHeading(page, studio)).not.toBe(TITLE);
  await expectNoAxeViolations(page);

  await expect.poll(() => publicHeading(page, studio), { timeout: 150_000, intervals: [1000] }).toBe(TITLE);
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  expect(git("rev-list", "--count", "HEAD")).toBe(String(Number(commits) + 1));
  expect(git("log", "-1", "--format=%an <%ae>")).toBe(`Asha <${email}>`);

  // Back in the editor: nothing pending; the list says what became of each.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("schedule-publish").click();
  await expect(page.getByTestId("schedule-list")).toContainText("Published");
  await expect(page.getByTestId("schedule-list")).toContainText("Cancelled");
  await expect(page.getByTestId("schedule-pending")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Chromium logs every 4xx answer to fetch: /me before signing in, the refused past time.
  ignoreConsoleErrors(consoleErrors, /status of 40[01]/);
});

test("scheduling a draft that removes a block says its texts leave the Hindi translation at that time", async ({ page, studio, consoleErrors }) => {
  await signedInEditor(page, studio);
  await page.getByRole("button", { name: /^Remove: Timeline/ }).click();
  await page.getByTestId("schedule-publish").click();
  const dialog = page.getByTestId("schedule-dialog");
  await expect(dialog.getByTestId("schedule-translations")).toHaveText("The removed block's texts leave its हिन्दी translation too, at the time you choose.");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  ignoreConsoleErrors(consoleErrors, /status of 40[01]/);
});
