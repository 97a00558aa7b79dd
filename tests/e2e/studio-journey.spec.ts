/**
 * The studio as a marketer lives it, from first to last (issue 25), in one journey against the
 * built server with STUDIO=1 publishing to a git repository of its own (studio-server.ts,
 * `publishing`): the first admin, made with `npm run users -- add`, invites Ben from the People
 * screen; Ben opens the link the admin passed on, sets a password, signs in, adds a passkey,
 * signs out and signs in with the passkey alone, changes /about's
 * title (a draft kept as he types; the live page as it was), shares a preview that a browser
 * without an account opens, publishes and sees the public page change, restores the version
 * before from History and sees the public page as it was, and signs out. Axe checks every studio
 * screen on the way. Each step waits for what a person would see, never for a fixed time.
 */
import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, type StudioServer, test, virtualAuthenticator, waitForHydration } from "./studio-server.ts";
import { expect, fields, history, opened, publicHeading, restoreChosenVersion, signedOutAtFirst, status, versions } from "./studio-editing.ts";

test.describe.configure({ timeout: 480_000 });
test.use({ publishing: true });

/** Publishing rebuilds and switches the served release: seconds on a quiet machine, more on a loaded one. */
const LIVE_WITHIN_MS = 120_000;

const unique = (who: string) => `${who}-${Date.now().toString(36)}@example.com`;

/**
 * The admin's own browser: the fixture watches only `page`, so this one fails the test on an
 * uncaught exception or a console error of its own (but /me before signing in, a 401).
 */
async function adminBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && !signedOutAtFirst.test(m.text()) && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(`Uncaught: ${e.message}`));
  return { page, errors, close: () => context.close() };
}

/** At a screen that needs a session, signed out: the sign-in page, then back to it. */
async function signInTo(page: Page, studio: StudioServer, screen: string, email: string) {
  await page.goto(studio.url + screen);
  await expect(page).toHaveURL(`${studio.url}/admin/sign-in?next=${encodeURIComponent(screen)}`);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(studio.url + screen);
  await waitForHydration(page);
}

/** Until the public page, reloaded as a visitor would, shows `title` as its heading. */
async function publicPageShows(site: Page, title: string) {
  const started = Date.now();
  await expect(async () => {
    await site.reload();
    await expect(site.getByRole("heading", { level: 1 })).toHaveText(title, { timeout: 1_000 });
  }).toPass({ timeout: LIVE_WITHIN_MS, intervals: [250, 500, 1_000] });
  return Date.now() - started;
}

test("an admin invites Ben; he sets a password, signs in, adds a passkey and signs in with it, drafts a change to /about, shares a preview, publishes it, restores the version before and signs out", async ({ page, browser, studio, consoleErrors }) => {
  // The first admin, as the README starts a studio: `npm run users -- add` prints her link.
  const admin = await adminBrowser(browser);
  const adminEmail = unique("asha");
  await setPassword(admin.page, studio.invite(adminEmail, "Asha Rao", "admin"));
  await expectNoAxeViolations(admin.page);
  await signInTo(admin.page, studio, "/admin/users", adminEmail);
  await expectNoAxeViolations(admin.page);

  // She invites Ben from the People screen; mail is off on this server, so she passes the link on.
  const benEmail = unique("ben");
  const invite = admin.page.getByRole("form", { name: "Invite someone" });
  await invite.getByLabel("Name").fill("Ben Okafor");
  await invite.getByLabel("Email address").fill(benEmail);
  await invite.getByLabel("Role", { exact: true }).selectOption("editor");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const invitation = admin.page.getByTestId("invitation-link");
  await expect(invitation).toHaveValue(new RegExp(`^${studio.url}/admin/password#token=[A-Za-z0-9_-]{40,}$`));
  await expect(admin.page.locator(`tr[data-email="${benEmail}"]`)).toContainText("Invited");
  await expectNoAxeViolations(admin.page);
  const link = await invitation.inputValue();
  expect(admin.errors, "console errors in the admin's browser").toEqual([]);
  await admin.close();

  // Ben, in his own browser: the one-time link, a password, then the pages he was told about.
  await setPassword(page, link);
  await expectNoAxeViolations(page);
  await signInTo(page, studio, "/admin/pages", benEmail);

  // On his account page he adds a passkey (a virtual platform authenticator stands in for his
  // laptop's fingerprint reader), signs out from the studio's bar, and signs in with it alone.
  await virtualAuthenticator(page);
  await page.goto(`${studio.url}/admin/account`);
  await waitForHydration(page);
  await page.getByLabel(/Name it/).fill("Ben's laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("studio-done")).toHaveText("Passkey added. Next time, sign in with it.");
  await expectNoAxeViolations(page);
  await page.getByRole("navigation", { name: "Studio" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${studio.url}/admin/sign-in`);
  await waitForHydration(page);
  await page.getByTestId("passkey-sign-in").click();
  await expect(page).toHaveURL(`${studio.url}/admin/home`);
  await page.goto(`${studio.url}/admin/pages`);
  await waitForHydration(page);
  // The 401s of /me while he was signed out were expected; any console error from here on fails the journey.
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
  await expect(page.getByTestId("document-list")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "/about", exact: true }).click();
  await opened(page);
  await expectNoAxeViolations(page);
  const title = fields(page).getByLabel("Title", { exact: true });
  const before = await title.inputValue();
  const site = await page.context().newPage();
  await site.goto(`${studio.url}/about`);
  await expect(site.getByRole("heading", { level: 1 })).toHaveText(before);

  // He types; the editor's preview follows, and the draft is kept on the server as he types.
  const changed = "Engineers a client saw first";
  await title.fill(changed);
  await expect(status(page)).toHaveText(/^(Saving draft…|Draft saved at .+)$/);
  await expect(page.frameLocator('iframe[title="Preview"]').getByRole("heading", { level: 1 })).toHaveText(changed);
  // The page list, opened beside the editor, names his draft once the autosave has sent it.
  const list = await page.context().newPage();
  await list.goto(`${studio.url}/admin/pages`);
  const about = list.getByRole("listitem").filter({ has: list.getByRole("link", { name: "/about", exact: true }) });
  await expect(async () => {
    await list.reload();
    await expect(about.getByTestId("draft-mark")).toHaveText(/^Draft by Ben Okafor, (just now|1 min ago)$/, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await list.close();
  // The draft touched nothing live.
  await site.reload();
  await expect(site.getByRole("heading", { level: 1 })).toHaveText(before);
  expect(await publicHeading(page, studio)).toBe(before);

  // A preview link for a client, opened in a browser that has no account.
  await page.getByRole("button", { name: "Share preview" }).click();
  const shareLink = page.getByTestId("share-link");
  await expect(shareLink).toHaveValue(new RegExp(`^${studio.url}/admin/share/[A-Za-z0-9_-]{22,}$`));
  await expectNoAxeViolations(page);
  const stranger = await browser.newContext();
  const client = await stranger.newPage();
  const shown = await client.goto(await shareLink.inputValue());
  expect(shown?.status()).toBe(200);
  expect(shown?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(client).toHaveURL(/\/admin\/share\//);
  await expect(client.getByRole("status").filter({ hasText: "Preview of an unpublished draft" })).toBeVisible();
  await expect(client.getByRole("heading", { level: 1 })).toHaveText(changed);
  await expect(client.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await stranger.close();
  await page.getByTestId("share-dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("share-dialog")).toBeHidden();

  // Publish: a commit with Ben as its author, and the public page changes.
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("toast")).toContainText("Published");
  await expect(status(page)).toHaveText("No unpublished changes");
  const published = await publicPageShows(site, changed);
  test.info().annotations.push({ type: "publish → public page (ms, incl. reloads)", description: String(published) });
  expect(execFileSync("git", ["log", "-1", "--format=%an <%ae>", "--", "content/pages/about.json"], { cwd: studio.contentRoot, encoding: "utf8" }).trim()).toBe(`Ben Okafor <${benEmail}>`);

  // History: the version before his, restored as a new version; the public page is as it was.
  await page.getByRole("button", { name: "History", exact: true }).click();
  await expect(versions(page).first()).toContainText("Ben Okafor");
  await versions(page).nth(1).click();
  await expect(history(page).getByTestId("history-change-list")).toContainText(`Title: '${before}' → '${changed}'`);
  await expectNoAxeViolations(page);
  await restoreChosenVersion(page);
  await expect(title).toHaveValue(before);
  await expect(versions(page).first()).toContainText("Restored an earlier version");
  const restored = await publicPageShows(site, before);
  test.info().annotations.push({ type: "restore → public page (ms, incl. reloads)", description: String(restored) });
  await history(page).getByRole("button", { name: "Close" }).click();
  await expect(history(page)).toBeHidden();

  // Signing out, from the studio's bar above the list of pages: the studio asks him to sign in again.
  await page.goto(`${studio.url}/admin/pages`);
  await waitForHydration(page);
  const bar = page.getByRole("navigation", { name: "Studio" });
  await expect(bar.getByRole("link", { name: "Your account" })).toHaveAttribute("href", "/admin/account");
  await expect(bar.getByRole("link", { name: "People" })).toHaveCount(0); // an editor, not an admin
  await expectNoAxeViolations(page);
  await bar.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${studio.url}/admin/sign-in`);
  await page.goto(`${studio.url}/admin/pages`);
  await expect(page).toHaveURL(`${studio.url}/admin/sign-in?next=${encodeURIComponent("/admin/pages")}`);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  // Signed out, /me is a 401 again.
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
