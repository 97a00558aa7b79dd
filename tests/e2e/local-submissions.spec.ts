/**
 * The Submissions screen in local mode (ADMIN=1, admin-server.ts): the studio's own screen,
 * signed in as the local owner through the link the server printed. An application sent
 * through the careers form is read with its CV, the CV and the form's CSV download with the
 * session, and the person's data is erased; a browser that did not open the link is sent to
 * the sign-in page and shown nothing.
 */
import { readFileSync } from "node:fs";
import { pdf } from "../contract/fixtures/documents.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./admin-server.ts";
import { uniqueEmail } from "./forms.ts";

const SCREEN = "/admin/submissions";

test("signed in through the printed link: an application read with its CV, the CV and the CSV downloaded, the person erased", async ({ page, admin }) => {
  const email = uniqueEmail("local-linus");
  const cv = pdf(20_000);
  const sent = await page.request.post(`${admin.url}/api/careers`, {
    multipart: { name: "Linus Pauling", email, position: "Cloud Engineer", consent: "yes", cv: { name: "Linus Pauling CV.pdf", mimeType: "application/pdf", buffer: cv } },
  });
  expect(sent.status()).toBe(200);

  await page.goto(`${admin.url}${SCREEN}`);
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

test("a browser that did not open the link is sent to sign in, which says to use the link, and shown nothing", async ({ browser, admin }) => {
  // The test's browser options would give it the owner's session: a browser of its own, empty.
  const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await stranger.newPage();
    await page.goto(`${admin.url}${SCREEN}`);
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=/, { timeout: 30_000 });
    // The sign-in screen says where local mode's way in is.
    await expect(page.getByTestId("local-sign-in")).toContainText("sign in with the link the server printed in its terminal");
    await expectNoAxeViolations(page);
    await expect(page.getByTestId("submissions-table")).toHaveCount(0);
    expect((await page.request.get(`${admin.url}/api/studio/submissions/forms`)).status()).toBe(401);
  } finally {
    await stranger.close();
  }
});
