/**
 * The contact form "Send us a Message" (spec §2 Contact, §3 Contact enquiry, §4, §5, §8
 * Contact): fields, validation, success against the real server (checked in the export),
 * the browser's handling of a backend that misbehaves, keyboard use and accessibility.
 */
import type { Locator, Page } from "@playwright/test";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { services } from "./content.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";
import { backendAnswers, countRequests, expectFailedRequestLogged, expectToast, readyForm, storedSubmissions, uniqueEmail } from "./forms.ts";

const ENDPOINT = "/api/contact";
const REQUIRED = ["Full Name", "Email Address", "Message"];

async function contactForm(page: Page) {
  await page.goto("/contact");
  await waitForHydration(page);
  return readyForm(page, "contact");
}

const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label}`));
/** The consent box: its label links to the privacy policy. */
const consent = (form: Locator) => form.getByRole("checkbox", { name: /^I have read the Privacy Policy and agree to be contacted\./ });

async function fillAll(form: Locator, email: string) {
  await field(form, "Full Name").fill("Ada Lovelace");
  await field(form, "Email Address").fill(email);
  await field(form, "Phone Number").fill("+44 20 7946 0958");
  await field(form, "Company").fill("Analytical Engines Ltd");
  await field(form, "Service Interested In").selectOption("Cloud & DevOps");
  await field(form, "Message").fill("We need a cloud migration plan for our engine simulations.\nBudget is flexible.");
  await consent(form).check();
}

async function expectKept(form: Locator, email: string) {
  await expect(field(form, "Full Name")).toHaveValue("Ada Lovelace");
  await expect(field(form, "Email Address")).toHaveValue(email);
  await expect(field(form, "Service Interested In")).toHaveValue("Cloud & DevOps");
  await expect(field(form, "Message")).toHaveValue(/cloud migration plan/);
  await expect(consent(form)).toBeChecked();
}

test("Send us a Message: labelled fields, required ones marked, email type, a 6-row message box", async ({ page }) => {
  const form = await contactForm(page);
  await expect(page.getByRole("heading", { level: 2, name: "Send us a Message" })).toBeVisible();
  for (const label of ["Full Name", "Email Address", "Phone Number", "Company", "Service Interested In", "Message"]) {
    await expect(field(form, label)).toBeVisible();
    await expect(field(form, label)).toHaveJSProperty("required", REQUIRED.includes(label));
  }
  await expect(field(form, "Email Address")).toHaveAttribute("type", "email");
  await expect(field(form, "Phone Number")).toHaveAttribute("type", "tel");
  await expect(field(form, "Message")).toHaveAttribute("rows", "6");
  await expect(consent(form)).toHaveJSProperty("required", true);
  await expect(consent(form)).not.toBeChecked();
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();
});

test("the service list is every service title, then Other", async ({ page }) => {
  const form = await contactForm(page);
  const options = await field(form, "Service Interested In").locator("option").allTextContents();
  expect(options.slice(1)).toEqual([...services.map((s) => s.title), "Other"]);
});

test("the honeypot is out of sight, out of the tab order and out of the accessibility tree", async ({ page }) => {
  const form = await contactForm(page);
  const trap = form.locator(`input[name="${HONEYPOT}"]`);
  await expect(trap).toHaveAttribute("tabindex", "-1");
  await expect(trap).toHaveAttribute("autocomplete", "off");
  await expect(form.getByRole("textbox", { name: "Website" })).toHaveCount(0);
  const wrapper = await form.locator("[data-honeypot]").boundingBox();
  expect(wrapper!.width * wrapper!.height).toBeLessThanOrEqual(1);
  await expect(form.locator("[data-honeypot]")).toHaveCSS("overflow", "hidden");
});

test("sending: Sending... while it goes, then Message Sent!, every field cleared, and the enquiry stored", async ({ page }) => {
  const form = await contactForm(page);
  const email = uniqueEmail("contact");
  await fillAll(form, email);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${ENDPOINT}`, async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expectToast(page, "Message Sent!", "Thank you for your message. We'll get back to you within 24 hours.");
  for (const label of ["Full Name", "Email Address", "Phone Number", "Company", "Service Interested In", "Message"]) {
    await expect(field(form, label)).toHaveValue("");
  }
  await expect(consent(form)).not.toBeChecked();
  const stored = storedSubmissions("contact").find((r) => r.email === email);
  expect(stored).toMatchObject({
    name: "Ada Lovelace",
    email,
    phone: "+44 20 7946 0958",
    company: "Analytical Engines Ltd",
    service: "Cloud & DevOps",
    message: "We need a cloud migration plan for our engine simulations.\nBudget is flexible.",
    consent: "yes",
  });
});

test("empty required fields: Validation Error / Please fill in all required fields., each marked and described, nothing sent", async ({ page }) => {
  const form = await contactForm(page);
  const sent = countRequests(page, ENDPOINT);
  await field(form, "Company").fill("Only the company");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields.");
  for (const label of REQUIRED) {
    const control = field(form, label);
    await expect(control).toHaveAttribute("aria-invalid", "true");
    const errorId = await control.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Please fill in all required fields.");
  }
  await expect(consent(form)).toHaveAttribute("aria-invalid", "true");
  await expect(field(form, "Company")).not.toHaveAttribute("aria-invalid", "true");
  await expect(field(form, "Company")).toHaveValue("Only the company");
  await expect(form.getByRole("status")).toHaveText("Please fill in all required fields.");
  await expect(field(form, "Full Name")).toBeFocused();
  expect(sent).toEqual([]);
});

test("consent left unticked: Validation Error / Please fill in all required fields., the box marked, nothing sent", async ({ page }) => {
  const form = await contactForm(page);
  const sent = countRequests(page, ENDPOINT);
  await fillAll(form, "ada@example.com");
  await consent(form).uncheck();
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields.");
  await expect(consent(form)).toHaveAttribute("aria-invalid", "true");
  const errorId = await consent(form).getAttribute("aria-describedby");
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Please fill in all required fields.");
  await expect(consent(form)).toBeFocused();
  expect(sent).toEqual([]);
  await expect(field(form, "Full Name")).toHaveValue("Ada Lovelace");
  await expect(field(form, "Message")).toHaveValue(/cloud migration plan/);
});

test("a name of spaces counts as empty: Validation Error, and the error goes once it is filled", async ({ page }) => {
  const form = await contactForm(page);
  await fillAll(form, "ada@example.com");
  await field(form, "Full Name").fill("   ");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields.");
  await expect(field(form, "Full Name")).toHaveAttribute("aria-invalid", "true");
  await field(form, "Full Name").fill("Ada Lovelace");
  await expect(field(form, "Full Name")).not.toHaveAttribute("aria-invalid", "true");
});

test.describe("the browser's handling of a backend that misbehaves (simulated answers)", () => {
  test("success:false with an error text: Error with that text, the fields are kept", async ({ page }) => {
    const form = await contactForm(page);
    await backendAnswers(page, ENDPOINT, { json: { success: false, error: "Our inbox is being moved; please try again in an hour." } });
    await fillAll(form, "ada@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Error", "Our inbox is being moved; please try again in an hour.");
    await expectKept(form, "ada@example.com");
  });

  test("success:false without an error text: Error / Something went wrong., the fields are kept", async ({ page }) => {
    const form = await contactForm(page);
    await backendAnswers(page, ENDPOINT, { json: { success: false } });
    await fillAll(form, "ada@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Error", "Something went wrong.");
    await expectKept(form, "ada@example.com");
  });

  test("network failure: Network Error / Could not send message. Please try again later., the fields are kept", async ({ page, consoleErrors }) => {
    const form = await contactForm(page);
    await backendAnswers(page, ENDPOINT, "network-failure");
    await fillAll(form, "ada@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Network Error", "Could not send message. Please try again later.");
    await expectKept(form, "ada@example.com");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expectFailedRequestLogged(consoleErrors);
  });

  test("an answer that is not JSON: Network Error, the fields are kept", async ({ page, consoleErrors }) => {
    const form = await contactForm(page);
    await backendAnswers(page, ENDPOINT, { status: 500, body: "Internal Server Error" });
    await fillAll(form, "ada@example.com");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Network Error", "Could not send message. Please try again later.");
    await expectKept(form, "ada@example.com");
    expectFailedRequestLogged(consoleErrors);
  });
});

test("keyboard only: Tab through the fields, choose a service with the arrow keys, send with Enter on the button", async ({ page }) => {
  const form = await contactForm(page);
  const name = field(form, "Full Name");
  // Clicking the heading (no control there) only sets where Tab starts: the next stop is the form.
  await page.getByRole("heading", { level: 2, name: "Send us a Message" }).click();
  await page.keyboard.press("Tab");
  await expect(name).toBeFocused();
  const email = uniqueEmail("contact-keys");
  await page.keyboard.type("Grace Hopper");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("+1 202 555 0143");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Compilers Inc");
  await page.keyboard.press("Tab");
  await expect(field(form, "Service Interested In")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(field(form, "Service Interested In")).not.toHaveValue("");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Please review our compiler's CI pipeline.");
  await page.keyboard.press("Tab");
  await expect(consent(form)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(consent(form)).toBeChecked();
  // The label's link to the privacy policy is the next stop, then the button.
  await page.keyboard.press("Tab");
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectToast(page, "Message Sent!", "Thank you for your message. We'll get back to you within 24 hours.");
  expect(storedSubmissions("contact").find((r) => r.email === email)).toMatchObject({ name: "Grace Hopper", company: "Compilers Inc" });
});

test("no accessibility violations on /contact with a validation error showing", async ({ page }) => {
  const form = await contactForm(page);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Validation Error", "Please fill in all required fields.");
  await expectNoAxeViolations(page);
});
