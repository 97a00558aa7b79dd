/**
 * npm run screens:docs — the screenshots in docs/images, taken again from the current build, so
 * the docs show the studio as it is. Starts the built server with the studio on (STUDIO=1, a
 * throwaway database, the project's content read, nothing published), invites an admin with
 * `npm run users -- add`, signs in in Debian's Chromium and photographs each screen below at
 * 1280 × 800 (or 390 px wide, a phone, where a shot says so).
 *
 *   npm run screens:docs               every shot
 *   npm run screens:docs -- media      only the shots whose file name contains "media"
 *
 * Run `npm run build` first. A shot whose screen is missing from the build fails the run.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Locator, type Page } from "@playwright/test";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { freePort } from "./lib/free-port.ts";
import { serveBuild } from "./lib/serve-build.ts";

interface Shot {
  /** Its file in docs/images. */
  file: string;
  /** What it shows, for the log. */
  shows: string;
  path: string;
  phone?: boolean;
  /** What to do on the screen before the picture: open a panel, wait for what it loads. */
  prepare?: (page: Page) => Promise<void>;
  /** The part of the screen photographed, when not what the window shows. */
  part?: (page: Page) => Locator;
}

/** A shot's preparation: wait until the element with this test id is shown. */
const until = (testId: string) => async (page: Page) => void (await page.getByTestId(testId).first().waitFor());

/** The Media screen's first image, opened, its crop previews shown. */
const firstImage = async (page: Page) => {
  await page.getByTestId("media-card").first().click();
  await page.getByTestId("studio-media-asset").getByTestId("crop-square").waitFor();
};

const SHOTS: Shot[] = [
  { file: "studio-home.png", shows: "the studio's home", path: "/admin/home" },
  { file: "editor-page.png", shows: "the page editor on About", path: "/admin/pages?page=about", prepare: until("outline") },
  {
    file: "media-library.png",
    shows: "the Media screen",
    path: "/admin/media",
    prepare: until("media-card"),
  },
  { file: "media-image.png", shows: "an image's page: alt text per language, focal point and its crops, where it is used", path: "/admin/media", prepare: firstImage },
  {
    file: "media-crops.png",
    shows: "an image's focal point and what visitors see where the site crops it, on a computer and a phone",
    path: "/admin/media",
    prepare: firstImage,
    part: (page) => page.getByTestId("studio-media-asset").getByTestId("focal-picker").locator(".."),
  },
  { file: "pages.png", shows: "the Pages screen: pages, lists and reusable sections", path: "/admin/pages" },
  {
    file: "section.png",
    shows: "a reusable section in the editor, with the pages that place it",
    path: "/admin/pages?section=closing-call-to-action",
    prepare: until("outline"),
  },
  {
    file: "publish-gate.png",
    shows: "the publish gate refusing Careers with a button without words and a heading level skipped",
    path: "/admin/pages?page=careers",
    prepare: async (page) => {
      await page.getByTestId("outline").waitFor();
      await page.getByTestId("outline-item").first().getByTestId("outline-select").click();
      await page.getByTestId("fields").getByRole("group", { name: "Actions" }).getByLabel("Label").first().fill("\u200b");
      await page.getByTestId("outline-item").nth(1).getByTestId("outline-select").click();
      await page.getByTestId("fields").getByRole("button", { name: "Remove heading" }).click();
      await page.getByTestId("editor").and(page.locator(":not([data-checking])")).waitFor();
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByTestId("gate-errors").getByText("A heading level is skipped").first().waitFor();
    },
  },
  { file: "site-settings.png", shows: "the site settings in the editor: identity, navigation, footer, contact facts, theme colours", path: "/admin/settings", prepare: until("fields") },
  { file: "media-library-phone.png", shows: "the Media screen on a phone", path: "/admin/media", phone: true, prepare: until("media-card") },
];

const only = process.argv[2];
const shots = SHOTS.filter((s) => !only || s.file.includes(only));
if (shots.length === 0) throw new Error(`screens:docs: no shot's file name contains "${only}" (${SHOTS.map((s) => s.file).join(", ")}).`);

const PASSWORD = "screens-docs correct horse battery";
const EMAIL = "asha.rao@example.com";
const dir = mkdtempSync(path.join(os.tmpdir(), "docs-screens-"));
const port = await freePort();
const url = `http://localhost:${port}`;
// localhost, not 127.0.0.1: the studio's development cookie and passkeys want a host name.
const studioEnv = { STUDIO: "1", HOST: "localhost", SITE_URL: url, DATABASE_URL: `file:${path.join(dir, "site.db")}`, SMTP_URL: "", ADMIN: "" };
const env = { ...process.env, ...studioEnv };
const server = await serveBuild({ port, env: studioEnv });
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
try {
  const printed = execFileSync("npm", ["run", "--silent", "users", "--", "add", EMAIL, "--name", "Asha Rao", "--role", "admin"], { env, encoding: "utf8" });
  const link = /(http\S+\/admin\/password#token=\S+)/.exec(printed)?.[1];
  if (!link) throw new Error(`npm run users -- add printed no link:\n${printed}`);
  const signIn = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await signIn.newPage();
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.getByTestId("studio-done").waitFor({ timeout: 60_000 });
  await page.goto(`${url}/admin/sign-in`);
  await page.getByLabel("Email address").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/admin\/home/);
  const session = await signIn.storageState();
  for (const shot of shots) {
    const context = await browser.newContext({ storageState: session, ...(shot.phone ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }) });
    const screen = await context.newPage();
    await screen.goto(url + shot.path);
    await screen.waitForLoadState("networkidle");
    await shot.prepare?.(screen);
    await screen.waitForLoadState("networkidle");
    const file = path.join("docs/images", shot.file);
    await (shot.part ? shot.part(screen).screenshot({ path: file }) : screen.screenshot({ path: file }));
    console.log(`screens:docs: docs/images/${shot.file}: ${shot.shows}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
