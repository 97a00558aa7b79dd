/**
 * The page editor in studio mode as a person uses it, for the studio's editor specs: signing
 * in at the sign-in page the editor leads to, waiting for the file and its preview, waiting for
 * the checker, two people on one page, sharing a preview link (the page editor's and the blog admin's), restoring a
 * version from History, and reading the public page's heading.
 */
import type { Browser, Page } from "@playwright/test";
import { expect as baseExpect, expectNoAxeViolations, nobodyEditing, setPassword, signInWithPassword, type StudioServer, waitForHydration } from "./studio-server.ts";

// The first open reads and checks the whole site; publishing rebuilds: seconds on a shared machine.
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Chromium logs every 4xx answer to fetch: /me before signing in is a 401. */
export const signedOutAtFirst = /status of 401/;

export const fields = (page: Page) => page.getByTestId("fields");
export const status = (page: Page) => page.getByTestId("editor-status");

/** Share preview (the page editor's or the blog admin's): the link, checked by axe in its dialog, opened by a browser without an account. */
export async function sharedPreview(page: Page, browser: Browser, studio: StudioServer) {
  await page.getByRole("button", { name: "Share preview" }).click();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(new RegExp(`^${studio.url}/admin/share/[A-Za-z0-9_-]{22,}$`));
  await expectNoAxeViolations(page);
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  return { link, stranger, visitor };
}

/** A new person with a password, signed in at the sign-in page that the editor leads to. */
export async function signedInEditor(page: Page, studio: StudioServer, name: string, role: "admin" | "editor" | "contributor", query = "") {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}@example.com`;
  await setPassword(page, studio.invite(email, name, role));
  await page.goto(`${studio.url}/admin/pages${query}`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(`${studio.url}/admin/pages${query}`);
  await waitForHydration(page);
  return email;
}

/**
 * Two people on one page, each in a browser of their own with an account of their own: the
 * first in `first`, the second in a new browser context (close it at the end), both with the
 * editor of the file the query names open, and nobody else's.
 */
export async function twoEditors(first: Page, browser: Browser, studio: StudioServer, [one, other]: [string, string], query: string) {
  nobodyEditing(studio);
  await signedInEditor(first, studio, one, "editor", query);
  await opened(first);
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  await signedInEditor(second, studio, other, "editor", query);
  await opened(second);
  return { second, elsewhere };
}

/** The editor of the file the address names, with its preview shown. */
export async function opened(page: Page) {
  await expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 });
  await expect(page.frameLocator('iframe[title="Preview"]').getByTestId("preview-page")).toBeAttached({ timeout: 60_000 });
}

/** Waits for the check of the newest draft to come back. */
export async function checked(page: Page) {
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true");
  await page.waitForTimeout(300); // the check starts 200 ms after the last change
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true");
}

/** The History panel, and its versions (newest first). */
export const history = (page: Page) => page.getByTestId("history");
export const versions = (page: Page) => history(page).getByTestId("history-version");

/** History's Restore this version, on the version chosen: confirmed first (axe on the confirmation), then done. */
export async function restoreChosenVersion(page: Page) {
  await history(page).getByRole("button", { name: "Restore this version" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
  await expect(confirm).toContainText("An unpublished draft of it is dropped.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId("toast")).toContainText("Version restored");
}

/** The <h1> the public /about serves now. */
export const publicHeading = async (page: Page, studio: StudioServer) => {
  const answer = await page.request.get(`${studio.url}/about`, { headers: { "cache-control": "no-cache" } });
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await answer.text())?.[1];
};

/** Until the public /about's heading is `text`: a publish rebuilds and switches the served release. */
export const publicHeadingBecomes = (page: Page, studio: StudioServer, text: string) => expect.poll(() => publicHeading(page, studio), { timeout: 120_000, intervals: [1000] }).toBe(text);
