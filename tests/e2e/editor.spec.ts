/**
 * The visual page editor at /admin/pages, against a server in local mode (the studio, signed in
 * as the computer's owner through the link it printed) publishing to a throwaway copy of the
 * content kept in git (admin-server.ts): every flow checked in the files on disk and in `git
 * diff`, the preview checked inside its iframe, and the screens with axe at a desktop's and a
 * phone's width.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { blockTypes } from "../../src/blocks/registry.ts";
import { blockLabel } from "../../src/editor/schema/labels.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import { type AdminServer, expect as baseExpect, expectNoAxeViolations, ignoreConsoleErrors, test, waitForHydration } from "./admin-server.ts";
import { chunksHolding, publicScripts } from "./public-scripts.ts";

// Each check runs the whole site's checker on the server: on a busy 2-core CI machine that
// takes seconds, not the milliseconds it takes on a developer's laptop.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });
test.afterEach(({ admin }) => admin.reset());

const readJson = (admin: AdminServer, file: string) => JSON.parse(readFileSync(path.join(admin.root, file), "utf8"));
const preview = (page: Page) => page.frameLocator('iframe[title="Preview"]');
const fields = (page: Page) => page.getByTestId("fields");
const status = (page: Page) => page.getByTestId("editor-status");
const outlineItem = (page: Page, name: RegExp | string) => page.getByTestId("outline-item").filter({ has: page.getByTestId("outline-select").filter({ hasText: name }) });

async function openEditor(page: Page, admin: AdminServer, query = "") {
  await page.goto(`${admin.url}/admin/pages${query}`);
  await waitForHydration(page);
  // The first request after the server started reads and checks the whole site.
  if (query) {
    await expect(page.getByTestId("editor")).toBeVisible({ timeout: 60_000 });
    // Attached: on a phone the preview is one of three panes, shown by its button.
    await expect(preview(page).getByTestId("preview-page")).toBeAttached({ timeout: 60_000 });
  } else await expect(page.getByTestId("document-list")).toBeVisible({ timeout: 60_000 });
}

/** Waits for the check of the newest draft to come back. */
async function checked(page: Page) {
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true");
  await page.waitForTimeout(300); // the check starts 200 ms after the last change
  await expect(page.getByTestId("editor")).not.toHaveAttribute("data-checking", "true");
}

/** Publishes as the owner does: Ctrl+S asks once, with the changes; Publish now. */
async function save(page: Page, expected: string | RegExp = "No unpublished changes") {
  await page.keyboard.press("Control+s");
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText(expected);
}

test.describe("the page list", () => {
  test("links every page by its path, with its title and its errors; new pages and collections beside them", async ({ page, admin }) => {
    // A broken link in one page, written on disk as a marketer with a text editor would.
    const contact = readJson(admin, "content/pages/contact.json");
    contact.blocks[0].actions = [{ label: "Go", href: "/contcat" }];
    writeFileSync(path.join(admin.root, "content/pages/contact.json"), JSON.stringify(contact, null, 2));
    await openEditor(page, admin);
    await expect(page).toHaveTitle(/^Pages \| /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const about = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "/about", exact: true }) });
    await expect(about).toContainText("About Us");
    await expect(about).toContainText("No errors");
    const broken = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "/contact", exact: true }) });
    await expect(broken).toContainText("1 error");
    await expect(page.getByRole("link", { name: "Services", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    // Between the editor and the blog admin, both ways, through the studio's bar.
    const bar = page.getByRole("navigation", { name: "Studio" });
    await bar.getByRole("link", { name: "Posts" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await waitForHydration(page);
    await bar.getByRole("link", { name: "Pages" }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
  });

  test("@responsive is usable and axe clean at a phone's width", async ({ page, admin, isMobile }) => {
    await openEditor(page, admin, "?page=about");
    await expectNoAxeViolations(page);
    if (!isMobile) return;
    // One pane at a time: the outline, the fields, the preview; picking a block shows its fields.
    const panes = page.getByRole("group", { name: "Show" });
    await panes.getByRole("button", { name: "Outline" }).click();
    await expect(page.getByTestId("outline-select").first()).toBeVisible();
    await expect(fields(page)).toBeHidden();
    await expectNoAxeViolations(page);
    await outlineItem(page, /^CTA:/).getByTestId("outline-select").click();
    await expect(fields(page).getByRole("heading", { level: 2 })).toHaveText("CTA");
    await fields(page).getByLabel("Title", { exact: true }).fill("Let's talk");
    await panes.getByRole("button", { name: "Preview" }).click();
    await expect(preview(page).getByRole("heading", { name: "Let's talk" })).toBeVisible();
    await expectNoAxeViolations(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});

test.describe("editing a page", () => {
  test("a keystroke shows in the preview; Publish writes one changed line; the status follows", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    await expect(status(page)).toHaveText("No unpublished changes");
    const title = fields(page).getByLabel("Title", { exact: true });
    await title.fill("Engineers who care");
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("Engineers who care");
    // The shell around it as on the site: About marked as the page the navigation is on.
    const navigation = preview(page).getByRole("navigation", { name: "Main" });
    await expect(navigation.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(navigation.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current");
    await expect(status(page)).toHaveText(/^(Saving draft…|Draft saved)/);
    await checked(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
    await expect(status(page)).toHaveText("No unpublished changes");
    await expect(page.getByTestId("toast")).toContainText("Published");
    expect(admin.diff()).toEqual(["1\t1\tcontent/pages/about.json"]);
    expect(readJson(admin, "content/pages/about.json").blocks[0].title).toBe("Engineers who care");
  });

  test("an error appears on its field and its block with the command line's message and hint, and Publish is refused", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    const cta = outlineItem(page, /^CTA:/);
    await cta.getByTestId("outline-select").click();
    const link = fields(page).getByRole("group", { name: "Action 1" }).getByLabel("Link", { exact: true });
    await link.fill("/contcat");
    await checked(page);
    const error = fields(page).locator('[data-pointer$="/actions/0/href"] [data-error-code="BrokenLink"]');
    await expect(error).toContainText("Broken link");
    await expect(error).toContainText("No page or redirect has the path /contcat.");
    await expect(error).toContainText("Hint: Did you mean /contact?");
    await expect(link).toHaveAttribute("aria-invalid", "true");
    await expect(cta.getByTestId("error-count")).toHaveText("1 error");
    await expect(status(page)).toHaveText("1 error");
    await page.keyboard.press("Control+s");
    await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByTestId("toast")).toContainText("Fix the 1 error first");
    expect(admin.diff()).toEqual([]);
    await link.fill("/services");
    await checked(page);
    await expect(error).toHaveCount(0);
    await save(page);
    expect(admin.diff()).toEqual(["1\t1\tcontent/pages/about.json"]);
  });

  test("the palette lists every block type with its description; a new block is filled in and saved", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    await outlineItem(page, /^Timeline:/).getByTestId("outline-select").click();
    await page.getByRole("button", { name: "Add block" }).click();
    const palette = page.getByTestId("block-palette");
    for (const type of blockTypes) await expect(palette.getByRole("button", { name: `Add ${blockLabel(type)}`, exact: true })).toBeVisible();
    await expect(palette.getByRole("button", { name: "Add Logo strip" })).toHaveAccessibleDescription("A strip of client logos (or their names), e.g. Trusted by");
    await expectNoAxeViolations(page);
    await palette.getByRole("button", { name: "Add Logo strip", exact: true }).click();
    await expect(palette).toBeHidden();
    // Inserted below the selected block, selected, with what its schema requires still to write.
    await expect(page.getByTestId("outline-item").nth(4)).toContainText("Logo strip");
    await expect(fields(page).getByRole("heading", { level: 2 })).toHaveText("Logo strip");
    await checked(page);
    await expect(fields(page).locator('[data-pointer="/blocks/4/title"] [data-error-code="EmptyValue"]')).toBeVisible();
    await fields(page).getByLabel("Title", { exact: true }).fill("Trusted by");
    await fields(page).getByRole("group", { name: "Logo 1" }).getByLabel("Name", { exact: true }).fill("Acme Corp");
    await checked(page);
    await expect(preview(page).getByText("Acme Corp")).toBeVisible();
    await save(page);
    const blocks = readJson(admin, "content/pages/about.json").blocks;
    // With a key of its own (its translations are filed under it), right after its type.
    expect(blocks[4]).toEqual({ type: "logo-strip", key: "logo-strip", title: "Trusted by", logos: [{ name: "Acme Corp" }] });
  });

  test("blocks move by keyboard and by drag, are duplicated and removed; the file follows", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    // The outline names blocks by their labels ("Card grid: Our Values"); compared as types.
    const labelled = new Map(blockTypes.map((type) => [blockLabel(type), type]));
    const types = () => page.getByTestId("outline-select").allTextContents().then((t) => t.map((x) => labelled.get(x.split(":")[0]!) ?? x));
    expect(await types()).toEqual(["hero", "card-grid", "card-grid", "timeline", "card-grid", "cta"]);
    // Keyboard: the Move down button.
    await page.getByRole("button", { name: /^Move down: Timeline/ }).focus();
    await page.keyboard.press("Enter");
    expect(await types()).toEqual(["hero", "card-grid", "card-grid", "card-grid", "timeline", "cta"]);
    // Keyboard on the drag handle: Space, arrow, Space.
    const timeline = page.getByRole("button", { name: /^Drag to reorder: Timeline/ });
    await timeline.focus();
    await page.keyboard.press("Space");
    await expect(timeline).toHaveAttribute("aria-pressed", "true");
    await page.waitForTimeout(150); // a person's next key; the sensor measures the list first
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(150);
    await page.keyboard.press("Space");
    await expect.poll(types).toEqual(["hero", "card-grid", "card-grid", "card-grid", "cta", "timeline"]);
    // Mouse: drag the cta above the hero.
    const handle = page.getByRole("button", { name: /^Drag to reorder: CTA/ });
    const target = page.getByTestId("outline-item").first();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + 20, to.y + 5, { steps: 15 });
    await page.mouse.up();
    await expect.poll(types).toEqual(["cta", "hero", "card-grid", "card-grid", "card-grid", "timeline"]);
    await page.getByRole("button", { name: /^Duplicate: Hero/ }).click();
    await page.getByRole("button", { name: /^Remove: Timeline/ }).click();
    expect(await types()).toEqual(["cta", "hero", "hero", "card-grid", "card-grid", "card-grid"]);
    await expect(preview(page).locator("[data-editor-block]")).toHaveCount(6);
    await checked(page);
    // The removed block's texts leave the Hindi translation with it, and Publish says so first.
    expect(readJson(admin, "content/translations/hi/pages/about.json").blocks.timeline).toBeDefined();
    await page.keyboard.press("Control+s");
    await expect(page.getByTestId("publish-translations")).toHaveText("The removed block's texts leave its हिन्दी translation too.");
    await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
    await expect(status(page)).toHaveText("No unpublished changes");
    expect(readJson(admin, "content/pages/about.json").blocks.map((b: { type: string }) => b.type)).toEqual(["cta", "hero", "hero", "card-grid", "card-grid", "card-grid"]);
    expect(readJson(admin, "content/translations/hi/pages/about.json").blocks.timeline).toBeUndefined();
    // Every block keeps its key wherever it moves; the copy has one of its own.
    expect(readJson(admin, "content/pages/about.json").blocks.map((b: { key: string }) => b.key)).toEqual(["cta", "hero", "hero-2", "card-grid", "card-grid-2", "card-grid-3"]);
  });

  test("Ctrl+Z and Ctrl+Shift+Z undo and redo, a field's typing as one step", async ({ page, admin }) => {
    await page.clock.install();
    await openEditor(page, admin, "?page=about");
    const title = fields(page).getByLabel("Title", { exact: true });
    const original = await title.inputValue();
    await title.selectText();
    // Keystrokes are one step when each follows the one before within a second (history.ts).
    // The clock stands still while typing: a busy machine's pause between two keys is not the
    // visitor's pause.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await title.pressSequentially("New title");
    await page.clock.resume();
    await page.getByRole("button", { name: /^Remove: Timeline/ }).click();
    await expect(page.getByTestId("outline-item")).toHaveCount(5);
    await page.keyboard.press("Control+z");
    await expect(page.getByTestId("outline-item")).toHaveCount(6);
    await page.keyboard.press("Control+z");
    await outlineItem(page, /^Hero/).getByTestId("outline-select").click();
    await expect(fields(page).getByLabel("Title", { exact: true })).toHaveValue(original);
    await page.keyboard.press("Control+Shift+z");
    await expect(fields(page).getByLabel("Title", { exact: true })).toHaveValue("New title");
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("New title");
  });

  test("page meta is edited in the page settings and saved", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    await page.getByRole("button", { name: "Page settings" }).click();
    const meta = fields(page).getByRole("group", { name: "Meta" });
    await meta.getByLabel("Title", { exact: true }).fill("About the team");
    await meta.getByLabel("Description", { exact: true }).fill("Who we are, how we work and where we come from: fifteen years of building software for growing companies.");
    await meta.getByLabel("Image", { exact: true }).fill("/og/about.png");
    await meta.getByLabel("Noindex").check();
    await checked(page);
    await save(page);
    expect(readJson(admin, "content/pages/about.json").meta).toEqual({
      title: "About the team",
      description: "Who we are, how we work and where we come from: fifteen years of building software for growing companies.",
      image: "/og/about.png",
      noindex: true,
    });
  });

  test("clicking a block in the preview selects it; clicking a text focuses the field that holds it", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    await preview(page).getByRole("heading", { name: "Our Journey" }).click();
    await expect(outlineItem(page, /^Timeline:/).getByTestId("outline-select")).toHaveAttribute("aria-current", "true");
    await expect(fields(page).getByRole("group", { name: "Heading" }).getByLabel("Title", { exact: true })).toBeFocused();
    // A link in the preview does not navigate; it selects its block.
    await preview(page).getByRole("link", { name: "View Services", exact: true }).click();
    await expect(outlineItem(page, /^CTA:/).getByTestId("outline-select")).toHaveAttribute("aria-current", "true");
    await expect(preview(page).getByTestId("preview-page")).toBeVisible();
  });

  test("a publish over a page changed since (a git pull) is refused, says what changed, and offers to reload", async ({ page, admin, consoleErrors }) => {
    await openEditor(page, admin, "?page=about");
    const file = path.join(admin.root, "content/pages/about.json");
    const theirs = readFileSync(file, "utf8").replace('"About Arcbyte"', '"About us (from git)"');
    writeFileSync(file, theirs);
    admin.commit("A colleague's change, pulled");
    await fields(page).getByLabel("Title", { exact: true }).fill("Mine");
    await checked(page);
    await save(page, /^Draft saved/);
    const dialog = page.getByTestId("publish-conflict");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Nothing was overwritten");
    await expect(dialog.getByTestId("publish-conflict-changes")).toContainText("About us (from git)");
    expect(readFileSync(file, "utf8")).toBe(theirs);
    ignoreConsoleErrors(consoleErrors, /status of 409/);
    await dialog.getByRole("button", { name: "Reload" }).click();
    await expect(fields(page).getByLabel("Eyebrow")).toHaveValue("About us (from git)");
  });

  test("unpublished work survives a reload as the page's draft until published or discarded; leaving asks first", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    await fields(page).getByLabel("Title", { exact: true }).fill("Kept across a reload");
    await expect(status(page)).toHaveText(/^Draft saved at /); // kept on the server about a second after the last change
    let asked = false;
    page.once("dialog", (d) => {
      asked = d.type() === "beforeunload";
      void d.accept();
    });
    await page.reload();
    await waitForHydration(page);
    expect(asked).toBe(true);
    await expect(page.getByTestId("restored")).toContainText("Unpublished draft");
    await expect(fields(page).getByLabel("Title", { exact: true })).toHaveValue("Kept across a reload");
    expect(admin.diff()).toEqual([]);
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Discard draft" }).click();
    await expect(fields(page).getByLabel("Title", { exact: true })).not.toHaveValue("Kept across a reload");
    await expect(page.getByTestId("restored")).toBeHidden();
  });
});

test.describe("pages", () => {
  test("a new blank page shows what it still needs, and is written on its first publish", async ({ page, admin }) => {
    await openEditor(page, admin);
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByTestId("new-page");
    await dialog.getByLabel("Path").fill("/about");
    await dialog.getByLabel("Title").fill("Case Studies");
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expect(dialog).toContainText("/about is already a page.");
    await dialog.getByLabel("Path").fill("/case-studies");
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expect(page).toHaveURL(/\?page=case-studies$/);
    await expect(status(page)).toHaveText(/errors?$/);
    await page.getByRole("button", { name: "Page settings" }).click();
    await expect(fields(page).locator('[data-pointer="/meta/description"] [data-error-code="EmptyValue"]')).toBeVisible();
    // A page needs a block: said above the outline, where blocks are added.
    await expect(page.locator('[data-pointer="/blocks"] [data-error-code="TooShort"]')).toBeVisible();
    await fields(page).getByRole("group", { name: "Meta" }).getByLabel("Description").fill("Projects we built for our clients, with the results they got.");
    await page.getByRole("button", { name: "Add block" }).click();
    await page.getByTestId("block-palette").getByRole("button", { name: "Add Hero", exact: true }).click();
    await fields(page).getByLabel("Title", { exact: true }).fill("Case studies");
    await fields(page).getByLabel("Subtitle").fill("What we built, and what it changed.");
    await checked(page);
    await save(page);
    const created = readJson(admin, "content/pages/case-studies.json");
    expect(created).toEqual({
      $schema: "../../schemas/json/page.schema.json",
      path: "/case-studies",
      meta: { title: "Case Studies", description: "Projects we built for our clients, with the results they got." },
      blocks: [{ type: "hero", key: "hero", title: "Case studies", subtitle: "What we built, and what it changed." }],
    });
    await page.getByRole("link", { name: "All pages" }).click();
    await expect(page.getByRole("link", { name: "/case-studies", exact: true })).toBeVisible();
  });

  test("a copy of a page gets its own path and title", async ({ page, admin }) => {
    await openEditor(page, admin);
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByTestId("new-page");
    await dialog.getByLabel("Path").fill("/about-us");
    await dialog.getByLabel("Title").fill("About Us, again");
    await dialog.getByLabel("Start from").selectOption({ label: "A copy of /about" });
    await dialog.getByRole("button", { name: "Create page" }).click();
    await expect(page.getByTestId("outline-item")).toHaveCount(6);
    await checked(page);
    await save(page);
    const copy = readJson(admin, "content/pages/about-us.json");
    const original = readJson(admin, "content/pages/about.json");
    expect(copy).toEqual({ ...original, path: "/about-us", meta: { ...original.meta, title: "About Us, again" } });
  });

  test("deleting a page asks first, and is refused while other content links to it, listing the links", async ({ page, admin, consoleErrors }) => {
    await openEditor(page, admin, "?page=about");
    await page.getByRole("button", { name: "Page settings" }).click();
    await page.getByRole("button", { name: "Delete page" }).click();
    const dialog = page.getByTestId("confirm-delete");
    await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
    await dialog.getByRole("button", { name: "Delete page" }).click();
    const refused = dialog.getByTestId("delete-refused");
    await expect(refused).toContainText("These still link to the page:");
    await expect(refused).toContainText("content/site.json");
    await expect(refused).toContainText("Site settings → navigation");
    expect(admin.diff()).toEqual([]);
    ignoreConsoleErrors(consoleErrors, /status of 409/);
    await page.keyboard.press("Escape");

    // A page nothing links to goes, and its translation with it.
    const hindi = "content/translations/hi/pages/lonely.json";
    writeFileSync(path.join(admin.root, "content/pages/lonely.json"), JSON.stringify({ path: "/lonely", meta: { title: "Lonely", description: "Nothing links here at all." }, blocks: [{ type: "hero", key: "hero", title: "Alone", subtitle: "Quite alone." }] }, null, 2));
    writeFileSync(path.join(admin.root, hindi), JSON.stringify({ blocks: { hero: { title: { text: "अकेला", source: "Alone", hash: sourceHash("Alone") } } } }, null, 2));
    admin.commit("A page nothing links to");
    await openEditor(page, admin, "?page=lonely");
    await page.getByRole("button", { name: "Page settings" }).click();
    await page.getByRole("button", { name: "Delete page" }).click();
    await expect(page.getByTestId("confirm-delete")).toContainText("will be deleted, with its हिन्दी translation. This cannot be undone from the editor.");
    await page.getByTestId("confirm-delete").getByRole("button", { name: "Delete page" }).click();
    await expect(page).toHaveURL(/\/admin\/pages$/);
    await expect(page.getByRole("link", { name: "/lonely", exact: true })).toHaveCount(0);
    expect(existsSync(path.join(admin.root, "content/pages/lonely.json"))).toBe(false);
    expect(existsSync(path.join(admin.root, hindi))).toBe(false);
  });
});

test.describe("collections", () => {
  test("editing a service previews its service page and saves the collection like a page", async ({ page, admin }) => {
    await openEditor(page, admin, "?collection=services");
    await outlineItem(page, "Cloud & DevOps").getByTestId("outline-select").click();
    // The service's own title: the first of its fields (its sections have titles too).
    await fields(page).getByLabel("Title", { exact: true }).first().fill("Cloud Engineering");
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("Cloud Engineering");
    await expect(preview(page).getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true })).toHaveAttribute("aria-current", "page");
    await checked(page);
    await save(page);
    expect(admin.diff()).toEqual(["1\t1\tcontent/collections/services.json"]);
  });

  test("an FAQ is previewed on a page that shows it", async ({ page, admin }) => {
    await openEditor(page, admin, "?collection=faqs");
    await page.getByTestId("outline-select").first().click();
    await fields(page).getByLabel("Question").fill("How long does a project take, really?");
    await expect(preview(page).getByText("How long does a project take, really?")).toBeVisible();
  });
});

test.describe("keyboard only", () => {
  test("select a block, edit, move it and save without a mouse; focus stays visible", async ({ page, admin }) => {
    await openEditor(page, admin, "?page=about");
    await page.getByRole("button", { name: /^Timeline/ }).focus();
    await page.keyboard.press("Enter");
    await expect(fields(page).getByRole("heading", { level: 2 })).toHaveText("Timeline");
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused).toBeVisible();
    expect(await focused.evaluate((el) => getComputedStyle(el).outlineStyle !== "none" || getComputedStyle(el).boxShadow !== "none")).toBe(true);
    await fields(page).getByRole("group", { name: "Heading" }).getByLabel("Title", { exact: true }).focus();
    await page.keyboard.press("End");
    await page.keyboard.type(" So Far");
    await page.getByRole("button", { name: /^Move up: Timeline/ }).focus();
    await page.keyboard.press("Enter");
    await checked(page);
    await page.keyboard.press("Control+s");
    // The confirmation takes the focus: Tab to Publish now, Enter.
    const publishNow = page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" });
    await expect(page.getByTestId("publish-confirm")).toBeVisible();
    for (let i = 0; i < 6 && !(await publishNow.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(publishNow).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(status(page)).toHaveText("No unpublished changes");
    const blocks = readJson(admin, "content/pages/about.json").blocks;
    expect(blocks[2].type).toBe("timeline");
    expect(blocks[2].heading.title).toBe("Our Journey So Far");
  });
});

test.describe("the public build has no page editor", () => {
  test("/admin/pages and /admin/preview are the 404 page, and the editor's API does not exist", async ({ page, request }) => {
    for (const url of ["/admin/pages", "/admin/pages?page=about", "/admin/preview"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByTestId("page-editor")).toHaveCount(0);
    }
    for (const [method, url] of [["GET", "/api/editor/documents"], ["GET", "/api/editor/context"], ["POST", "/api/editor/check"], ["PUT", "/api/editor/document"], ["DELETE", "/api/editor/document?file=content/pages/about.json"]] as const) {
      const res = await request.fetch(url, { method, ...(method !== "GET" && method !== "DELETE" && { headers: { "content-type": "application/json" }, data: { file: "content/pages/about.json", data: {} } }) });
      expect(res.status(), `${method} ${url}`).toBe(404);
    }
  });

  test("no public page reaches the editor's code, which only the studio's own pages load", () => {
    const client = path.resolve("build/client");
    const { reached, all } = publicScripts(client);
    const editorCode = /EditorRoute|PreviewRoute|Drag to reorder|dnd-kit|DndDescribedBy/;
    expect(chunksHolding(client, reached, editorCode)).toEqual([]);
    expect(chunksHolding(client, all, editorCode).length).toBeGreaterThan(0);
  });
});
