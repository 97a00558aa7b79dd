/**
 * The Submissions screen (/admin/submissions) against the built server with STUDIO=1
 * (studio-server.ts), which serves the public site too: an enquiry sent through the public
 * contact form is found by an editor (newest first, searched, read in full, in the CSV), a CV
 * downloads from its application, one person's data is erased after the address is typed
 * twice, a contributor is refused, and a server that fails is said so with a way to try again.
 * Keyboard only where a person would use it; axe on every state.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { errors } from "../../src/errors/catalogue.ts";
import { pdf } from "../contract/fixtures/documents.ts";
import { readyForm, uniqueEmail } from "./forms.ts";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, type StudioServer, test, waitForHydration } from "./studio-server.ts";

const SCREEN = "/admin/submissions";

// Each test signs someone in (a deliberately slow password check) and runs axe on several states.
test.describe.configure({ timeout: 90_000 });

/** Someone with this role, signed in and on the Submissions screen. */
async function signedInAs(page: Page, studio: StudioServer, role: "editor" | "contributor", name: string) {
  const email = uniqueEmail(role);
  await setPassword(page, studio.invite(email, name, role));
  await page.goto(`${studio.url}/admin/sign-in?next=${encodeURIComponent(SCREEN)}`);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  // Checking a password is slow on purpose (and slower on a busy machine).
  await expect(page).toHaveURL(studio.url + SCREEN, { timeout: 15_000 });
  await waitForHydration(page);
}

/** A word no other submission holds, to search for. */
const uniqueWord = () => `kiwi${Math.random().toString(36).slice(2, 8)}`;

const screen = (page: Page) => page.getByTestId("studio-submissions");
const rows = (page: Page) => page.getByTestId("submissions-table").locator("tbody tr");

async function chooseForm(page: Page, form: string) {
  await screen(page).getByLabel("Form").selectOption(form);
}

async function search(page: Page, text: string) {
  const box = page.getByRole("search", { name: "Search submissions" });
  await box.getByLabel("Search the values").fill(text);
  await box.getByRole("button", { name: "Search" }).click();
}

test("an enquiry sent through the public contact form is listed newest first, found by search, read in full and exported as CSV", async ({ page, studio }) => {
  const word = uniqueWord();
  const earlier = uniqueEmail("earlier");
  const email = uniqueEmail("ada");
  // An earlier enquiry, sent as a script would, then one through the page as a visitor does.
  const sent = await page.request.post(`${studio.url}/api/contact`, { data: { name: "Grace Hopper", email: earlier, message: `About ${word}: an earlier enquiry.`, consent: "yes" } });
  expect(sent.status()).toBe(200);
  // One from the Hindi contact page (its form posts with ?locale=hi).
  const hindi = uniqueEmail("priya");
  expect((await page.request.post(`${studio.url}/api/contact?locale=hi`, { data: { name: "Priya Sharma", email: hindi, message: "वेबसाइट के बारे में।", consent: "yes" } })).status()).toBe(200);
  await page.goto(`${studio.url}/contact`);
  await waitForHydration(page);
  const form = await readyForm(page, "contact");
  await form.getByLabel(/^Full Name/).fill("Ada Lovelace");
  await form.getByLabel(/^Email Address/).fill(email);
  await form.getByLabel(/^Company/).fill("Analytical Engines Ltd");
  await form.getByLabel(/^Message/).fill(`We need a ${word.toUpperCase()} migration plan.\nBudget is flexible.`);
  await form.getByRole("checkbox", { name: /^I have read the Privacy Policy/ }).check();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message Sent!");

  await signedInAs(page, studio, "editor", "Meera Iyer");
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Submissions" })).toHaveAttribute("href", SCREEN);
  await chooseForm(page, "contact");
  await expect(rows(page).first()).toContainText(email);
  await expect(rows(page).first()).toContainText("Ada Lovelace · Analytical Engines Ltd");
  const mine = rows(page).filter({ hasText: email });
  const theirs = rows(page).filter({ hasText: earlier });
  await expect(theirs).toHaveCount(1);
  // Newest first: the visitor's enquiry above the earlier one.
  const order = await rows(page).evaluateAll((trs, [a, b]) => [trs.findIndex((tr) => tr.textContent!.includes(a!)), trs.findIndex((tr) => tr.textContent!.includes(b!))], [email, earlier]);
  expect(order[0]).toBeLessThan(order[1]!);
  // Each says the language of the page it was sent from, by its own name.
  await expect(page.getByTestId("submissions-table").getByRole("columnheader", { name: "Language" })).toBeVisible();
  await expect(mine).toContainText("English (en)");
  await expect(rows(page).filter({ hasText: hindi }).locator('[lang="hi"]')).toHaveText("हिन्दी");
  await expectNoAxeViolations(page);

  // The search is over the values, letter case aside.
  await search(page, word);
  await expect(page.getByRole("heading", { level: 2, name: `2 submissions match “${word}”` })).toBeVisible();
  await search(page, `${word} migration`);
  await expect(page.getByRole("heading", { level: 2, name: `1 submission match “${word} migration”` })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(mine).toHaveCount(1);
  await search(page, `${word}-nowhere`);
  await expect(screen(page).getByText(`Nothing matches “${word}-nowhere”`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Show all" }).click();
  await expect(theirs).toHaveCount(1);

  // Opened from the keyboard, the submission takes the focus; every value as sent.
  await mine.getByRole("button", { name: `Open the submission from ${email}`, exact: false }).focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("heading", { level: 2, name: "A contact submission" });
  await expect(heading).toBeFocused();
  const values = page.getByTestId("submission-values");
  for (const [name, value] of [["name", "Ada Lovelace"], ["email", email], ["company", "Analytical Engines Ltd"], ["consent", "yes"]]) {
    await expect(values.locator("div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${name}$`) }) }).locator("dd")).toHaveText(value!);
  }
  await expect(values.locator("div").filter({ has: page.locator("dt", { hasText: /^message$/ }) }).locator("dd")).toHaveText(`We need a ${word.toUpperCase()} migration plan.\nBudget is flexible.`);
  await expect(page.getByTestId("submission").locator("div").filter({ has: page.locator("dt", { hasText: /^Language$/ }) }).locator("dd")).toHaveText("English (en)");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Back to the list" }).press("Enter");
  await expect(mine).toHaveCount(1);

  // The CSV: the server's own export, downloaded with the session.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all contact submissions as CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFcreated_at,updated_at,form_version,page_locale,name,email,phone,company,service,message,consent");
  expect(csv).toContain(`Ada Lovelace,${email},,Analytical Engines Ltd,,"We need a ${word.toUpperCase()} migration plan.\nBudget is flexible.",yes`);
  expect(csv).toContain(`Grace Hopper,${earlier},`);
  expect(csv).toMatch(new RegExp(`,hi,Priya Sharma,${hindi.replace(/[.+]/g, "\\$&")},`));
});

test("an application's CV downloads from it; erasing the person needs the address twice, then nothing of theirs is left", async ({ page, studio, consoleErrors }) => {
  const email = uniqueEmail("linus");
  const cv = pdf(20_000);
  const sent = await page.request.post(`${studio.url}/api/careers`, {
    multipart: { name: "Linus Pauling", email, position: "Cloud Engineer", consent: "yes", cv: { name: "Linus Pauling CV.pdf", mimeType: "application/pdf", buffer: cv } },
  });
  expect(sent.status()).toBe(200);

  await signedInAs(page, studio, "editor", "Farah Khan");
  await chooseForm(page, "careers");
  await rows(page).filter({ hasText: email }).getByRole("button", { name: /^Open/ }).click();
  const files = page.getByTestId("submission-files");
  await expect(files).toContainText(`cv: 20 kB, application/pdf`);
  const download = page.waitForEvent("download");
  await files.getByRole("link", { name: "Linus Pauling CV.pdf" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Linus Pauling CV.pdf");
  expect(readFileSync((await file.path())!).equals(cv)).toBe(true);
  await expectNoAxeViolations(page);

  const section = page.getByRole("region", { name: "Erase one person's data" });
  const erase = section.getByRole("form", { name: "Erase one person's data" });
  await erase.getByLabel("Their email address").fill(email);
  await erase.getByLabel("The same address again, to confirm").fill(`not-${email}`);
  await erase.getByRole("button", { name: "Erase their data" }).click();
  await expect(section.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioEraseNotConfirmed");
  await expect(section.getByTestId("studio-error")).toContainText(errors.StudioEraseNotConfirmed().message);
  await erase.getByLabel("The same address again, to confirm").fill(email.toUpperCase());
  await erase.getByRole("button", { name: "Erase their data" }).click();
  await expect(section.getByTestId("studio-done")).toHaveText(`Erased 1 submission from ${email}, 1 file, 1 notification.`);
  // The submission they had open is closed; the list no longer has it.
  await expect(page.getByTestId("submission")).toHaveCount(0);
  await expect(rows(page).filter({ hasText: email })).toHaveCount(0);
  await expectNoAxeViolations(page);
  ignoreConsoleErrors(consoleErrors, /status of 400/);
});

test("a form nobody has sent yet says so", async ({ page, studio }) => {
  await signedInAs(page, studio, "editor", "Ravi Menon");
  await chooseForm(page, "newsletter");
  await expect(page.getByRole("heading", { level: 2, name: "0 submissions" })).toBeVisible();
  await expect(screen(page).locator('[data-state="empty"]')).toContainText("No submissions yet");
  await expectNoAxeViolations(page);
});

test("a contributor has no Submissions link, is told they are not allowed, and the API refuses them too", async ({ page, studio, consoleErrors }) => {
  await signedInAs(page, studio, "contributor", "Kabir Das");
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Pages" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Submissions" })).toHaveCount(0);
  const refusal = screen(page).getByTestId("studio-error");
  await expect(refusal).toHaveAttribute("data-code", "StudioForbidden");
  await expect(refusal).toContainText("Not allowed");
  await expect(refusal).toContainText(errors.StudioForbidden("contributor", "editor").message);
  await expect(rows(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  for (const path of ["/submissions/forms", "/submissions/forms/contact", "/submissions/forms/contact/export"]) {
    const answer = await page.request.get(`${studio.url}/api/studio${path}`);
    expect(answer.status(), path).toBe(403);
    expect((await answer.json()).error.code, path).toBe("StudioForbidden");
  }
  ignoreConsoleErrors(consoleErrors, /status of 403/);
});

test("while the list loads it says so; a server that cannot answer is shown with Try again, which loads the list", async ({ page, studio, consoleErrors }) => {
  let answer: "hold" | "down" | "offline" | "through" = "hold";
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/studio/submissions/forms/contact*", async (route) => {
    if (answer === "hold") await held;
    if (answer === "down") return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: errors.StudioFailed() }) });
    if (answer === "offline") return route.abort("connectionfailed");
    return route.continue();
  });
  await signedInAs(page, studio, "editor", "Lena Gomez");
  await chooseForm(page, "contact");
  await expect(screen(page).getByRole("status").filter({ hasText: "Loading submissions…" })).toBeVisible();
  answer = "down";
  release();
  const failed = screen(page).locator('[data-state="failed"]');
  await expect(failed.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioFailed");
  await expectNoAxeViolations(page);

  answer = "offline";
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(failed.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioOffline");
  answer = "through";
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: /^\d+ submissions?$/ })).toBeVisible();
  ignoreConsoleErrors(consoleErrors, /status of 500|ERR_CONNECTION_FAILED|Failed to load resource/);
});
