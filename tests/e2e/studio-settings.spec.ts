/**
 * The site settings as a marketer changes them (issue 42): an editor opens Site settings from the
 * studio's navigation, changes a footer link's label and the phone number (the preview shows
 * them), tries a brand colour that white button text cannot be read on (the field says why, and
 * the server refuses to publish it), picks the brand colour back, publishes, and sees the new
 * label and number on the public site. Against the shared publishing server: at the end the
 * settings are put back as they were and the release served before is switched back in, so the
 * specs after this one find the site unchanged, without a second rebuild of every page.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { switchTo } from "../../server/build/releases.ts";
import { ignoreConsoleErrors, test } from "./studio-server.ts";
import { checked, expect, fields, opened, signedInEditor, signedOutAtFirst, status } from "./studio-editing.ts";

test.describe.configure({ timeout: 480_000 });
test.use({ publishing: true });

const SETTINGS = "content/site.json";
const LABEL = "Start here";
const PHONE = "+91 98290 55555";

test("an editor changes a footer link and the phone number in Site settings and publishes them; a brand colour too pale for white text is refused", async ({ page, studio, consoleErrors }) => {
  const original = JSON.parse(readFileSync(path.join(studio.contentRoot!, SETTINGS), "utf8")) as { footer: { quickLinks: { label: string }[] }; contact: { phone: string }; theme: { brand: string } };
  const buildLink = path.join(studio.contentRoot!, "build");
  const releaseBefore = realpathSync(buildLink);
  await signedInEditor(page, studio, "Mira", "editor");
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Site settings" }).click();
  await expect(page).toHaveURL(`${studio.url}/admin/settings`);
  await opened(page);
  await expect(page.getByTestId("editor-title")).toHaveText("Site settings");

  await page.locator("#field-footer-quickLinks-0-label").fill(LABEL);
  await page.locator("#field-contact-phone").fill(PHONE);
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.getByRole("contentinfo")).toContainText(LABEL);
  await expect(preview.getByRole("contentinfo")).toContainText(PHONE);

  // A pale brand colour: the field says why, and the server will not publish it.
  const brand = page.locator("#field-theme-brand");
  await brand.fill("#93b4fd");
  await checked(page);
  await expect(fields(page)).toContainText("#93b4fd behind the white text of buttons and numbered steps has a contrast of 2.06:1");

  // The brand colour back; the label and the number go live.
  await brand.fill(original.theme.brand);
  await checked(page);
  // Nothing changing, the preview is sent nothing (a new frame at each render once kept the editor busy without end).
  expect(await previewFramesSentIn(page, 500)).toBe(0);
  await brand.press("Control+s");
  const ask = page.getByTestId("publish-confirm");
  await expect(ask.getByRole("heading")).toHaveText("Publish Site settings?");
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");
  await expect
    .poll(() => publicContact(page, studio.url), { timeout: 120_000, intervals: [1000] })
    .toContain(PHONE);
  await page.goto(`${studio.url}/contact`);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: LABEL })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(PHONE);

  // The API holds the same line as the editor: a pale brand colour is refused where it is written.
  const { csrfToken } = (await (await page.request.get(`${studio.url}/api/studio/me`)).json()) as { csrfToken: string };
  const published = (await (await page.request.get(`${studio.url}/api/studio/document?file=${SETTINGS}`)).json()) as { data: typeof original; version: string };
  const publish = (data: unknown) => page.request.post(`${studio.url}/api/studio/publish`, { headers: { "x-csrf-token": csrfToken, origin: studio.url }, data: { file: SETTINGS, base: published.version, data } });
  const refused = await publish({ ...published.data, theme: { ...published.data.theme, brand: "#93b4fd" } });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { errors: unknown[] }).errors).toEqual([expect.objectContaining({ code: "LowContrastColour", file: SETTINGS, pointer: "/theme/brand" })]);

  // As it was, for the specs after this one, as a developer rolls a change back: its commit
  // reverted, and the release served before it switched back in (the server follows the build
  // link), instead of publishing the settings back and rendering every page a second time.
  expect(execFileSync("git", ["log", "-1", "--format=%s"], { cwd: studio.contentRoot!, encoding: "utf8" })).toContain("site settings");
  execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", "revert", "--no-edit", "HEAD"], { cwd: studio.contentRoot! });
  expect(JSON.parse(readFileSync(path.join(studio.contentRoot!, SETTINGS), "utf8"))).toEqual(original);
  await switchTo(buildLink, releaseBefore);
  await expect.poll(() => publicContact(page, studio.url), { timeout: 10_000 }).not.toContain(PHONE);
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

/** The public Contact page as a visitor's browser fetches it. */
const publicContact = async (page: Page, url: string) => (await page.request.get(`${url}/contact`, { headers: { "cache-control": "no-cache" } })).text();

/** How many frames the editor sends its preview in `ms` (PreviewPane announces each as "preview-sent"). */
const previewFramesSentIn = (page: Page, ms: number) =>
  page.evaluate(
    (wait) =>
      new Promise<number>((resolve) => {
        let sent = 0;
        const count = () => sent++;
        window.addEventListener("preview-sent", count);
        setTimeout(() => (window.removeEventListener("preview-sent", count), resolve(sent)), wait);
      }),
    ms,
  );
