/**
 * The blog admin (spec §2 Admin Panel, §4 admin states, §5 admin rules, §8 admin messages)
 * against a server in local mode, the studio signed in as the computer's owner through the link
 * it printed, writing to a throwaway content root in git (admin-server.ts), with every change
 * checked in the files on disk; and the public build, where /admin and its API do not exist.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { readFrontMatter, writeFrontMatter } from "../../src/content-files/frontmatter.ts";
import { type AdminServer, expect, expectNoAxeViolations, ignoreConsoleErrors, test, waitForHydration } from "./admin-server.ts";
import { chunksHolding, publicScripts } from "./public-scripts.ts";

const fm = (admin: AdminServer, slug: string) => {
  const result = readFrontMatter(readFileSync(path.join(admin.postsDir, `${slug}.md`), "utf8"));
  if (!result.ok) throw new Error(`${slug}: ${JSON.stringify(result.problem)}`);
  return { data: result.data, content: result.body };
};
const mdFiles = (admin: AdminServer) => readdirSync(admin.postsDir).filter((f) => f.endsWith(".md"));
/** What the Blog Posts tab counts: every post, a locale's own posts (content/blog/posts/<locale>/) too. */
const postCount = (admin: AdminServer) => readdirSync(admin.postsDir, { recursive: true }).filter((f) => String(f).endsWith(".md")).length;
const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** Opens the admin as its developer does, signed in through the link the server printed. */
async function openAdmin(page: Page, admin: AdminServer) {
  await page.goto(`${admin.url}/admin`);
  await waitForHydration(page);
  await expectListingLoaded(page);
}

/** The listing's request reads every post; on a CI machine busy with a second worker that took over 5 s. */
const expectListingLoaded = (page: Page) => expect(page.getByTestId("admin")).toHaveAttribute("data-state", "loaded", { timeout: 20_000 });

const toast = (page: Page) => page.getByTestId("toast");
async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

const form = (page: Page) => page.getByRole("form", { name: /Create New Post|Edit Post/ });
/** A form field by its label (required labels end in an asterisk that screen readers skip). */
const field = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\*?$`));

/** Writes a post straight into the admin's content root and commits it, as a developer with an editor and git would. */
function seedPost(admin: AdminServer, title: string, over: Record<string, unknown> = {}) {
  const slug = slugOf(title);
  const data = { title, excerpt: "Seeded for a test.", date: "2025-01-15", author: "neha-kapoor", category: "digital-marketing", tags: ["seo", "analytics"], status: "published", ...over };
  writeFileSync(path.join(admin.postsDir, `${slug}.md`), writeFrontMatter(data, "Seeded content."));
  admin.commit(`Seed ${slug}`);
  return slug;
}
/** Publish Post: the admin's one button for the owner, an admin (contributors keep drafts). */
const publishButton = (page: Page) => form(page).getByRole("button", { name: "Publish Post" });

test.describe("admin in local mode", () => {
  // A test here opens the admin (hydration, then the listing reads every post) and often runs
  // axe over it: on a 2-core CI machine with a second worker that alone took 25 s.
  test.describe.configure({ timeout: 60_000 });
  test("tabs with counts, keyboard between them, the settings placeholder; never indexed", async ({ page, admin }) => {
    await openAdmin(page, admin);
    await expect(page).toHaveTitle(/^Posts \| /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
    // The studio's bar, as on every studio screen.
    await expect(page.getByRole("navigation", { name: "Studio" })).toBeVisible();
    const posts = page.getByRole("tab", { name: /^Blog Posts/ });
    await expect(posts).toHaveText(`Blog Posts (${postCount(admin)})`);
    await expect(posts).toHaveAttribute("aria-selected", "true");
    const taxonomy = JSON.parse(readFileSync(path.join(admin.root, "content/blog/taxonomy.json"), "utf8")) as { categories: unknown[] };
    await expect(page.getByRole("tab", { name: /^Categories/ })).toHaveText(`Categories (${taxonomy.categories.length})`);
    await expectNoAxeViolations(page);

    // One key at a time, as a person presses them: the tabs move focus in the next frame.
    await posts.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /^Categories/ })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    const settings = page.getByRole("tab", { name: "Settings" });
    await expect(settings).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(settings).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toContainText("Settings will be available later.");
  });

  test("create: empty required fields give Validation Error; a valid post is published as Markdown, one commit, and the form empties", async ({ page, admin }) => {
    await openAdmin(page, admin);
    const before = mdFiles(admin);
    await publishButton(page).click();
    await expectToast(page, "Validation Error", "Please fill in all required fields.");
    await expect(field(page, "Title")).toBeFocused();
    await expect(field(page, "Title")).toHaveAttribute("aria-invalid", "true");
    expect(mdFiles(admin)).toEqual(before);

    const title = unique("Edge Caching for Busy Storefronts");
    await field(page, "Title").fill(title);
    await field(page, "Content (Markdown)").fill("Caching at the edge cut our clients' response times in half.\n\n## What to cache\n\nEverything public.");
    await field(page, "Author").fill("Arjun Mehta");
    await field(page, "Category").selectOption({ label: "eCommerce" });
    await field(page, "Tags").fill(" Performance,, Edge Computing , ");
    await expect(field(page, "Status")).toHaveValue("draft"); // spec §4: draft by default
    await form(page).getByLabel("Featured post").check();
    await publishButton(page).click();
    await expectToast(page, "Post Created", "New blog post has been successfully created.");

    const slug = slugOf(title);
    const file = fm(admin, slug);
    expect(file.data).toMatchObject({ title, author: "arjun-mehta", category: "ecommerce", tags: ["performance", "edge-computing"], status: "draft", featured: true, excerpt: "Caching at the edge cut our clients' response times in half." });
    expect(file.data.id).toMatch(/^\d{13}$/);
    expect(Math.abs(Number(file.data.id) - Date.now())).toBeLessThan(120_000); // the id is the creation time
    expect(file.data.date).toBe(new Date().toLocaleDateString("en-CA")); // today, YYYY-MM-DD
    expect(file.content.trim()).toBe("Caching at the edge cut our clients' response times in half.\n\n## What to cache\n\nEverything public.");
    expect(readFileSync(path.join(admin.root, "content/blog/taxonomy.json"), "utf8")).toContain('{ "slug": "edge-computing", "name": "Edge Computing", "description": "" }');
    // Published: committed, the working copy clean.
    expect(admin.diff()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`\\tcontent/blog/posts/${slug}\\.md$`))]));

    await expect(form(page)).toHaveAttribute("data-mode", "create");
    await expect(field(page, "Title")).toHaveValue("");
    await expect(field(page, "Tags")).toHaveValue("");
    const item = page.getByTestId("admin-post-list").getByRole("listitem").filter({ hasText: title });
    await expect(item).toContainText("eCommerce");
    await expect(item).toContainText("Draft");
    await expect(item).toContainText("Featured");
    await expect(page.getByRole("tab", { name: /^Blog Posts/ })).toHaveText(`Blog Posts (${postCount(admin)})`);
  });

  test("a post the server refuses shows why on the field, and nothing is written", async ({ page, admin, consoleErrors }) => {
    await openAdmin(page, admin);
    const before = mdFiles(admin);
    await field(page, "Title").fill(unique("Two Titles"));
    await field(page, "Content (Markdown)").fill("# A second page title\n\nText.");
    await field(page, "Author").fill("Priya Sharma");
    await publishButton(page).click();
    await expectToast(page, "Validation Error", "Use ## for section headings");
    await expect(field(page, "Content (Markdown)")).toHaveAttribute("aria-invalid", "true");
    await expect(form(page)).toContainText("a # heading would be a second page title");
    expect(mdFiles(admin)).toEqual(before);
    ignoreConsoleErrors(consoleErrors, /status of 4\d\d/);
  });

  test("edit: the form fills (tags joined with commas) and the page scrolls to the top; Cancel empties it; Publish writes the file", async ({ page, admin }) => {
    const title = unique("Local SEO for Clinics");
    const slug = seedPost(admin, title);
    const before = fm(admin, slug).data;
    await openAdmin(page, admin);
    const edit = page.getByRole("button", { name: `Edit "${title}"` });
    await edit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await edit.click();
    await expect(form(page)).toHaveAttribute("data-mode", "edit");
    await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(field(page, "Title")).toHaveValue(title);
    await expect(field(page, "Tags")).toHaveValue("SEO, Analytics");
    await expect(field(page, "Author")).toHaveValue("Neha Kapoor");
    await expect(field(page, "Category")).toHaveValue("digital-marketing");
    await expect(field(page, "Status")).toHaveValue("published");

    await form(page).getByRole("button", { name: "Cancel" }).click();
    await expect(form(page)).toHaveAttribute("data-mode", "create");
    await expect(page.getByRole("heading", { name: "Create New Post" })).toBeVisible();
    await expect(field(page, "Title")).toHaveValue("");

    await page.getByRole("button", { name: `Edit "${title}"` }).click();
    await field(page, "Title").fill(`${title} (Updated)`);
    await field(page, "Tags").fill("SEO, Local Search");
    await publishButton(page).click();
    await expectToast(page, "Post Updated", "Blog post has been successfully updated.");
    const after = fm(admin, slug).data; // same file: the address never changes
    expect(after).toMatchObject({ title: `${title} (Updated)`, tags: ["seo", "local-search"], date: before.date, status: "published" });
    await expect(form(page)).toHaveAttribute("data-mode", "create");
    await expect(field(page, "Title")).toHaveValue("");
    await expect(page.getByRole("heading", { level: 3, name: `${title} (Updated)` })).toBeVisible();
  });

  test("delete asks first: Keep Post (or Escape) keeps the file, Delete Post removes it", async ({ page, admin }) => {
    const title = unique("PPC Budget Myths");
    const slug = seedPost(admin, title);
    await openAdmin(page, admin);
    const remove = page.getByRole("button", { name: `Delete "${title}"` });
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this post?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(title);
    await expect(dialog.getByRole("button", { name: "Keep Post" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await remove.click();
    await dialog.getByRole("button", { name: "Keep Post" }).click();
    await expect(dialog).toBeHidden();
    expect(existsSync(path.join(admin.postsDir, `${slug}.md`))).toBe(true);

    await remove.click();
    await dialog.getByRole("button", { name: "Delete Post" }).click();
    await expectToast(page, "Post Deleted", "Blog post has been successfully deleted.");
    expect(existsSync(path.join(admin.postsDir, `${slug}.md`))).toBe(false);
    await expect(page.getByRole("heading", { level: 3, name: title })).toHaveCount(0);
  });

  test("a post a colleague changed after the page loaded is not overwritten: what changed is shown", async ({ page, admin, consoleErrors }) => {
    const title = unique("Conversion Copy That Works");
    const slug = seedPost(admin, title);
    await openAdmin(page, admin);
    await page.getByRole("button", { name: `Edit "${title}"` }).click();
    const file = path.join(admin.postsDir, `${slug}.md`);
    const changed = readFileSync(file, "utf8").replace("Seeded content.", "Changed in an editor meanwhile.");
    writeFileSync(file, changed);
    admin.commit("A colleague's change, pulled");
    await field(page, "Title").fill(`${title} (Admin)`);
    await publishButton(page).click();
    await expectToast(page, "Changed since your draft began", "was published by someone else since your draft began");
    await expect(page.getByTestId("post-changed-since")).toBeVisible();
    expect(readFileSync(file, "utf8")).toBe(changed);
    ignoreConsoleErrors(consoleErrors, /status of 409/);
  });

  test("search matches title, category or author, case-insensitively", async ({ page, admin }) => {
    const title = unique("Zebra Striping In Data Tables");
    seedPost(admin, title, { category: "security", author: "priya-sharma" });
    await openAdmin(page, admin);
    const search = page.getByRole("searchbox", { name: "Search posts" });
    const items = page.getByTestId("admin-post-list").getByRole("listitem");
    await search.fill("zEbRa StRiPiNg");
    await expect(items.filter({ hasText: title })).toHaveCount(1);
    await expect(items).toHaveCount(1);
    await search.fill("SECURITY");
    await expect(items.filter({ hasText: title })).toHaveCount(1);
    for (const text of await items.allInnerTexts()) expect(text).toContain("Security");
    await search.fill("priya sharma");
    for (const text of await items.allInnerTexts()) expect(text).toContain("Priya Sharma");
    await search.fill("no post is called this");
    await expect(items).toHaveCount(0);
    await expect(page.getByText("No posts match your search.")).toBeVisible();
  });

  test("categories: name and post count, with edit and delete buttons that say they do nothing yet", async ({ page, admin }) => {
    await openAdmin(page, admin);
    await page.getByRole("tab", { name: /^Categories/ }).click();
    const table = page.getByTestId("admin-category-table");
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Security" }) });
    const onDisk = mdFiles(admin).filter((f) => fm(admin, f.slice(0, -3)).data.category === "security").length;
    await expect(row.getByRole("cell").first()).toHaveText(String(onDisk));
    const edit = row.getByRole("button", { name: "Edit category Security" });
    await expect(edit).toHaveAttribute("aria-disabled", "true");
    await expect(edit).toHaveAccessibleDescription(/not available yet/);
    // A keyboard user can reach and press them (Playwright will not click aria-disabled buttons).
    await edit.focus();
    await page.keyboard.press("Enter");
    await row.getByRole("button", { name: "Delete category Security" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a file that cannot be read is listed with where and why, not dropped", async ({ page, admin }) => {
    writeFileSync(path.join(admin.postsDir, "half-written-notes.md"), "---\ntitle: [unclosed\n---\nText\n");
    try {
      await openAdmin(page, admin);
      const problems = page.getByRole("region", { name: "Files that could not be read" });
      await expect(problems).toContainText("content/blog/posts/half-written-notes.md:");
      await expect(problems).toContainText("Invalid frontmatter");
    } finally {
      const { rmSync } = await import("node:fs");
      rmSync(path.join(admin.postsDir, "half-written-notes.md"));
    }
  });

  test("a browser that did not open the printed link is sent to sign in, and shown no post", async ({ browser, admin }) => {
    // The test's browser options would give it the owner's session: a browser of its own, empty.
    const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const page = await stranger.newPage();
      await page.goto(`${admin.url}/admin`);
      await expect(page).toHaveURL(/\/admin\/sign-in\?next=/, { timeout: 30_000 });
      await expect(page.getByRole("tab")).toHaveCount(0);
      expect((await page.request.get(`${admin.url}/api/studio/posts`)).status()).toBe(401);
    } finally {
      await stranger.close();
    }
  });

  test("works on a phone @mobile", async ({ page, admin }) => {
    await openAdmin(page, admin);
    await expect(page.getByRole("tab", { name: /^Blog Posts/ })).toBeVisible();
    await expect(field(page, "Title")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("the README's command for it, on a fresh clone", () => {
  test("ADMIN=1 npm start builds into build/ as any build and serves the studio, signed in through the printed link", async ({ page, admin }) => {
    // `npm start` is the build, then `npm run serve`: CI's build stage runs that build on a fresh
    // clone, and this worker's server was started by `ADMIN=1 npm run serve` on its release.
    const scripts = (JSON.parse(readFileSync(path.join(admin.clone, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe("npm run build && npm run serve");
    // One build for every mode: no build-admin/ beside it.
    expect(existsSync(path.join(admin.clone, "build/client/admin/index.html"))).toBe(true);
    expect(existsSync(path.join(admin.clone, "build-admin"))).toBe(false);

    const response = await page.request.get(`${admin.url}/admin`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("<title>Posts |");
    const posts = await page.request.get(`${admin.url}/api/studio/posts`);
    expect(posts.status()).toBe(200);
    expect(((await posts.json()) as { posts: unknown[] }).posts.length).toBeGreaterThan(0);
    // The old key API is gone.
    expect((await page.request.get(`${admin.url}/api/admin/posts`)).status()).toBe(404);
  });
});

test.describe("the public build has no admin", () => {
  test("/admin is the 404 page, never indexed, and the write API does not exist", async ({ page, request }) => {
    for (const url of ["/admin/", "/admin/index.html"]) expect((await request.get(url)).status(), url).toBe(404);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Posts", exact: true })).toHaveCount(0);
    await expect(page.getByRole("tab")).toHaveCount(0);
    for (const [method, url] of [["GET", "/api/admin/posts"], ["POST", "/api/admin/posts"], ["PUT", "/api/admin/posts/core-web-vitals-field-guide"], ["DELETE", "/api/admin/posts/core-web-vitals-field-guide"]] as const) {
      const body = method === "POST" || method === "PUT";
      const res = await request.fetch(url, { method, ...(body && { headers: { "content-type": "application/json" }, data: { title: "x", content: "x", author: "x" } }) });
      expect(res.status(), `${method} ${url}`).toBe(404);
    }
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/admin");
  });

  test("no public page reaches the admin's or the studio's code (sign-in, passkeys), which only the studio's own pages load", () => {
    const client = path.resolve("build/client");
    const { pages, reached, all } = publicScripts(client);
    expect(pages).toBeGreaterThan(10);
    expect(reached.size).toBeGreaterThan(5);
    const adminCode = /New blog post has been successfully created|AdminRoute|entry\.studio|\/api\/studio|navigator\.credentials/;
    expect(chunksHolding(client, reached, adminCode)).toEqual([]);
    // The check can fail: the build holds the admin (for STUDIO=1), in chunks no public page names.
    expect(chunksHolding(client, all, adminCode).length).toBeGreaterThan(0);
  });
});
