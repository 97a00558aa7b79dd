/** Forms work without JavaScript: the browser posts them itself and gets a result page. */
import { expect, test } from "./fixtures.ts";
import { storedSubmissions } from "./forms.ts";

test.use({ javaScriptEnabled: false });

test("a contact enquiry sent without JavaScript is stored and confirmed, with a way back", async ({ page }) => {
  await page.goto("/contact");
  const form = page.locator('form[data-form="contact"]');
  await form.getByLabel("Full Name").fill("No Script Visitor");
  await form.getByLabel("Email Address").fill("noscript@example.com");
  await form.getByLabel("Message").fill("Sent from a browser with JavaScript turned off.");
  await form.getByRole("checkbox", { name: /^I have read the Privacy Policy/ }).check();
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Message Sent!" })).toBeVisible();
  await expect(page.getByText("Thank you for your message. We'll get back to you within 24 hours.")).toBeVisible();
  await page.getByRole("link", { name: "Back to the page" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("without JavaScript, an empty newsletter sign-up names the problem", async ({ page }) => {
  await page.goto("/");
  const form = page.locator('form[data-form="newsletter"]').first();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Validation Error" })).toBeVisible();
  await expect(page.getByText("Please enter your email.").first()).toBeVisible();
});

for (const { path, id, button, consent } of [
  { path: "/contact", id: "contact", button: "Send Message", consent: "I have read the Privacy Policy and agree to be contacted." },
  { path: "/careers", id: "careers", button: "Submit Application", consent: "I have read the Privacy Policy and agree to my data being stored." },
]) {
  test(`without JavaScript, the ${id} form with its consent box unticked is the Validation Error naming it, and nothing is stored`, async ({ page }) => {
    const email = `noscript-unticked-${Date.now()}@example.com`;
    await page.goto(path);
    const form = page.locator(`form[data-form="${id}"]`);
    await form.getByLabel("Full Name").fill("No Script Visitor");
    await form.getByLabel("Email Address").fill(email);
    if (id === "careers") await form.getByLabel(/^Position/).fill("QA Engineer");
    else await form.getByLabel("Message").fill("Sent without ticking the consent box.");
    await expect(form.getByRole("checkbox", { name: consent })).not.toBeChecked();
    await form.getByRole("button", { name: button }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Validation Error" })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveText([`${consent}: Please fill in all required fields.`]);
    expect(storedSubmissions(id as "contact" | "careers").some((r) => r.email === email)).toBe(false);
  });
}
