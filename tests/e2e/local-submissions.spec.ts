/**
 * The Submissions screen in local mode (ADMIN=1, admin-server.ts): no accounts, the key the
 * server printed. An application sent through the careers form is read with its CV, the CV and
 * the form's CSV download with the key, and the person's data is erased; without the key the
 * screen says the key is needed.
 */
import { readFileSync } from "node:fs";
import { errors } from "../../src/errors/catalogue.ts";
import { pdf } from "../contract/fixtures/documents.ts";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, test, waitForHydration } from "./admin-server.ts";
import { uniqueEmail } from "./forms.ts";

const SCREEN = "/admin/submissions";

test("with the printed key: an application read with its CV, the CV and the CSV downloaded, the person erased", async ({ page, admin }) => {
  const email = uniqueEmail("local-linus");
  const cv = pdf(20_000);
  const sent = await page.request.post(`${admin.url}/api/careers`, {
    multipart: { name: "Linus Pauling", email, position: "Cloud Engineer", consent: "yes", cv: { name: "Linus Pauling CV.pdf", mimeType: "application/pdf", buffer: cv } },
  });
  expect(sent.status()).toBe(200);

  await page.goto(`${admin.url}${SCREEN}#key=${admin.key}`);
  await waitForHydration(page);
  const screen = page.getByTestId("studio-submissions");
  await screen.getByLabel("Form").selectOption("careers");
  const row = page.getByTestId("submissions-table").locator("tbody tr").filter({ hasText: email });
  await row.getByRole("button", { name: /^Open/ }).click();
  const files = page.getByTestId("submission-files");
  await expect(files).toContainText("cv: 20 kB, application/pdf");
  const cvDownload = page.waitForEvent("download");
  await files.getByRole("link", { name: "Linus Pauling CV.pdf" }).click();
  const file = await cvDownload;
  expect(file.suggestedFilename()).toBe("Linus Pauling CV.pdf");
  expect(readFileSync((await file.path())!).equals(cv)).toBe(true);

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all careers submissions as CSV" }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^careers-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync((await csv.path())!, "utf8")).toContain(email);
  await expectNoAxeViolations(page);

  const section = page.getByRole("region", { name: "Erase one person's data" });
  const erase = section.getByRole("form", { name: "Erase one person's data" });
  await erase.getByLabel("Their email address").fill(email);
  await erase.getByLabel("The same address again, to confirm").fill(email);
  await erase.getByRole("button", { name: "Erase their data" }).click();
  await expect(section.getByTestId("studio-done")).toHaveText(`Erased 1 submission from ${email}, 1 file, 1 notification.`);
  await expect(row).toHaveCount(0);
});

test("without the key the screen says it is needed, and shows nothing", async ({ page, admin, consoleErrors }) => {
  await page.goto(`${admin.url}${SCREEN}`);
  await waitForHydration(page);
  await expect(page.getByTestId("studio-error")).toContainText(errors.AdminKeyNeeded().title);
  await expect(page.getByTestId("submissions-table")).toHaveCount(0);
  ignoreConsoleErrors(consoleErrors, /status of 401/);
});
