/**
 * What a person types into a studio screen before its code has arrived is kept, as on the
 * site's islands (early-events.ts): the screen's own chunk is held back, the fields are filled
 * in the page as the server sent it, and once the screen has hydrated they still hold what was
 * typed, and the form works with it. On a phone-like CPU (4x slowdown), where this happens.
 */
import type { Page } from "@playwright/test";
import { expect, PASSWORD, test, waitForHydration } from "./studio-server.ts";

test.describe.configure({ timeout: 180_000 });

const unique = (what: string) => `${what}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A phone's CPU, and the studio screen's chunk held back until `release()`. */
async function slowScreen(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/StudioScreen-[^/.]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const notHydrated = (page: Page) => expect(page.locator("site-island[data-island=studio-screen]:not([data-hydrated])")).toHaveCount(1);

test("both fields of Set your password, typed before the screen has loaded, are kept and set the password", async ({ page, studio }) => {
  const email = unique("early");
  const link = studio.invite(email, "Early Typist", "editor");
  const release = await slowScreen(page);
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await notHydrated(page);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue(PASSWORD);
  await expect(page.getByLabel("New password again")).toHaveValue(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByTestId("studio-done")).toContainText("Your password is set", { timeout: 30_000 });
});

test("the address and password typed on the sign-in screen before it has loaded are kept and sign in", async ({ page, studio }) => {
  const email = unique("early-sign-in");
  const link = studio.invite(email, "Early Signer", "editor");
  await page.goto(link);
  await waitForHydration(page);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByTestId("studio-done")).toContainText("Your password is set", { timeout: 30_000 });

  const release = await slowScreen(page);
  await page.goto(`${studio.url}/admin/sign-in`, { waitUntil: "domcontentloaded" });
  await notHydrated(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${studio.url}/admin/home`, { timeout: 30_000 });
});
