/**
 * Translating in the page editor (local mode, the studio signed in as the computer's owner,
 * admin-server.ts): the page list's translation figure, the locale switcher, a stale
 * translation's badge on its text, its block and the page, "Mark as still correct" and typing
 * a Hindi text, each published as a one-line change of the translation file in `git diff`; the
 * translation view is axe clean.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type AdminServer, expect as baseExpect, expectNoAxeViolations, test, waitForHydration } from "./admin-server.ts";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
test.afterEach(({ admin }) => admin.reset());

const ABOUT = "content/pages/about.json";
const ABOUT_HI = "content/translations/hi/pages/about.json";
const OLD_TITLE = "Engineers who care how your business does";
const NEW_TITLE = "Engineers who care how your business is doing";
const read = (admin: AdminServer, file: string) => readFileSync(path.join(admin.root, file), "utf8");

/** The English hero title changed by a colleague's commit: Hindi's is now stale. */
function changeEnglishTitle(admin: AdminServer) {
  writeFileSync(path.join(admin.root, ABOUT), read(admin, ABOUT).replace(`"title": "${OLD_TITLE}"`, `"title": "${NEW_TITLE}"`));
  admin.commit("The English hero title, changed");
}

async function open(page: Page, admin: AdminServer, query: string) {
  await page.goto(`${admin.url}/admin/pages${query}`);
  await waitForHydration(page);
}

const heroTitle = (page: Page) => page.locator('[data-testid="translation-text"][data-slot="blocks/hero/title"]');

/** The changed lines of a file against the content's first commit, publishes included: "-old" and "+new". */
const changedLines = (admin: AdminServer, file: string) =>
  execFileSync("git", ["-C", admin.root, "diff", "-U0", execFileSync("git", ["-C", admin.root, "rev-list", "--max-parents=0", "HEAD"], { encoding: "utf8" }).trim(), "--", file], { encoding: "utf8" })
    .split("\n")
    .filter((l) => /^[-+](?![-+])/.test(l));

test("a stale Hindi title: badges on the text, its block and the page; marked still correct, then retranslated, one line each", async ({ page, admin }) => {
  changeEnglishTitle(admin);

  await open(page, admin, "");
  const about = page.getByTestId("document-list").getByRole("listitem").filter({ hasText: "/about" });
  await expect(about.getByTestId("translation-progress")).toHaveText(/हिन्दी 9\d %/);

  await open(page, admin, "?page=about");
  await expect(page.getByTestId("editor")).toBeVisible({ timeout: 90_000 });
  await page.getByTestId("locale-switcher").getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/[?&]page=about&locale=hi/);

  const editor = page.getByTestId("translation-editor");
  await expect(editor).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("translation-progress")).toHaveText(/^9\d % translated/);
  await expect(heroTitle(page)).toHaveAttribute("data-state", "stale");
  await expect(heroTitle(page).getByTestId("badge-stale")).toBeVisible();
  await expect(heroTitle(page).getByTestId("translation-source")).toHaveText(NEW_TITLE);
  await expect(heroTitle(page).getByTestId("translated-from")).toContainText(OLD_TITLE);
  await expect(page.locator('[data-group="blocks/hero"]').getByTestId("badge-stale").first()).toHaveText("1 stale");
  await expectNoAxeViolations(page);

  // Still correct: the recorded source and hash follow the English, on the entry's one line.
  await heroTitle(page).getByRole("button", { name: "Mark as still correct" }).click();
  await page.getByTestId("editor-save").click();
  // Publish asks once, with what goes live in words.
  const ask = page.getByTestId("publish-confirm");
  await expect(ask.getByTestId("publish-changes")).toHaveText(`'${NEW_TITLE}': kept, marked as still correct`);
  await expectNoAxeViolations(page);
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("editor-status")).toHaveText("No unpublished changes");
  await expect(heroTitle(page)).toHaveAttribute("data-state", "translated");
  await expect(page.getByTestId("translation-progress")).toHaveText(/^100 % translated/);
  let changed = changedLines(admin, ABOUT_HI);
  expect(changed).toHaveLength(2);
  expect(changed[1]).toContain(`"source": "${NEW_TITLE}"`);
  expect(changed[1]).toContain("ऐसे इंजीनियर जिन्हें आपके बिज़नेस की परवाह है");

  // Typing a Hindi text changes that text alone.
  const field = heroTitle(page).getByRole("textbox");
  await expect(field).toHaveAttribute("lang", "hi");
  await field.fill("ऐसे इंजीनियर जो आपके बिज़नेस की परवाह करते हैं");
  await page.getByTestId("editor-save").click();
  await expect(ask.getByTestId("publish-changes")).toContainText("→ 'ऐसे इंजीनियर जो आपके बिज़नेस की परवाह करते हैं'");
  // The publish gate reads the page in Hindi, as for the page's own publish (a blank text stopped: tests/contract/studio-gate.test.ts).
  await expect(ask.getByTestId("gate-pages")).toHaveText("Checked: About Us (/hi/about), हिन्दी.");
  await expect(ask.getByTestId("gate-clean")).toBeVisible();
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("editor-status")).toHaveText("No unpublished changes");
  changed = changedLines(admin, ABOUT_HI);
  expect(changed).toHaveLength(2);
  expect(JSON.parse(changed[1]!.replace(/^\+\s*"title": /, "").replace(/,$/, ""))).toEqual({ text: "ऐसे इंजीनियर जो आपके बिज़नेस की परवाह करते हैं", source: NEW_TITLE, hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
});

test("the site config's Hindi texts, from the page list: a stale tagline marked still correct is a one-line change; the taxonomy's open the same way", async ({ page, admin }) => {
  const SITE_HI = "content/translations/hi/site.json";
  // The tagline's translation recorded as made from older English: stale.
  const original = read(admin, SITE_HI);
  const line = original.split("\n").find((l) => l.includes('"tagline": {'))!;
  const source = /"source": ("[^"]*")/.exec(line)![1]!;
  const stale = original.replace(line, line.replace(/"source": "[^"]*", "hash": "[0-9a-f]+"/, '"source": "Older English", "hash": "0000000000000000"'));
  expect(stale).not.toBe(original);
  writeFileSync(path.join(admin.root, SITE_HI), stale);
  admin.commit("The tagline's translation, recorded from older English");

  await open(page, admin, "");
  const siteWide = page.getByTestId("site-wide-texts");
  await expect(siteWide.getByRole("listitem").filter({ hasText: "Blog taxonomy" }).getByRole("link", { name: "Blog taxonomy" })).toHaveAttribute("href", /\?texts=taxonomy&locale=hi$/);
  const site = siteWide.getByRole("listitem").filter({ hasText: "Site settings" });
  await expect(site.getByTestId("translation-progress")).toHaveText(/हिन्दी 9\d %/);
  await site.getByRole("link", { name: "Site settings" }).click();
  await expect(page).toHaveURL(/[?&]texts=site&locale=hi/);

  await expect(page.getByTestId("translation-editor")).toBeVisible({ timeout: 90_000 });
  const tagline = page.locator('[data-testid="translation-text"][data-slot="fields/tagline"]');
  await expect(tagline).toHaveAttribute("data-state", "stale");
  await expect(tagline.getByTestId("translation-source")).toHaveText(JSON.parse(source));
  await expect(tagline.getByTestId("translated-from")).toContainText("Older English");
  // Its English is code: no link to edit it, and the switcher offers no English.
  await expect(page.getByRole("link", { name: "Edit the English" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await tagline.getByRole("button", { name: "Mark as still correct" }).click();
  await page.getByTestId("editor-save").click();
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("editor-status")).toHaveText("No unpublished changes");
  await expect(tagline).toHaveAttribute("data-state", "translated");
  // The one line the stale file differed in is back as it was; nothing else changed.
  expect(read(admin, SITE_HI)).toBe(original);
  expect(changedLines(admin, SITE_HI)).toEqual([]);
});

test("texts of a block the published page does not have are listed by their English, and Remove takes them out of the translation", async ({ page, admin }) => {
  // A block's texts left in the Hindi file (a paste undone, or a file edited by hand): orphaned.
  const original = JSON.parse(read(admin, ABOUT_HI));
  const left = { title: { text: "बचा हुआ ब्लॉक", source: "A block that was removed", hash: "0123456789abcdef" } };
  writeFileSync(path.join(admin.root, ABOUT_HI), `${JSON.stringify({ ...original, blocks: { ...original.blocks, gone: left } }, null, 2)}\n`);
  admin.commit("A block's Hindi texts left behind");

  await open(page, admin, "?page=about&locale=hi");
  await expect(page.getByTestId("translation-editor")).toBeVisible({ timeout: 90_000 });
  const orphaned = page.getByTestId("orphaned-list");
  await expect(orphaned.getByRole("heading")).toHaveText("Texts of a block the published page does not have");
  await expect(orphaned.getByRole("listitem")).toHaveText(["A block with 'A block that was removed'Remove its texts"]);
  await expectNoAxeViolations(page);

  await orphaned.getByRole("button", { name: "Remove its texts: A block with 'A block that was removed'" }).click();
  await expect(orphaned).toHaveCount(0);
  await page.getByTestId("editor-save").click();
  const ask = page.getByTestId("publish-confirm");
  await expect(ask.getByTestId("publish-changes")).toHaveText("A block with 'A block that was removed': translation removed");
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("editor-status")).toHaveText("No unpublished changes");
  expect(JSON.parse(read(admin, ABOUT_HI))).toEqual(original);
});
