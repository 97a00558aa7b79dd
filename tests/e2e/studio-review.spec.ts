/**
 * The review workflow and the studio home (issue 36), two people in two browsers against the
 * built server publishing to a git repository of its own: a contributor sends a page's draft for
 * review with a note; the editor, landing on the studio home when signing in, sees it waiting,
 * opens it and sends it back with a comment; the contributor sees the comment on the page and on
 * their home, and sends it again; the editor publishes it, and the page is live. Each screen is
 * axe clean. /terms: a page no other studio spec opens (the worker's server is shared).
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, waitForHydration } from "./studio-server.ts";
import { checked, expect, fields, opened, signedInEditor, signedOutAtFirst, status } from "./studio-editing.ts";

test.describe.configure({ timeout: 300_000 });
test.use({ publishing: true });

const NEW_TITLE = "Terms of Service, reviewed";
/** A date in long form, the month in words (src/studio/ui/when.ts), never 11/28/2026. */
const LONG_DATE = /(January|February|March|April|May|June|July|August|September|October|November|December)/;
const reviewBar = (page: Page) => page.getByTestId("review-bar");
const reviews = (page: Page) => page.getByTestId("home-reviews");
/** The page's title, in its settings (the editor opens on the first block). */
async function pageTitle(page: Page) {
  await page.getByRole("navigation", { name: "Outline" }).getByRole("button", { name: "Page settings" }).click();
  return fields(page).getByLabel("Title", { exact: true });
}

test("contributor sends for review → editor sees it on home → sends back with a comment → contributor sees it → sends again → editor publishes → live", async ({ page: chitra, browser, studio, consoleErrors }) => {
  // The contributor changes the page and sends it for review, with a note.
  await signedInEditor(chitra, studio, "Chitra", "contributor", "?page=terms");
  await opened(chitra);
  await expect(chitra.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await (await pageTitle(chitra)).fill(NEW_TITLE);
  await checked(chitra);
  await chitra.getByTestId("send-for-review").click();
  const send = chitra.getByRole("dialog", { name: "Send for review" });
  await send.getByLabel("A note for the reviewer (optional)").fill("A clearer title");
  await expectNoAxeViolations(chitra);
  await send.getByRole("button", { name: "Send for review" }).click();
  await expect(send).toBeHidden();
  await expect(reviewBar(chitra)).toHaveAttribute("data-state", "pending");
  await expect(reviewBar(chitra)).toContainText("You sent this draft for review on");
  await expect(reviewBar(chitra)).toContainText("Your note: “A clearer title”");

  // The editor signs in and lands on the home, where it waits, named by its title and path.
  const elsewhere = await browser.newContext();
  const asha = await elsewhere.newPage();
  const ashaEmail = `asha-${Date.now().toString(36)}@example.com`;
  await setPassword(asha, studio.invite(ashaEmail, "Asha", "editor"));
  await asha.goto(`${studio.url}/admin/sign-in`);
  await waitForHydration(asha);
  await signInWithPassword(asha, ashaEmail);
  await expect(asha).toHaveURL(`${studio.url}/admin/home`);
  await waitForHydration(asha);
  const waiting = reviews(asha).getByTestId("home-review").filter({ hasText: "/terms" });
  await expect(waiting).toContainText("Terms of Service");
  await expect(waiting).toContainText("Waiting");
  await expect(waiting).toContainText(/Sent by Chitra on/);
  await expect(waiting).toContainText(LONG_DATE);
  await expect(waiting).toContainText("Note: “A clearer title”");
  await expect(asha.getByTestId("home-drafts")).toContainText("Changed by Chitra on");
  await expect(asha.getByTestId("studio-home")).not.toContainText("content/pages");
  await expectNoAxeViolations(asha);

  // Opened from the home (keyboard), it is sent back with a comment (required).
  await waiting.getByRole("link", { name: "Terms of Service" }).focus();
  await asha.keyboard.press("Enter");
  await expect(asha).toHaveURL(`${studio.url}/admin/pages?page=terms`);
  await opened(asha);
  await expect(await pageTitle(asha)).toHaveValue(NEW_TITLE);
  await expect(reviewBar(asha)).toContainText("Chitra sent this draft for review on");
  await reviewBar(asha).getByRole("button", { name: "Send back…" }).click();
  const sendBack = asha.getByRole("dialog", { name: "Send back with a comment" });
  await expect(sendBack.getByRole("button", { name: "Send back" })).toBeDisabled();
  await sendBack.getByLabel("What should change").fill("Keep the legal name: Terms of Service.");
  await expectNoAxeViolations(asha);
  await sendBack.getByRole("button", { name: "Send back" }).click();
  await expect(sendBack).toBeHidden();
  await expect(reviewBar(asha)).toHaveAttribute("data-state", "returned");

  // The contributor sees the answer on the page (after a reload) and on the home.
  await chitra.reload();
  await opened(chitra);
  await expect(reviewBar(chitra)).toHaveAttribute("data-state", "returned");
  await expect(reviewBar(chitra)).toContainText(/Sent back by Asha on .+:/);
  await expect(reviewBar(chitra)).toContainText(LONG_DATE);
  await expect(reviewBar(chitra).getByTestId("review-comment")).toHaveText("Keep the legal name: Terms of Service.");
  await expectNoAxeViolations(chitra);
  await chitra.goto(`${studio.url}/admin/home`);
  await waitForHydration(chitra);
  const answered = reviews(chitra).getByTestId("home-review").filter({ hasText: "/terms" });
  await expect(answered).toContainText("Sent back");
  await expect(answered.getByTestId("home-review-comment")).toHaveText("Keep the legal name: Terms of Service.");
  await expect(chitra.getByTestId("home-submissions")).toHaveCount(0);
  await expectNoAxeViolations(chitra);

  // Sent again, as it is.
  await answered.getByRole("link", { name: "Terms of Service" }).click();
  await opened(chitra);
  await chitra.getByTestId("send-for-review").click();
  await chitra.getByRole("dialog", { name: "Send for review" }).getByRole("button", { name: "Send for review" }).click();
  await expect(reviewBar(chitra)).toHaveAttribute("data-state", "pending");

  // The editor publishes it (the publish path), which answers the review; the page is live.
  await asha.goto(`${studio.url}/admin/home`);
  await waitForHydration(asha);
  await reviews(asha).getByTestId("home-review").filter({ hasText: "Waiting" }).filter({ hasText: "/terms" }).getByRole("link").click();
  await opened(asha);
  await expect(reviewBar(asha)).toHaveAttribute("data-state", "pending");
  await asha.getByRole("button", { name: "Publish", exact: true }).click();
  await asha.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(status(asha)).toHaveText("No unpublished changes");
  await expect(reviewBar(asha)).toHaveCount(0);
  await expect
    .poll(async () => /<title>([^<]*)<\/title>/.exec(await (await asha.request.get(`${studio.url}/terms`, { headers: { "cache-control": "no-cache" } })).text())?.[1], { timeout: 120_000, intervals: [1000] })
    .toContain(NEW_TITLE);

  await chitra.goto(`${studio.url}/admin/home`);
  await waitForHydration(chitra);
  await expect(reviews(chitra).getByTestId("home-review").first()).toContainText("Published by Asha on");
  // A translation is sent for review the same way: the translation editor has the review bar.
  await chitra.goto(`${studio.url}/admin/pages?page=terms&locale=hi`);
  await expect(chitra.getByTestId("translation-editor").getByTestId("send-for-review")).toBeVisible({ timeout: 60_000 });
  await elsewhere.close();
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
