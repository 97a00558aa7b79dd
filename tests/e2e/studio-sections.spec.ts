/**
 * Reusable sections in the studio (#42), against the built server publishing to a git repository
 * of its own: Services' closing call to action is saved as a section, placed on Careers by
 * reference, changed everywhere with one publish (the publish gate reads both pages; both public
 * pages show it), then detached on
 * Careers (an ordinary copy there, the section still on Services). Not About: the worker's
 * server is shared, and another spec counts who is editing /about.
 */
import { expectNoAxeViolations, ignoreConsoleErrors, test, waitForHydration } from "./studio-server.ts";
import { expect, fields, opened, signedInEditor, signedOutAtFirst, status } from "./studio-editing.ts";
import type { Page } from "@playwright/test";

test.describe.configure({ timeout: 300_000 });
test.use({ publishing: true });

const CHANGED = "Build your next product with us";

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");
}

/** The <h2>s a public page serves now. */
const publicHeadings = async (page: Page, url: string) => {
  const answer = await page.request.get(url, { headers: { "cache-control": "no-cache" } });
  return [...(await answer.text()).matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
};

test("Services' closing call to action saved as a section, placed on Careers, changed everywhere with one publish, then detached on Careers", async ({ page, studio, consoleErrors }) => {
  await signedInEditor(page, studio, "Esha", "editor", "?page=services");
  await opened(page);
  const closing = page.getByTestId("outline-item").filter({ hasText: "Ready to start your project?" });
  await closing.getByRole("button", { name: /^Save as section: / }).click();
  const dialog = page.getByTestId("save-as-section");
  await dialog.getByLabel("Name").fill("Start your project");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Save as section" }).click();
  await expect(page.getByTestId("toast")).toContainText("Start your project is a section now");
  await expect(page.getByTestId("outline-item").last()).toContainText("Section: Start your project"); // by its name, not its id
  // The preview shows the section's blocks where the reference is.
  await expect(page.frameLocator('iframe[title="Preview"]').getByRole("heading", { name: "Ready to start your project?" })).toBeVisible();
  await publish(page);

  // Placed on Careers from the palette, chosen by its name.
  await page.goto(`${studio.url}/admin/pages?page=careers`);
  await waitForHydration(page);
  await opened(page);
  await page.getByTestId("outline-item").last().getByTestId("outline-select").click();
  await page.getByTestId("outline-add").click();
  await page.getByRole("button", { name: "Add Section", exact: true }).click();
  await fields(page).getByLabel("Section", { exact: true }).selectOption({ label: "Start your project (start-your-project)" });
  const placement = page.getByTestId("section-placement");
  await expect(placement).toContainText("Section: Start your project");
  await expect(placement.getByTestId("section-uses")).toContainText("Our Services (/services)");
  await expectNoAxeViolations(page);
  await publish(page);

  // Change everywhere: the section's own editor says which pages a publish changes.
  await page.getByTestId("outline-item").last().getByTestId("outline-select").click();
  await placement.getByTestId("change-everywhere").click();
  await opened(page);
  await expect(page.getByTestId("section-everywhere")).toContainText("Careers (/careers), Our Services (/services)");
  await page.getByTestId("outline-item").first().getByTestId("outline-select").click();
  await fields(page).getByLabel("Title", { exact: true }).fill(CHANGED);
  await expectNoAxeViolations(page);
  // The publish gate reads every page the change reaches: both pages placing the section. Their
  // Hindi pages still show the section's Hindi title (taken along by Save as section, stale now): unchanged.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("publish-confirm").getByTestId("gate-pages")).toHaveText("Checked 2 pages: Careers (/careers); Our Services (/services).");
  await expectNoAxeViolations(page);
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");
  for (const path of ["/services", "/careers"]) {
    await expect.poll(() => publicHeadings(page, `${studio.url}${path}`), { timeout: 120_000, intervals: [1000] }).toContain(CHANGED);
  }

  // Detach this copy on Careers: ordinary blocks there, the section still on Services.
  await page.goto(`${studio.url}/admin/pages?page=careers`);
  await waitForHydration(page);
  await opened(page);
  await page.getByTestId("outline-item").filter({ hasText: "Section" }).last().getByTestId("outline-select").click();
  await page.getByTestId("detach-section").click();
  await expect(page.getByTestId("toast")).toContainText("is this page's own copy now");
  await expect(page.getByTestId("outline-item").filter({ hasText: CHANGED })).toHaveCount(1);
  await publish(page);
  await page.goto(`${studio.url}/admin/pages?section=start-your-project`);
  await waitForHydration(page);
  await opened(page);
  await expect(page.getByTestId("section-everywhere")).toHaveText("Publishing changes this section on every page that places it: Our Services (/services).");
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
