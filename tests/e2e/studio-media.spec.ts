/**
 * The Media screen (/admin/media, issue 39) against the built server with STUDIO=1, publishing
 * to a content repository of its own (studio-server.ts): an editor drops three files (one
 * refused, with its reason), finds the new ones by what they lack, describes one in English
 * and Hindi with a focal point set by a click and the arrow keys, and tags, keeps it as a draft,
 * places it on a page through the page editor's image picker (uploading the same picture from
 * the picker picks the library's image) and publishes the page with it (the Publish dialog names
 * the new image), finds it by its tag, its history saying it was added, gives it a new picture
 * (told first what it changes, asked the focal point and alt text again; once published, About
 * serves the new files and the old ones are gone, the history says so), is refused deleting it
 * (with where it is used),
 * and deletes the other new image, used nowhere. Axe on each state;
 * the screen at 390 px is in studio-narrow.spec.ts.
 */
import sharp from "sharp";
import { fields, opened, status } from "./studio-editing.ts";
import { expect, expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, test, waitForHydration } from "./studio-server.ts";

test.use({ publishing: true });
test.describe.configure({ timeout: 180_000 });

const png = async (r: number, g: number, b: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer();

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
  const sunrise = await png(240, 120, 20);
  await page.getByTestId("media-input").setInputFiles([
    { name: `sunrise-${stamp}.png`, mimeType: "image/png", buffer: sunrise },
    { name: `harbour-${stamp}.png`, mimeType: "image/png", buffer: await png(20, 80, 200) },
    { name: "minutes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><p>meeting minutes</p>") },
  ]);
  const uploads = page.getByTestId("media-upload");
  await expect(uploads.filter({ hasText: `sunrise-${stamp}.png` })).toHaveAttribute("data-status", "added");
  await expect(uploads.filter({ hasText: `harbour-${stamp}.png` })).toHaveAttribute("data-status", "added");
  await expect(uploads.filter({ hasText: "minutes.jpg" })).toContainText("Not an image we accept");
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
  await expect(asset).toContainText("64 × 48 pixels");
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
  // The previews show the very part the site serves: a 4:3 picture's portrait crop cannot centre a point 22% from its left.
  await expect(asset.getByTestId("crop-portrait").locator("img")).toHaveCSS("object-position", "0% 50%");
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
  const imagePicker = fields(page).getByRole("group", { name: "Image" }).getByLabel("Asset");
  await expect(imagePicker.locator("option", { hasText: `sunrise-${stamp}: An orange sunrise over the sea` })).toHaveCount(1);
  // Uploaded from the picker itself, as on the Media screen: the same picture is the library's image, and it is picked.
  await fields(page).getByRole("group", { name: "Image" }).getByTestId("picker-upload-input").setInputFiles({ name: "sunrise-again.png", mimeType: "image/png", buffer: sunrise });
  await expect(fields(page).getByTestId("media-upload")).toContainText(`Already in the library as “sunrise-${stamp}”`);
  await expect(imagePicker).toHaveValue(`sunrise-${stamp}`);
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
  await expect(asset.getByTestId("media-version").first()).toContainText("New picture: PNG image, 64 × 48 pixels (was PNG image, 64 × 48 pixels).");
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
