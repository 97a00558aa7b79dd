/**
 * The studio speaks the marketer's language (issue 36): an editor signs in and goes through
 * every studio screen as a marketer does (the pages, a page in the editor with an edit of hers,
 * its history grouped by edit, an older version's changes and the restore confirmation, the
 * publish-later dialog, the posts, the submissions, the media library and an image, her account; then an admin's people and
 * audit log). On each, no visible text is a file path, a git word, a block's type key or
 * internal key, or a commit hash, except inside a <details> meant for developers, and each is
 * axe clean. Every screen is seen at 390 px by studio-narrow.spec.ts; here also the publish
 * confirmation, which only an edit opens.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, type StudioServer, test, waitForHydration } from "./studio-server.ts";
import { expect, fields, history, opened, signedOutAtFirst, status, versions } from "./studio-editing.ts";

test.describe.configure({ timeout: 480_000 });
test.use({ publishing: true });

/** Block type keys (a folder each under src/blocks/): hyphenated ones as words, one-word ones as "hero:". */
const TYPE_KEYS = readdirSync("src/blocks").filter((name) => statSync(path.join("src/blocks", name)).isDirectory());
// Not within a page's path: /blog/tag/not-found is an address, not the "not-found" block.
const keyPattern = new RegExp(TYPE_KEYS.map((key) => `(?<![\\w/-])${key}${key.includes("-") ? "(?![\\w/-])" : ":"}`).join("|"));

/** What a marketer must never read, and why. */
const FORBIDDEN: [RegExp, string][] = [
  [/content\//, "a file path"],
  [/\.json\b/, "a file path"],
  [/\b(commit|commits|committed|branch|rebase|repository)\b/i, "a git word"],
  [/\b(HEAD|SHA)\b/, "a git word"],
  [keyPattern, "a block's type key"],
  [/\b[0-9a-f]{7,40}\b/, "a commit hash"],
];

/** A name made of letters no hash has, so no address of this test reads as one. */
const unique = (who: string) => `${who}-${Date.now().toString(36).replace(/[0-9a-f]/g, (c) => "ghijklmnopqrstuv"["0123456789abcdef".indexOf(c)]!)}@example.com`;

/** Every text shown on the page (dialogs included), but what is inside a <details> element for developers. */
const shownText = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const element = walker.currentNode.parentElement;
      if (!element || element.closest("details, script, style, noscript, template, datalist, option")) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const text = walker.currentNode.textContent?.trim();
      if (text) texts.push(text);
    }
    return texts;
  });

/** The page's width beyond the screen's, in CSS pixels (0: nothing runs off the side). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The screen as it is now: in the marketer's words, axe clean; `narrow`: then at 390 px, fitting the width and axe clean. */
async function inMarketersWords(page: Page, screen: string, { narrow = false } = {}) {
  const shown = await shownText(page);
  for (const [pattern, what] of FORBIDDEN) {
    const found = shown.filter((text) => pattern.test(text));
    expect(found, `${screen}: ${what}`).toEqual([]);
  }
  await expectNoAxeViolations(page);
  if (!narrow) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect.poll(() => overflow(page), { message: `${screen} at 390 px` }).toBe(0);
    await expectNoAxeViolations(page);
  } finally {
    await page.setViewportSize(size);
  }
}

async function signIn(page: Page, studio: StudioServer, email: string, name: string, role: "editor" | "admin") {
  await setPassword(page, studio.invite(email, name, role));
  await page.goto(`${studio.url}/admin/sign-in`);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  await expect(page).not.toHaveURL(/sign-in/);
}

async function visit(page: Page, studio: StudioServer, screen: string) {
  await page.goto(studio.url + screen);
  await waitForHydration(page);
}

test("an editor and an admin go through every studio screen: no file path, git word, block key or commit hash, and each axe clean", async ({ page, studio, consoleErrors }) => {
  await signIn(page, studio, unique("meera"), "Meera Shah", "editor");
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);

  // The pages: template pages by what they show, paths in the studio's own font.
  await visit(page, studio, "/admin/pages");
  await expect(page.getByTestId("document-list")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pages");
  const templates = page.getByRole("listitem").filter({ hasText: "(template)" });
  await expect(templates.first()).toBeVisible();
  await expect(page.getByText(/\{(title|name)\}/)).toHaveCount(0);
  const font = (selector: string) => page.locator(selector).first().evaluate((e) => getComputedStyle(e).fontFamily);
  expect(await font('[data-testid="document-list"] ul a')).toBe(await font('[data-testid="document-list"] h1'));
  await inMarketersWords(page, "Pages");

  // A page in the editor, with her edit: the outline by blocks' labels, one status, the name never cut short.
  await visit(page, studio, "/admin/pages?page=about");
  await opened(page);
  const outline = page.getByTestId("outline");
  await expect(outline).toContainText("Hero");
  await expect(outline).not.toContainText("hero:");
  await outline.getByTestId("outline-select").filter({ hasText: /^Hero/ }).click();
  await expect(fields(page).getByRole("heading", { level: 2 })).toHaveText("Hero");
  const title = fields(page).getByLabel("Title", { exact: true });
  const before = await title.inputValue();
  await title.fill("Who we are");
  await expect(status(page)).toHaveText(/^Draft saved at /, { timeout: 30_000 });
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  const name = page.getByTestId("editor-title");
  await expect(name).toHaveText(/^About Us\s*\/about$/);
  // Never cut short: the whole name fits in its box, at this width and at a phone's.
  const fitsWhole = () => name.evaluate((e) => e.scrollWidth <= e.clientWidth + 1 && getComputedStyle(e).textOverflow !== "ellipsis");
  expect(await fitsWhole()).toBe(true);
  await inMarketersWords(page, "A page in the editor");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fitsWhole()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Published: the toast names the page by its title and path.
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("publish-confirm")).toBeVisible();
  await inMarketersWords(page, "Publish asks once", { narrow: true });
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("toast")).toContainText("About Us (/about) is published");
  await expect(status(page)).toHaveText("No unpublished changes");

  // History: titled with the page's name, her edit in words, the commits only for developers.
  await page.getByRole("button", { name: "History", exact: true }).click();
  await expect(history(page).getByRole("heading", { name: "History of About Us (/about)" })).toBeVisible();
  await expect(versions(page).first()).toContainText("Hero, Title:");
  await expect(versions(page).first()).toContainText("'Who we are'");
  await expect(versions(page).first()).toContainText("Meera Shah");
  await inMarketersWords(page, "History");
  // The version before hers: what differs, and the restore's confirmation.
  await versions(page).nth(1).click();
  await expect(history(page).getByTestId("history-change-list")).toContainText(`Hero, Title: '${before}' → 'Who we are'`);
  await inMarketersWords(page, "An older version");
  await history(page).getByRole("button", { name: "Restore this version" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
  await expect(confirm).toContainText("About Us (/about) is published again");
  await inMarketersWords(page, "Restore this version?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await history(page).getByRole("button", { name: "Close" }).click();

  // Publish later: its dialog.
  await page.getByTestId("schedule-publish").click();
  await expect(page.getByTestId("schedule-dialog")).toBeVisible();
  await inMarketersWords(page, "Publish later");
  await page.keyboard.press("Escape");

  // The posts, under the studio's bar: "Posts" beside "Pages", the spec's tabs kept.
  await visit(page, studio, "/admin");
  const bar = page.getByRole("navigation", { name: "Studio" });
  await expect(bar.getByRole("link", { name: "Posts" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Pages" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts");
  await expect(page.getByTestId("admin")).toHaveAttribute("data-state", "loaded");
  await expect(page.getByRole("tab", { name: /^Blog Posts \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Categories \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("banner").filter({ hasNot: bar })).toHaveCount(0); // no public site header
  await inMarketersWords(page, "Posts");

  await visit(page, studio, "/admin/submissions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submissions");
  await inMarketersWords(page, "Submissions");

  await visit(page, studio, "/admin/media");
  await expect(page.getByTestId("media-card").first()).toBeVisible();
  await inMarketersWords(page, "Media");
  await page.getByLabel("Search by name, alt text, caption or tag").fill("hero home");
  await page.getByTestId("media-card").first().click();
  await expect(page.getByTestId("media-uses")).toBeVisible();
  await inMarketersWords(page, "An image of the media library");

  await visit(page, studio, "/admin/account");
  await expect(page.getByTestId("studio-account")).toBeVisible();
  await inMarketersWords(page, "Your account");

  // An admin: the people and the audit log (which lists Meera's publish, by the page's name).
  await page.context().clearCookies();
  await signIn(page, studio, unique("asha"), "Asha Rao", "admin");
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
  await visit(page, studio, "/admin/users");
  await expect(page.getByTestId("studio-users").getByRole("table")).toBeVisible();
  await inMarketersWords(page, "People");
  await visit(page, studio, "/admin/audit");
  await expect(page.getByTestId("audit-count")).toBeVisible();
  await expect(page.locator('tr[data-action="publish"]').first()).toContainText("Published page “about”");
  await inMarketersWords(page, "Audit log");
});
