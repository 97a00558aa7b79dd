/**
 * The page editor in studio mode (issue 25) against the built server with STUDIO=1, publishing
 * to a git repository of its own (studio-server.ts, `publishing`): a signed-in editor changes
 * /about, the draft is kept on the server as they type, and Publish commits it with them as
 * the author and puts it live. A contributor edits drafts but has no Publish.
 */
import { execFileSync } from "node:child_process";
import { expectNoAxeViolations, ignoreConsoleErrors, test, waitForHydration } from "./studio-server.ts";
import { checked, expect, fields, opened, publicHeadingBecomes, sharedPreview, signedInEditor, signedOutAtFirst, status } from "./studio-editing.ts";

test.describe.configure({ timeout: 240_000, mode: "serial" });
test.use({ publishing: true });

test("an editor changes /about's title: the draft is kept on the server, a preview link shows it to a stranger, Publish commits it as them and the public page shows it", async ({ page, browser, studio, consoleErrors }) => {
  const email = await signedInEditor(page, studio, "Asha", "editor", "?page=about");
  await opened(page);
  await expect(page.getByTestId("studio-note")).toHaveCount(0); // an editor's status says where the draft stands
  await expectNoAxeViolations(page);

  const title = fields(page).getByLabel("Title", { exact: true });
  await title.fill("Engineers who publish");
  await expect(status(page)).toHaveText(/^(Saving draft…|Draft saved at .+)$/);
  await checked(page);

  // Autosave: the listing names the draft's author.
  await expect
    .poll(async () => {
      const listing = await page.request.get(`${studio.url}/api/studio/documents`);
      return ((await listing.json()) as { pages: { file: string; draft: { by: { name: string } } | null }[] }).pages.find((p) => p.file === "content/pages/about.json")?.draft?.by.name;
    })
    .toBe("Asha");

  // Share preview: the link shows the draft to a browser without an account, until revoked.
  const { link, stranger, visitor } = await sharedPreview(page, browser, studio);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Engineers who publish");
  await expect(visitor.getByText("Preview of an unpublished draft")).toBeVisible();
  await page.getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByTestId("share-dialog")).toContainText("The link is revoked");
  expect((await visitor.goto(link))?.status()).toBe(404);
  await stranger.close();
  await page.getByRole("button", { name: "Close" }).click();

  // Publish asks once, naming the page and what goes live in words.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const ask = page.getByTestId("publish-confirm");
  await expect(ask.getByRole("heading")).toHaveText("Publish About Us (/about)?");
  await expect(ask.getByTestId("publish-changes")).toContainText("Title:");
  await expect(ask.getByTestId("publish-changes")).toContainText("'Engineers who publish'");
  await expectNoAxeViolations(page);
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");
  await expect(page.getByTestId("toast")).toContainText("Published");

  expect(execFileSync("git", ["log", "-1", "--format=%an <%ae>"], { cwd: studio.contentRoot, encoding: "utf8" }).trim()).toBe(`Asha <${email}>`);
  // Publishing rebuilds and switches the served release: the public page follows within seconds.
  await publicHeadingBecomes(page, studio, "Engineers who publish");

  // The draft went with the publish: the list shows no draft for /about.
  await page.getByRole("link", { name: /All pages/ }).click();
  await expect(page.getByTestId("document-list")).toBeVisible();
  await expectNoAxeViolations(page);
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("the page list shows whose draft a page has; a contributor's editor has no Publish and says who publishes", async ({ page, studio, consoleErrors }) => {
  page.on("dialog", (dialog) => void dialog.accept());
  await signedInEditor(page, studio, "Ben", "contributor", "?page=contact");
  await opened(page);
  await expect(page.getByTestId("studio-note")).toContainText("An editor publishes your draft");
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await fields(page).getByLabel("Title", { exact: true }).fill("Talk to Ben");
  await checked(page);
  // Ctrl+S publishes nothing for a contributor.
  await page.keyboard.press("Control+s");
  await expect(status(page)).toHaveText(/^(Saving draft…|Draft saved at .+)$/);
  await expectNoAxeViolations(page);

  await page.waitForTimeout(1500); // the autosave goes a moment after the last change
  await page.goto(`${studio.url}/admin/pages`);
  await waitForHydration(page);
  const contact = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "/contact", exact: true }) });
  await expect(contact.getByTestId("draft-mark")).toHaveText(/^Draft by Ben, (just now|1 min ago)$/);
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("a block copied on About in one tab is pasted on Careers in another, after the selected block, its Hindi texts into Careers' Hindi draft, and Undo takes it away; blocks a newer editor copied are refused with the reason", async ({ page, studio, consoleErrors }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: studio.url });
  await signedInEditor(page, studio, "Chen", "editor", "?page=about");
  await opened(page);
  const closing = page.getByTestId("outline-item").filter({ hasText: "Let's build something together" });
  await closing.getByRole("button", { name: /^Copy: / }).click();
  await expect(page.getByTestId("toast")).toContainText("is on the clipboard");

  const careers = await page.context().newPage();
  await careers.goto(`${studio.url}/admin/pages?page=careers`);
  await waitForHydration(careers);
  await opened(careers);
  const outline = careers.getByTestId("outline-item");
  const before = await outline.count();
  await outline.first().getByTestId("outline-select").click();
  await careers.getByTestId("outline-paste").click();
  await expect(careers.getByTestId("toast")).toContainText("1 block from About Us (/about) is on this page");
  // Its Hindi texts came with it, into Careers' Hindi draft.
  await expect(careers.getByTestId("toast")).toContainText("Its हिन्दी texts came too");
  const hindi = await careers.request.get(`${studio.url}/api/studio/drafts?file=${encodeURIComponent("content/translations/hi/pages/careers.json")}`);
  expect(JSON.stringify(await hindi.json())).toContain("आइए साथ मिलकर कुछ बनाएँ");
  await expect(outline).toHaveCount(before + 1);
  await expect(outline.nth(1)).toContainText("Let's build something together");
  await expect(careers.frameLocator('iframe[title="Preview"]').getByRole("heading", { name: "Let's build something together" })).toBeVisible();
  await checked(careers);
  await expect(careers.getByTestId("error-count")).toHaveCount(0);
  await expectNoAxeViolations(careers);

  await careers.getByRole("button", { name: "Undo" }).click();
  await expect(outline).toHaveCount(before);

  // Ctrl+V in the outline pastes too; what a newer editor copied is refused, and nothing changes.
  await careers.evaluate((text) => navigator.clipboard.writeText(text), JSON.stringify({ format: "agency-site/blocks", version: 99, from: "Elsewhere", blocks: [{ type: "cta", title: "x" }] }));
  await outline.first().getByTestId("outline-select").focus();
  await careers.keyboard.press("Control+v");
  await expect(careers.getByTestId("toast").filter({ hasText: "Copied from a newer editor" })).toBeVisible();
  await expect(outline).toHaveCount(before);

  // Careers is left as it was for the next test on this studio: the undo's draft lands (or the
  // draft goes), the tab closes, then the page's and its Hindi drafts are discarded.
  const draftOf = async (file: string) => ((await (await careers.request.get(`${studio.url}/api/studio/drafts?file=${encodeURIComponent(file)}`)).json()) as { draft?: { data: { blocks: unknown[] } } }).draft;
  await expect.poll(async () => (await draftOf("content/pages/careers.json"))?.data.blocks.length ?? before).toBe(before);
  // The undone paste's Hindi texts are listed in Careers' Hindi version, by their English, and can be removed there.
  await careers.goto(`${studio.url}/admin/pages?page=careers&locale=hi`);
  await waitForHydration(careers);
  const orphaned = careers.getByTestId("orphaned-list");
  await expect(orphaned.getByRole("listitem")).toContainText("Let's build something together", { timeout: 60_000 });
  await orphaned.getByRole("button", { name: /^Remove its texts: / }).click();
  await expect(orphaned).toHaveCount(0);
  // Without them the draft is the published file again, and goes.
  await expect.poll(async () => JSON.stringify((await draftOf("content/translations/hi/pages/careers.json")) ?? null)).not.toContain("आइए साथ मिलकर कुछ बनाएँ");
  await careers.close();
  const { csrfToken } = (await (await page.request.get(`${studio.url}/api/studio/me`)).json()) as { csrfToken: string };
  for (const file of ["content/pages/careers.json", "content/translations/hi/pages/careers.json"]) {
    const discarded = await page.request.delete(`${studio.url}/api/studio/drafts?file=${encodeURIComponent(file)}`, { headers: { "x-csrf-token": csrfToken, origin: studio.url } });
    expect(discarded.status(), file).toBe(204);
  }
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("a new page from a template starts with the template's blocks and meta, under its own path and title, and checks clean", async ({ page, studio, consoleErrors }) => {
  await signedInEditor(page, studio, "Dana", "editor");
  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByTestId("new-page");
  await dialog.getByLabel("Path").fill("/spring-offer");
  await dialog.getByLabel("Title").fill("Spring Offer");
  await dialog.getByLabel("Start from").selectOption({ label: "Landing page" });
  await expect(dialog).toContainText("One offer for one audience, for a campaign");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create page" }).click();
  await opened(page);
  await expect(page.getByTestId("editor-title")).toContainText("Spring Offer");
  await expect(page.getByTestId("outline-item")).toHaveCount(5);
  await expect(page.getByTestId("outline-item").first()).toContainText("Hero");
  await checked(page);
  await expect(page.getByTestId("error-count")).toHaveCount(0);
  await page.getByRole("button", { name: "Page settings" }).click();
  await expect(fields(page).getByRole("group", { name: "Meta" }).getByLabel("Description")).toHaveValue(/^Replace with one or two sentences/);
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("an admin changes a page template in the page editor and publishes it, and New page offers it so; an editor has no templates to change", async ({ page, browser, studio, consoleErrors }) => {
  await signedInEditor(page, studio, "Ada", "admin");
  const templates = page.getByTestId("templates");
  await expect(templates.getByRole("button", { name: "New template" })).toBeVisible();
  await expectNoAxeViolations(page);
  await templates.getByRole("link", { name: "Landing page" }).click();
  await opened(page);
  await expect(page.getByTestId("editor-title")).toContainText("Landing page (page template)");
  await page.getByRole("button", { name: "About this template" }).click();
  await fields(page).getByRole("group", { name: "Template" }).getByLabel("Description").fill("One offer for one audience: a campaign's page.");
  await checked(page);
  await expect(page.getByTestId("error-count")).toHaveCount(0);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");
  expect(execFileSync("git", ["log", "-1", "--format=%s"], { cwd: studio.contentRoot, encoding: "utf8" })).toContain("page template landing");

  // An editor starts pages from it, changed, and has no list of templates to change.
  const context = await browser.newContext();
  const editor = await context.newPage();
  await signedInEditor(editor, studio, "Eve", "editor");
  await expect(editor.getByTestId("templates")).toHaveCount(0);
  await editor.getByRole("button", { name: "New page" }).click();
  await editor.getByTestId("new-page").getByLabel("Start from").selectOption({ label: "Landing page" });
  await expect(editor.getByTestId("new-page")).toContainText("One offer for one audience: a campaign's page.");
  // Opened by its address, a template tells an editor it is an admin's, with no Publish.
  await editor.goto(`${studio.url}/admin/pages?template=landing`);
  await opened(editor);
  await expect(editor.getByTestId("studio-note")).toContainText("Only an admin changes page templates");
  await expect(editor.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
  await context.close();
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("the publish gate: a page without its main heading is not published, now or scheduled, Show goes to the block, and it publishes once fixed; so are a button without words and a heading level skipped, Show going to each field; an admin may publish or schedule anyway with a reason, an editor may not", async ({ page, browser, studio, consoleErrors }) => {
  await signedInEditor(page, studio, "Erin", "editor", "?page=careers");
  await opened(page);
  const hero = page.getByTestId("outline-item").first();
  await expect(hero).toContainText("Hero");
  await hero.getByRole("button", { name: /^Remove: / }).click();
  await checked(page);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const ask = page.getByTestId("publish-confirm");
  const problems = ask.getByTestId("gate-errors");
  await expect(problems).toContainText("No main heading");
  await expect(ask.getByTestId("gate-snippet")).toContainText("Careers | Arcbyte Technologies");
  await expect(ask.getByTestId("gate-card")).toBeVisible();
  // The page in each language, and the preview's own accessibility check (axe, clean here).
  await expect(ask.getByTestId("gate-pages")).toHaveText("Checked 2 pages: Careers (/careers); Careers (/hi/careers), हिन्दी.");
  await expect(ask.getByTestId("gate-axe")).toBeVisible();
  await expect(ask.getByRole("button", { name: "Publish now" })).toHaveCount(0); // an editor fixes it first
  await expectNoAxeViolations(page);
  await problems.getByRole("button", { name: "Show: No main heading" }).click();
  await expect(ask).toBeHidden();
  await expect(fields(page).getByRole("heading", { level: 2 })).toHaveText(/^Card grid/);

  // The API holds the same line: 409 with the findings, and an editor's override is refused.
  const { csrfToken } = (await (await page.request.get(`${studio.url}/api/studio/me`)).json()) as { csrfToken: string };
  const opened_ = (await (await page.request.get(`${studio.url}/api/studio/document?file=content/pages/careers.json`)).json()) as { data: { blocks: unknown[] }; version: string };
  const withoutHero = { ...opened_.data, blocks: opened_.data.blocks.slice(1) };
  const post = (data: unknown) => page.request.post(`${studio.url}/api/studio/publish`, { headers: { "x-csrf-token": csrfToken, origin: studio.url }, data });
  const stopped = await post({ file: "content/pages/careers.json", base: opened_.version, data: withoutHero });
  expect(stopped.status()).toBe(409);
  expect(await stopped.json()).toMatchObject({ error: { code: "PublishGateStopped" }, gate: { blocking: 1, findings: [expect.objectContaining({ code: "GateNoMainHeading" })] } });
  const overridden = await post({ file: "content/pages/careers.json", base: opened_.version, data: withoutHero, override: { reason: "The campaign starts in ten minutes." } });
  expect(overridden.status()).toBe(403);
  expect(await overridden.json()).toMatchObject({ error: { code: "PublishOverrideNotAllowed" } });

  // Publishing it later meets the same gate, read as it is scheduled: in the API and in the dialog.
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const scheduled = await page.request.post(`${studio.url}/api/studio/schedules`, { headers: { "x-csrf-token": csrfToken, origin: studio.url }, data: { file: "content/pages/careers.json", base: opened_.version, data: withoutHero, at: inAnHour } });
  expect(scheduled.status()).toBe(409);
  expect(await scheduled.json()).toMatchObject({ error: { code: "ScheduleGateStopped" }, gate: { blocking: 1 } });
  await page.getByTestId("schedule-publish").click();
  const later = page.getByTestId("schedule-dialog");
  await later.getByTestId("schedule-submit").click();
  await expect(later.getByTestId("gate-errors")).toContainText("No main heading");
  await expect(later.getByTestId("schedule-submit")).toHaveCount(0); // an editor fixes it first
  await page.keyboard.press("Escape");
  await expect(later).toBeHidden();

  await page.getByRole("button", { name: "Undo" }).click();
  await checked(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(ask.getByTestId("gate-errors")).toHaveCount(0);
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");

  // A button left without words and a heading level skipped (the cards' headings right after the main one) are refused too; Show leads to each field.
  await page.getByTestId("outline-item").first().getByTestId("outline-select").click();
  const label = fields(page).getByRole("group", { name: "Actions" }).getByLabel("Label").first();
  await label.fill("\u200b");
  await page.getByTestId("outline-item").nth(1).getByTestId("outline-select").click();
  await fields(page).getByRole("button", { name: "Remove heading" }).click();
  await checked(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(problems).toContainText("A link without text");
  await expect(problems).toContainText("A heading level is skipped");
  await expect(ask.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  await problems.getByRole("button", { name: "Show: A link without text" }).first().click();
  await expect(ask).toBeHidden();
  await expect(label).toBeFocused();
  await label.fill("Apply for a role");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(problems).not.toContainText("A link without text");
  await problems.getByRole("button", { name: "Show: A heading level is skipped" }).first().click();
  await expect(fields(page).getByRole("heading", { level: 2 })).toHaveText(/^Card grid/);
  await fields(page).getByRole("button", { name: "Add heading" }).click();
  await fields(page).getByRole("group", { name: "Heading" }).getByLabel("Title").fill("Why Work With Us");
  await checked(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(ask.getByTestId("gate-errors")).toHaveCount(0);
  await ask.getByRole("button", { name: "Publish now" }).click();
  await expect(status(page)).toHaveText("No unpublished changes");

  // An admin publishes anyway, giving a reason; the audit log keeps it.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signedInEditor(adminPage, studio, "Ada", "admin", "?page=careers");
  await opened(adminPage);
  await adminPage.getByTestId("outline-item").first().getByRole("button", { name: /^Remove: / }).click();
  await checked(adminPage);
  await adminPage.getByRole("button", { name: "Publish", exact: true }).click();
  const adminAsk = adminPage.getByTestId("publish-confirm");
  const anyway = adminAsk.getByRole("button", { name: "Publish anyway" });
  await expect(anyway).toBeDisabled();
  await adminAsk.getByLabel("Why publish with these problems?").fill("The hero returns with the new photo tomorrow.");
  await expectNoAxeViolations(adminPage);
  await anyway.click();
  await expect(status(adminPage)).toHaveText("No unpublished changes");
  const log = (await (await adminPage.request.get(`${studio.url}/api/studio/audit?action=publish.override`)).json()) as { entries: { target: string; detail: { reason: string; problems: string[] } }[] };
  expect(log.entries[0]).toMatchObject({ target: "content/pages/careers.json", detail: { reason: "The hero returns with the new photo tomorrow.", problems: ["GateNoMainHeading"] } });
  // An admin may schedule it anyway too, with a reason the audit log keeps beside the schedule.
  const adminToken = ((await (await adminPage.request.get(`${studio.url}/api/studio/me`)).json()) as { csrfToken: string }).csrfToken;
  const asAdmin = { "x-csrf-token": adminToken, origin: studio.url };
  const now = (await (await adminPage.request.get(`${studio.url}/api/studio/document?file=content/pages/careers.json`)).json()) as { version: string };
  const reason = "The campaign page goes out with its hero tomorrow.";
  const scheduledAnyway = await adminPage.request.post(`${studio.url}/api/studio/schedules`, { headers: asAdmin, data: { file: "content/pages/careers.json", base: now.version, data: withoutHero, at: inAnHour, override: { reason } } });
  expect(scheduledAnyway.status()).toBe(201);
  const { schedule } = (await scheduledAnyway.json()) as { schedule: { id: string } };
  const logged = (await (await adminPage.request.get(`${studio.url}/api/studio/audit?action=publish.override`)).json()) as { entries: { detail: Record<string, unknown> }[] };
  expect(logged.entries[0]!.detail).toMatchObject({ reason, problems: ["GateNoMainHeading"], schedule: schedule.id });
  expect((await adminPage.request.delete(`${studio.url}/api/studio/schedules/${schedule.id}`, { headers: asAdmin })).status()).toBe(204);
  // The hero comes back, so the tests after this one on the same server find Careers as it was.
  const restored = await adminPage.request.post(`${studio.url}/api/studio/publish`, { headers: asAdmin, data: { file: "content/pages/careers.json", base: now.version, data: opened_.data } });
  expect(restored.status()).toBe(200);
  await admin.close();
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
