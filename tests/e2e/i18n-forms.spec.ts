/**
 * A Hindi visitor's form speaks Hindi, in Chromium against the real build: on /hi/sampark an
 * email that is not an address is refused with the Hindi field error, with JavaScript in the
 * page (the notice, and the toaster's own labels, in Hindi) and without it, where the server's
 * result page is a Hindi page (lang="hi").
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectToast, readyForm } from "./forms.ts";

const NOT_AN_ADDRESS = "कृपया सही ईमेल पता दर्ज करें";

async function fillWithBadEmail(form: Locator) {
  await form.getByLabel("पूरा नाम").fill("प्रिया शर्मा");
  await form.getByLabel("ईमेल पता").fill("priya at example");
  await form.getByLabel("संदेश", { exact: false }).last().fill("हमें नई वेबसाइट चाहिए।");
  await form.getByRole("checkbox", { name: /^मैंने प्राइवेसी पॉलिसी/ }).check();
  await form.getByRole("button", { name: "संदेश भेजें" }).click();
}

test("with JavaScript, a bad email on the Hindi contact page gets the Hindi field error and notice", async ({ page }) => {
  await page.goto("/hi/sampark");
  const form = await readyForm(page, "contact");
  await fillWithBadEmail(form);
  await expect(form.getByLabel("ईमेल पता")).toHaveAccessibleDescription(NOT_AN_ADDRESS);
  await expectToast(page, "जानकारी में त्रुटि", NOT_AN_ADDRESS);
  // The toaster's own words too: its region and its close button.
  await expect(page.getByRole("region", { name: "सूचनाएँ" }).getByRole("button", { name: "बंद करें" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a bad email gets a Hindi result page, lang=\"hi\", naming the field in Hindi, with the way back", async ({ page }) => {
    await page.goto("/hi/sampark");
    await fillWithBadEmail(page.locator('form[data-form="contact"]'));
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1, name: "जानकारी में त्रुटि" })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveText(`ईमेल पता: ${NOT_AN_ADDRESS}`);
    await page.getByRole("link", { name: "फ़ॉर्म पर वापस जाएँ" }).click();
    await expect(page).toHaveURL(/\/hi\/sampark$/);
  });
});
