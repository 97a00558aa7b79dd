/**
 * The Media screen (/admin/media, issue 39) against the built server with STUDIO=1, publishing
 * to a content repository of its own (studio-server.ts): an editor drops three files (one
 * refused, with its reason; sent slowly, each one's progress bar goes up, announced with its
 * value), finds the new ones by what they lack, describes one in English and Hindi with a focal
 * point set by a click and the arrow keys (its crops previewed on a computer and a phone), and
 * tags, keeps it as a draft, places it on a page through the page editor's image picker
 * (uploading the same picture from the picker picks the library's image; the live preview draws
 * its file) and publishes the page with it (the Publish dialog names
 * the new image), finds it by its tag, its history saying it was added, gives it a new picture
 * (told first what it changes, asked the focal point and alt text again; once published, About
 * serves the new files and the old ones are gone, the history says so), is refused deleting it
 * (with where it is used),
 * and deletes the other new image, used nowhere. Axe on each state;
 * the screen at 390 px is in studio-narrow.spec.ts.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { fields, opened, status } from "./studio-editing.ts";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, waitForHydration } from "./studio-server.ts";

test.use({ publishing: true });
test.describe.configure({ timeout: 180_000 });

const png = async (r: number, g: number, b: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer();
/** A PNG of 160 × 120 pixels of noise, which does not compress: about 58 kB, sent in several parts when the upload is slowed. */
const noise = () => sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } }).png().toBuffer();

test("an editor uploads three files (one refused), describes one in English and Hindi with its focal point and tags, places it through the picker (uploading in place) and publishes the page with it, finds it by its tag, replaces its picture, and deletes only what nothing uses", async ({ page, studio, consoleErrors }) => {
  const email = `media-${Date.now().toString(36)}@example.com`;
  await setPassword(page, studio.invite(email, "Asha Rao", "editor"));
  await page.goto(`${studio.url}/admin/sign-in?next=${encodeURIComponent("/admin/media")}`);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(`${studio.url}/admin/media`, { timeout: 15_000 });
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Media" })).toBeVisible();
  await expect(page.getByTestId("media-card").first()).toBeVisible();
  await expectNoAxeViolations(page);

  const stamp = Date.now().toString(36);
  const sunrise = await noise();
  const names = [`sunrise-${stamp}.png`, `harbour-${stamp}.png`, "minutes.jpg"];
  // Sent slowly (48 kB a second), each file's progress bar is seen going up: every frame's values are kept.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 48 * 1024 });
  await page.evaluate(() => {
    const seen: Record<string, number[]> = {};
    Object.assign(window, { progressSeen: seen });
    const sample = () => {
      for (const bar of document.querySelectorAll<HTMLProgressElement>("[data-testid=media-upload] progress")) {
        const values = (seen[bar.getAttribute("aria-label")!] ??= []);
        if (values.at(-1) !== bar.value) values.push(bar.value);
      }
      requestAnimationFrame(sample);
    };
    sample();
  });
  await page.getByTestId("media-input").setInputFiles([
    { name: names[0]!, mimeType: "image/png", buffer: sunrise },
    { name: names[1]!, mimeType: "image/png", buffer: await noise() },
    { name: names[2]!, mimeType: "image/jpeg", buffer: Buffer.from(`<!doctype html><p>meeting minutes</p>${"<p>Agreed.</p>".repeat(4000)}`) },
  ]);
  // Announced as progress bars named after their files, with their value: the harbour's part sent while it is sent, the minutes' none yet.
  await expect(page.getByRole("progressbar", { name: `Uploading ${names[1]}` })).toBeVisible();
  await page.waitForFunction((name) => ((window as unknown as { progressSeen: Record<string, number[]> }).progressSeen[name]?.at(-1) ?? 0) > 0, `Uploading ${names[1]}`, { polling: "raf" });
  const bars = (await cdp.send("Accessibility.getFullAXTree")).nodes.filter((node) => node.role?.value === "progressbar");
  const valueOf = (name: string) => bars.find((node) => node.name?.value === `Uploading ${name}`)?.value?.value as number | undefined;
  expect(valueOf(names[1]!)).toBeGreaterThan(0);
  expect(valueOf(names[1]!)).toBeLessThan(1);
  expect(valueOf(names[2]!)).toBe(0);
  const uploads = page.getByTestId("media-upload");
  await expect(uploads.filter({ hasText: `sunrise-${stamp}.png` })).toHaveAttribute("data-status", "added");
  await expect(uploads.filter({ hasText: `harbour-${stamp}.png` })).toHaveAttribute("data-status", "added");
  await expect(uploads.filter({ hasText: "minutes.jpg" })).toContainText("Not an image we accept");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // Each file's bar began at nothing sent and went up, through parts sent, until its answer took its place.
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen);
  for (const name of names) {
    const values = seen[`Uploading ${name}`] ?? [];
    expect(values[0], name).toBe(0);
    expect(values.some((v) => v > 0 && v < 1), `${name}: ${values.join(", ")}`).toBe(true);
    expect(values, name).toEqual([...values].sort((a, b) => a - b));
  }
  await expectNoAxeViolations(page);

  // The new ones have no alt text yet: the filter finds them, the search narrows to one.
  await page.getByLabel("Show").selectOption({ label: "Missing alt text" });
  await page.getByLabel("Search by name, alt text, caption or tag").fill(`sunrise ${stamp}`);
  const card = page.getByTestId("media-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Not published yet");
  await card.click();

  const asset = page.getByTestId("studio-media-asset");
  await expect(asset.getByRole("heading", { level: 1 })).toHaveText(`sunrise-${stamp}`);
  await expect(asset).toContainText("160 × 120 pixels");
  await asset.getByLabel("Alt text (English)").fill("An orange sunrise over the sea");
  await asset.getByLabel("Alt text in हिन्दी").fill("समुद्र पर नारंगी सूर्योदय");
  await asset.getByLabel("Credit").fill("Photo: Asha Rao");
  await asset.getByLabel("Tags").fill(`Coast ${stamp}, morning`);
  // A click sets the focal point; the arrow keys move it; the crops follow.
  const picker = asset.getByTestId("focal-picker");
  // Measured once the picture is in: it sets the picker's height.
  const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;
  await expect.poll(() => picker.locator("img").evaluate(loaded)).toBe(true);
  const box = (await picker.boundingBox())!;
  await picker.click({ position: { x: box.width * 0.2, y: box.height * 0.5 } });
  await picker.press("ArrowRight");
  await expect(picker).toHaveAccessibleName(/Focal point at 22% from the left and 50% from the top/);
  // The previews show the very part the site serves, on a computer and on a phone: a 4:3 picture's square crop cannot
  // centre a point 22% from its left; behind a hero's text, the band a phone shows is tall, around the point.
  await expect(asset.getByTestId("crop-square-390").locator("img")).toHaveCSS("object-position", "0% 50%");
  const band = asset.getByTestId("crop-backdrop-390").locator("img");
  await expect(band).toHaveCSS("object-position", "22% 50%");
  const bandBox = (await band.boundingBox())!;
  expect(bandBox.height).toBeGreaterThan(bandBox.width);
  await expectNoAxeViolations(page);

  // Kept as a draft: it goes live with the first page published with it.
  await asset.getByRole("button", { name: "Save draft" }).click();
  await expect(asset.getByTestId("studio-done")).toHaveText("Saved as a draft. It goes live once an editor publishes it.");
  await expect(asset).toContainText("Not published yet: its history begins when an editor publishes it.");

  // Placed on About's hero through the image field's picker in the page editor, and published with it.
  await page.goto(`${studio.url}/admin/pages?page=about`);
  await waitForHydration(page);
  await opened(page);
  await page.getByTestId("outline").getByTestId("outline-select").filter({ hasText: /^Hero/ }).click();
  const imagePicker = fields(page).getByRole("group", { name: "Image" }).getByLabel("Picture");
  await expect(imagePicker.locator("option", { hasText: `sunrise-${stamp}: An orange sunrise over the sea` })).toHaveCount(1);
  // Uploaded from the picker itself, as on the Media screen: the same picture is the library's image, and it is picked.
  await fields(page).getByRole("group", { name: "Image" }).getByTestId("picker-upload-input").setInputFiles({ name: "sunrise-again.png", mimeType: "image/png", buffer: sunrise });
  await expect(fields(page).getByTestId("media-upload")).toContainText(`Already in the library as “sunrise-${stamp}”`);
  await expect(imagePicker).toHaveValue(`sunrise-${stamp}`);
  // The live preview draws it as the site will, though no page serves it yet: its file by the name a page gives it, from
  // the studio, with the focal point set above, decorative as About's hero is.
  const previewed = page.frameLocator('iframe[title="Preview"]').locator(`img[src*="/variants/sunrise-${stamp}."]`);
  await expect.poll(() => previewed.evaluate(loaded), { timeout: 15_000 }).toBe(true);
  expect(await previewed.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(new RegExp(`^${studio.url}/api/studio/media/sunrise-${stamp}/variants/sunrise-${stamp}\\.[0-9a-f]{12}\\.160\\.avif$`));
  await expect(previewed).toHaveCSS("object-position", "22% 50%");
  await expect(previewed).toHaveAttribute("alt", "");
  await expect(status(page)).toHaveText(/^Draft saved at /, { timeout: 30_000 });
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true", { timeout: 30_000 });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("publish-images")).toHaveText("…and the new image “An orange sunrise over the sea”, which goes live with it.");
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByTestId("toast")).toContainText("About Us (/about) is published", { timeout: 30_000 });

  // Served on the public page with its variants once the rebuild is live.
  const variant = new RegExp(`/_media/v1/sunrise-${stamp}\\.[0-9a-f]{12}\\.[^"' ]+\\.avif`);
  await expect.poll(async () => variant.exec(await (await page.request.get(`${studio.url}/about`)).text())?.[0], { timeout: 90_000 }).toBeTruthy();
  const about = await (await page.request.get(`${studio.url}/about`)).text();
  const served = await page.request.get(studio.url + variant.exec(about)![0]);
  expect([served.status(), served.headers()["content-type"]]).toEqual([200, "image/avif"]);

  // Where it is used; a new picture for it, told first what it changes, asked its focal point and alt text again.
  await page.goto(`${studio.url}/admin/media`);
  await waitForHydration(page);
  await page.getByLabel("Tag", { exact: true }).selectOption(`coast ${stamp}`);
  await expect(page.getByTestId("media-card")).toHaveCount(1);
  await page.getByTestId("media-card").click();
  await expect(asset.getByTestId("media-uses")).toHaveText("About Us (/about): Hero, Image");
  await expect(asset.getByTestId("media-version")).toHaveCount(1);
  await expect(asset.getByTestId("media-version")).toContainText("Added to the library.");
  await expect(asset.getByTestId("media-replace-impact")).toContainText("A new picture changes 1 page, list or post in 2 languages");
  await asset.getByTestId("media-replace-input").setInputFiles({ name: "dusk.png", mimeType: "image/png", buffer: await png(120, 20, 160) });
  const replacing = asset.getByTestId("media-replace");
  await expect(replacing).toContainText("New picture: dusk.png");
  const newFocal = replacing.getByTestId("new-focal-picker");
  await expect.poll(() => newFocal.locator("img").evaluate(loaded)).toBe(true);
  const newBox = (await newFocal.boundingBox())!;
  await newFocal.click({ position: { x: newBox.width * 0.7, y: newBox.height * 0.3 } });
  await expect(newFocal).toHaveAccessibleName(/Focal point at 70% from the left and 30% from the top/);
  await replacing.getByLabel("Alt text (English)").fill("A purple dusk over the sea");
  await replacing.getByLabel("Alt text in हिन्दी").fill("समुद्र पर बैंगनी संध्या");
  await expectNoAxeViolations(page);
  await replacing.getByRole("button", { name: "Replace picture" }).click();
  await expect(asset.getByTestId("studio-done")).toHaveText("Replaced. The pages using it show the new picture once an editor publishes it.");
  await expect(asset.getByRole("heading", { level: 1 }).locator("..")).toContainText("New picture, not published yet");
  await asset.getByRole("button", { name: "Publish" }).click();
  await expect(asset.getByTestId("studio-done")).toHaveText("Published: it is live on the site in a few seconds.");
  await expect(asset.getByTestId("media-version").first()).toContainText("New picture: PNG image, 64 × 48 pixels (was PNG image, 160 × 120 pixels).");
  // About is rendered again with the new picture's files; the old picture's are served no longer.
  const oldFile = variant.exec(about)![0];
  await expect.poll(async () => variant.exec(await (await page.request.get(`${studio.url}/about`)).text())?.[0], { timeout: 90_000 }).not.toBe(oldFile);
  expect((await page.request.get(studio.url + oldFile)).status()).toBe(404);
  await asset.getByRole("button", { name: "Delete image" }).click();
  await asset.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(asset.getByTestId("studio-error")).toContainText("Image still in use");
  ignoreConsoleErrors(consoleErrors, /status of 409/);
  await expectNoAxeViolations(page);

  // The other new image, used nowhere and never published: deleted.
  await asset.getByRole("button", { name: "Back to all images" }).click();
  // The tag chosen before still narrows the grid: any tag again.
  await page.getByLabel("Tag", { exact: true }).selectOption({ label: "Any tag" });
  await page.getByLabel("Search by name, alt text, caption or tag").fill(`harbour ${stamp}`);
  await page.getByTestId("media-card").click();
  await asset.getByRole("button", { name: "Delete image" }).click();
  await asset.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByTestId("studio-media").getByRole("status").first()).toHaveText(`“harbour-${stamp}” is deleted.`);
});
