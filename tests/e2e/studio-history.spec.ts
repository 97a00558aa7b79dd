/**
 * The editor's History in studio mode (issue 25) against the built server publishing to a git
 * repository of its own (studio-server.ts, `publishing`): an editor publishes a change, sees it
 * live, opens History and restores the version before it; the public page is back as it was,
 * and the history has a new revert commit on top (never a rewrite). A contributor sees the
 * versions and their changes but cannot restore.
 */
import { execFileSync } from "node:child_process";
import { expectNoAxeViolations, ignoreConsoleErrors, test } from "./studio-server.ts";
import { checked, expect, fields, history, opened, publicHeading, publicHeadingBecomes, restoreChosenVersion, signedInEditor, signedOutAtFirst, status, versions } from "./studio-editing.ts";

test.describe.configure({ timeout: 240_000, mode: "serial" });
test.use({ publishing: true });

const commits = (root: string) => execFileSync("git", ["log", "--format=%H %an %s", "--", "content/pages/about.json"], { cwd: root, encoding: "utf8" }).trim().split("\n");

test("an editor publishes a change, opens History and restores the version before it: the public page is as it was, and the restore is a new commit", async ({ page, studio, consoleErrors }) => {
  const root = studio.contentRoot!;
  await signedInEditor(page, studio, "Asha", "editor", "?page=about");
  await opened(page);
  const title = fields(page).getByLabel("Title", { exact: true });
  const before = await title.inputValue();
  expect(await publicHeading(page, studio)).toBe(before);

  await title.fill("Engineers who look back");
  await checked(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");
  await publicHeadingBecomes(page, studio, "Engineers who look back");
  const published = commits(root);

  // History: newest first, who and what; the current version is marked and offers no restore.
  await page.getByRole("button", { name: "History", exact: true }).click();
  // The page by its name, each edit by what it changed (one each here: Asha's, and the content's first commit).
  await expect(history(page).getByRole("heading", { name: "History of About Us (/about)" })).toBeVisible();
  await expect(versions(page)).toHaveCount(published.length);
  await expect(versions(page).first()).toContainText(`Hero, Title: '${before}' → 'Engineers who look back'`);
  await expect(versions(page).first()).toContainText("Asha");
  await expect(versions(page).first()).toContainText("Current version");
  await versions(page).first().click();
  await expect(history(page).getByTestId("history-changes")).toContainText("This is the version published now.");
  await expect(history(page).getByRole("button", { name: "Restore this version" })).toHaveCount(0);

  // The version before, chosen with the keyboard (past the details for developers): its difference from now, in words.
  await versions(page).first().focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(versions(page).nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(versions(page).nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(history(page).getByTestId("history-change-list")).toContainText(`Title: '${before}' → 'Engineers who look back'`);
  await expectNoAxeViolations(page);

  // Restore, confirmed first.
  await restoreChosenVersion(page);

  // The editor holds the restored file; the history has the revert on top of everything before it.
  await expect(title).toHaveValue(before);
  await expect(status(page)).toHaveText("No unpublished changes");
  await expect(versions(page)).toHaveCount(published.length + 1);
  await expect(versions(page).first()).toContainText(`Restored an earlier version: Hero, Title: 'Engineers who look back' → '${before}'`);
  await expect(history(page).getByTestId("history-commits").first()).toContainText(/Revert page \/about to [0-9a-f]{7} \(\d{4}-\d{2}-\d{2}\)/);
  const after = commits(root);
  expect(after.slice(1)).toEqual(published);
  expect(after[0]).toMatch(/^[0-9a-f]{40} Asha Revert page \/about to /);
  await publicHeadingBecomes(page, studio, before);

  await history(page).getByRole("button", { name: "Close" }).click();
  await expect(history(page)).toBeHidden();
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("a contributor sees the versions and what each changed, but no Restore, and is told who restores", async ({ page, studio, consoleErrors }) => {
  await signedInEditor(page, studio, "Ben", "contributor", "?page=about");
  await opened(page);
  await page.getByRole("button", { name: "History", exact: true }).click();
  // The previous test left its edit and, on top, its revert.
  await expect(versions(page)).toHaveCount(commits(studio.contentRoot!).length);
  await expect(versions(page).first()).toContainText("Restored an earlier version");
  await versions(page).nth(1).click();
  await expect(history(page).getByTestId("history-change-list")).toContainText("Title: 'Engineers who look back' → ");
  await expect(history(page).getByTestId("history-contributor")).toHaveText("Only editors and admins can restore a version.");
  await expect(history(page).getByRole("button", { name: "Restore this version" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
