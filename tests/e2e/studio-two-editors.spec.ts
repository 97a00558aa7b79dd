/**
 * Two editors on one page (issues 25 and 36), each in a browser of their own with an account of
 * their own, against the built server publishing to a git repository of its own: the second sees
 * that the first is editing, nobody is locked out, and when the first publishes a change the
 * second, in a tab opened before, makes too, the second's publish is refused with what changed,
 * in words, and never overwrites it silently. Reload takes the published page; Apply mine on top merges: what only the first
 * changed stays, what only the second changed goes on top, and a field both changed is shown
 * side by side (theirs | yours) for the second to choose; the next Publish sends the result.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, ignoreConsoleErrors, test } from "./studio-server.ts";
import { checked, expect, fields, signedOutAtFirst, status, twoEditors } from "./studio-editing.ts";

test.describe.configure({ timeout: 240_000 });
test.use({ publishing: true });

const title = (page: Page) => fields(page).getByLabel("Title", { exact: true });
const subtitle = (page: Page) => fields(page).getByLabel("Subtitle", { exact: true });
const conflict = (page: Page) => page.getByRole("alertdialog", { name: "Changed since your draft began" });

async function edit(page: Page, text: string) {
  await title(page).fill(text);
  await checked(page);
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
}

test("two editors on /about: the second sees the first editing; the first publishes; the second's publish shows what changed, and Reload and Apply mine on top do what they say", async ({ page: asha, browser, studio, consoleErrors }) => {
  const root = studio.contentRoot!;
  const published = () => readFileSync(path.join(root, "content/pages/about.json"), "utf8");
  const { second: ravi, elsewhere } = await twoEditors(asha, browser, studio, ["Asha", "Ravi"], "?page=about");
  await expect(ravi.getByTestId("presence")).toHaveText("Asha is editing this page");
  const original = await title(ravi).inputValue();

  // Asha edits and publishes; Ravi, in the tab he opened before, changes the same title.
  await edit(asha, "Asha rewrote this");
  await publish(asha);
  await expect(status(asha)).toHaveText("No unpublished changes");
  await edit(ravi, "Ravi rewrote this");

  // Ravi's publish is refused, told in words; nothing of Asha's is overwritten.
  await publish(ravi);
  await expect(conflict(ravi)).toBeVisible();
  await expect(conflict(ravi).getByTestId("publish-conflict-changes")).toContainText(`Title: '${original}' → 'Asha rewrote this'`);
  await expectNoAxeViolations(ravi);
  expect(published()).toContain('"Asha rewrote this"');
  expect(published()).not.toContain("Ravi rewrote this");

  // Reload: the published page, Ravi's draft dropped.
  await conflict(ravi).getByRole("button", { name: "Reload" }).click();
  await expect(conflict(ravi)).toBeHidden();
  await expect(title(ravi)).toHaveValue("Asha rewrote this");
  await expect(status(ravi)).toHaveText("No unpublished changes");

  // Again: Asha changes the title and publishes; Ravi changes the subtitle, and the title too.
  await edit(asha, "Asha tried again");
  await publish(asha);
  await expect(status(asha)).toHaveText("No unpublished changes");
  await subtitle(ravi).fill("Ravi's subtitle");
  await edit(ravi, "Ravi has the last word");
  await publish(ravi);
  await expect(conflict(ravi).getByTestId("publish-conflict-changes")).toContainText("Title: 'Asha rewrote this' → 'Asha tried again'");
  // The title both changed, side by side, by the block's and field's labels; Apply waits for a choice.
  const both = conflict(ravi).getByTestId("merge-conflicts");
  await expect(both.getByRole("group", { name: "Hero, Title" })).toBeVisible();
  await expect(both.getByRole("radio", { name: "Theirs: 'Asha tried again'" })).toBeVisible();
  await expect(conflict(ravi).getByRole("button", { name: "Apply mine on top" })).toBeDisabled();
  await expectNoAxeViolations(ravi);
  await both.getByRole("radio", { name: "Yours: 'Ravi has the last word'" }).check();
  await conflict(ravi).getByRole("button", { name: "Apply mine on top" }).click();
  await expect(conflict(ravi)).toBeHidden();
  await expect(title(ravi)).toHaveValue("Ravi has the last word");
  expect(published()).toContain('"Asha tried again"');
  await publish(ravi);
  await expect(status(ravi)).toHaveText("No unpublished changes");
  expect(published()).toContain('"Ravi has the last word"');
  expect(published()).toContain('"Ravi\'s subtitle"');
  expect(execFileSync("git", ["log", "-3", "--format=%an", "--", "content/pages/about.json"], { cwd: root, encoding: "utf8" }).trim().split("\n")).toEqual(["Ravi", "Asha", "Asha"]);

  await elsewhere.close();
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
  // Asha's discard after publishing, when Ravi kept the draft since: refused (409), his draft stays, as it should.
  ignoreConsoleErrors(consoleErrors, /status of 409/);
});
