/**
 * Passkeys in Chromium, against the built server with STUDIO=1 on http://localhost
 * (studio-server.ts): a virtual platform authenticator (Chrome DevTools Protocol's WebAuthn
 * domain) stands in for the fingerprint reader. Invited with `npm run users -- add`, the person
 * sets a password, adds a passkey on their account page, signs out, and signs in with it alone.
 */
import { errors } from "../../src/errors/catalogue.ts";
import { expect, expectAccountOnThisDeviceOnly, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, virtualAuthenticator, waitForHydration } from "./studio-server.ts";

// Setting a password and signing in hash at OWASP's parameters (seconds each on a loaded 2-core
// machine), and each sign-in lands on the studio home, whose first answer checks the whole site.
test.describe.configure({ timeout: 120_000 });

test("invite → set a password → add a passkey → sign out → sign in with the passkey → the account lists the device and the passkey", async ({ page, studio, consoleErrors }) => {
  const email = `passkey-${Date.now().toString(36)}@example.com`;
  await setPassword(page, studio.invite(email, "Asha Rao", "editor"));
  await page.getByRole("link", { name: "Sign in" }).click();
  await waitForHydration(page);
  await signInWithPassword(page, undefined);
  await expect(page).toHaveURL(`${studio.url}/admin/home`);

  const authenticator = await virtualAuthenticator(page);
  await page.goto(`${studio.url}/admin/account`);
  await waitForHydration(page);
  await expect(page.getByTestId("studio-passkeys").getByRole("listitem")).toHaveCount(0);
  await page.getByLabel(/Name it/).fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("studio-done")).toHaveText("Passkey added. Next time, sign in with it.");
  await expect(page.getByTestId("studio-passkeys")).toContainText("Work laptop");
  await expect(page.getByTestId("studio-passkeys")).toContainText("not used yet");
  // A discoverable credential for this site, made on the device.
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).last().click();
  await expect(page).toHaveURL(`${studio.url}/admin/sign-in`);
  await waitForHydration(page);
  // The passkey is offered first; no address or password typed.
  await page.getByTestId("passkey-sign-in").click();
  await expect(page).toHaveURL(`${studio.url}/admin/home`);

  // This browser's session now (the one signed out before has ended).
  await expectAccountOnThisDeviceOnly(page, studio, email);
  await expect(page.getByTestId("studio-devices")).toContainText(/Chrome on (Windows|Linux|macOS)/);
  await expect(page.getByTestId("studio-passkeys")).toContainText("last used");

  // Removed, it signs no one in any more.
  await page.getByRole("button", { name: "Remove Work laptop" }).click();
  await expect(page.getByTestId("studio-done")).toHaveText("Passkey removed.");
  await expect(page.getByTestId("studio-passkeys").getByRole("listitem")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).last().click();
  await waitForHydration(page);
  await page.getByTestId("passkey-sign-in").click();
  await expect(page.getByTestId("studio-error")).toHaveAttribute("data-code", "StudioPasskeyFailed");
  await expect(page.getByTestId("studio-error")).toContainText(errors.StudioPasskeyFailed().message);
  await expectNoAxeViolations(page);
  // The blog admin's data calls (404 until the drafts piece), /me signed out and the refused passkey (401).
  ignoreConsoleErrors(consoleErrors, /status of 40[14]/);
});
