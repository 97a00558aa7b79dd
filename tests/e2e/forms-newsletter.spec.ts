/**
 * Newsletter sign-up (spec §2 footer and blog, §4 newsletter form, §5, §8 Newsletter): the
 * footer form is prerendered HTML whose code loads only when needed; validation, success
 * against the real server, and the browser's handling of a backend that misbehaves.
 */
import type { Page } from "@playwright/test";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { backendAnswers, countRequests, expectFailedRequestLogged, expectToast, readyForm, storedSubmissions, uniqueEmail } from "./forms.ts";

const ENDPOINT = "/api/newsletter";

async function footerForm(page: Page, path = "/") {
  await page.goto(path);
  await waitForHydration(page);
  return readyForm(page, "newsletter", page.locator("#footer-newsletter"));
}

test.describe("footer form before its code loads", () => {
  test("is real HTML with a labelled email field, a submit button and a hidden honeypot", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const footer = page.locator("#footer-newsletter");
    await expect(footer.getByRole("heading", { level: 2, name: "Subscribe to our newsletter" })).toBeVisible();
    const email = footer.getByRole("textbox", { name: "Email address" });
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(footer.getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expect(footer.locator("form")).toHaveAttribute("action", ENDPOINT);
    // The honeypot is in the form but neither visible nor in the accessibility tree.
    await expect(footer.locator(`input[name="${HONEYPOT}"]`)).toHaveAttribute("tabindex", "-1");
    await expect(footer.getByRole("textbox")).toHaveCount(1);
    await context.close();
  });

  test("Home does not run the form's code on first load, only once the visitor reaches for the form", async ({ page }) => {
    const formCode: string[] = [];
    page.on("request", (r) => /\/assets\/ContentForm-/.test(r.url()) && formCode.push(r.url()));
    await page.goto("/");
    await waitForHydration(page);
    // What the page told the browser to fetch ahead (once it has painted: after-paint.server.ts).
    await page.waitForFunction(() => !document.getElementById("after-paint"));
    const preloaded = await page.locator('link[rel="modulepreload"], link[rel="prefetch"]').evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(preloaded.length).toBeGreaterThan(0);
    expect(preloaded.filter((href) => /ContentForm|react-hook-form|zod/i.test(href!))).toEqual([]);
    // Scrolled to, it stays the prerendered form until the visitor reaches for it.
    await page.locator("#footer-newsletter").scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(formCode).toEqual([]);
    await readyForm(page, "newsletter", page.locator("#footer-newsletter"));
    expect(formCode.length).toBe(1);
  });

  test("what is typed before the code arrives is kept, and sent", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const email = page.locator("#footer-newsletter").getByRole("textbox", { name: "Email address" });
    const address = uniqueEmail("early");
    // Focusing the field is what asks for the code; typing goes on at once.
    await email.focus();
    await page.keyboard.type(address);
    await page.keyboard.press("Enter");
    await expectToast(page, "Subscribed!", "Thank you for subscribing to our newsletter.");
    await expect(email).toHaveValue("");
    expect(storedSubmissions("newsletter").map((r) => r.email)).toContain(address);
  });
});

test("subscribing: Subscribed! toast, the form is reset, and the server stored the address", async ({ page }) => {
  const form = await footerForm(page);
  const address = uniqueEmail("footer");
  await form.getByLabel("Email address").fill(address);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Subscribed!", "Thank you for subscribing to our newsletter.");
  await expect(form.getByLabel("Email address")).toHaveValue("");
  const stored = storedSubmissions("newsletter").find((r) => r.email === address);
  expect(stored, `${address} in the newsletter export`).toBeDefined();
  expect(stored!.updated_at).toBeTruthy(); // the consent time
});

test("while sending, the button is disabled and says Subscribing...", async ({ page }) => {
  const form = await footerForm(page);
  // Hold the real server's answer back until the busy state has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${ENDPOINT}`, async (route) => {
    await held;
    await route.continue();
  });
  await form.getByLabel("Email address").fill(uniqueEmail("busy"));
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  release();
  await expectToast(page, "Subscribed!", "Thank you for subscribing to our newsletter.");
  await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
});

for (const [what, value] of [
  ["an empty", ""],
  ["a blank (spaces only)", "    "],
] as const) {
  test(`${what} email: Validation Error / Please enter your email., nothing sent`, async ({ page }) => {
    const form = await footerForm(page);
    const sent = countRequests(page, ENDPOINT);
    const email = form.getByLabel("Email address");
    await email.fill(value);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Validation Error", "Please enter your email.");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const errorId = await email.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("Please enter your email.");
    await expect(form.getByRole("status")).toHaveText("Please enter your email.");
    await expect(email).toBeFocused();
    expect(sent).toEqual([]);
  });
}

test.describe("the browser's handling of a backend that misbehaves (simulated answers)", () => {
  test("success:false with an error text: Error toast with the server's text, the email is kept", async ({ page }) => {
    const form = await footerForm(page);
    await backendAnswers(page, ENDPOINT, { json: { success: false, error: "This address cannot be subscribed." } });
    await form.getByLabel("Email address").fill("kept@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Error", "This address cannot be subscribed.");
    await expect(form.getByLabel("Email address")).toHaveValue("kept@example.com");
  });

  test("success:false without an error text: Error / Subscription failed., the email is kept", async ({ page }) => {
    const form = await footerForm(page);
    await backendAnswers(page, ENDPOINT, { json: { success: false } });
    await form.getByLabel("Email address").fill("kept@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Error", "Subscription failed.");
    await expect(form.getByLabel("Email address")).toHaveValue("kept@example.com");
  });

  test("network failure: Network Error / Could not subscribe. Please try again later., the email is kept", async ({ page, consoleErrors }) => {
    const form = await footerForm(page);
    await backendAnswers(page, ENDPOINT, "network-failure");
    await form.getByLabel("Email address").fill("kept@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Network Error", "Could not subscribe. Please try again later.");
    await expect(form.getByLabel("Email address")).toHaveValue("kept@example.com");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
    expectFailedRequestLogged(consoleErrors);
  });

  test("an answer that is not JSON (a proxy's error page): Network Error", async ({ page, consoleErrors }) => {
    const form = await footerForm(page);
    await backendAnswers(page, ENDPOINT, { status: 502, body: "<html><body>502 Bad Gateway</body></html>" });
    await form.getByLabel("Email address").fill("kept@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Network Error", "Could not subscribe. Please try again later.");
    await expect(form.getByLabel("Email address")).toHaveValue("kept@example.com");
    expectFailedRequestLogged(consoleErrors);
  });
});

test("one toast at a time: a new notice replaces the one on screen", async ({ page }) => {
  const form = await footerForm(page);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Validation Error", "Please enter your email.");
  await backendAnswers(page, ENDPOINT, { json: { success: false } });
  await form.getByLabel("Email address").fill("kept@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Error", "Subscription failed.");
  await page.waitForTimeout(400);
  await expect(page.getByTestId("toast")).toHaveCount(1);
});

test("keyboard only: Tab from the last footer link into the field, type, Enter", async ({ page }) => {
  const form = await footerForm(page);
  // The last link before the form, in tab order, is the last of the Contact Info column.
  await page.locator("footer").getByRole("link").filter({ hasText: "+91" }).focus();
  const email = form.getByLabel("Email address");
  for (let i = 0; i < 5 && !(await email.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(email).toBeFocused();
  const address = uniqueEmail("keys");
  await page.keyboard.type(address);
  await page.keyboard.press("Enter");
  await expectToast(page, "Subscribed!", "Thank you for subscribing to our newsletter.");
  expect(storedSubmissions("newsletter").map((r) => r.email)).toContain(address);
});

test("the blog list's sign-up is the same newsletter form", async ({ page }) => {
  await page.goto("/blog");
  await waitForHydration(page);
  const block = page.locator("main").locator('form[data-form="newsletter"]');
  await expect(block).toHaveCount(1);
  const form = await readyForm(page, "newsletter", page.locator("main"));
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Validation Error", "Please enter your email.");
});

test("@mobile the footer sign-up fits a phone screen and works", async ({ page }) => {
  const form = await footerForm(page);
  const box = await form.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Validation Error", "Please enter your email.");
});
