/**
 * The blog admin (/admin) in studio mode (issue 25) against the built server publishing to a
 * git repository of its own (studio-server.ts, `publishing`): a signed-in editor edits a post,
 * which is kept as a draft without touching its file, shares its preview link (opened by a
 * browser without an account), publishes it and sees it live, with the
 * commit naming them; a contributor edits a post and starts a new one, both as drafts, but has
 * no Publish or Delete. Axe on both screens.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, ignoreConsoleErrors, setPassword, signInWithPassword, type StudioServer, test, waitForHydration } from "./studio-server.ts";
import { expect, sharedPreview, signedOutAtFirst } from "./studio-editing.ts";

test.describe.configure({ timeout: 240_000, mode: "serial" });
test.use({ publishing: true });

const SLUG = "accessible-forms-checklist";
const FILE = `content/blog/posts/${SLUG}.md`;
const TITLE = "The Accessible Forms Checklist We Use on Every Project";

/** A new person with a password, signed in at the sign-in page the blog admin leads to. */
async function signedInAdmin(page: Page, studio: StudioServer, name: string, role: "editor" | "contributor") {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}@example.com`;
  await setPassword(page, studio.invite(email, name, role));
  await page.goto(`${studio.url}/admin`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
  await waitForHydration(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(`${studio.url}/admin`);
  await waitForHydration(page);
  await expect(page.getByTestId("admin")).toHaveAttribute("data-state", "loaded");
}

const post = (page: Page, title: string) => page.getByTestId("admin-post-list").locator("li", { has: page.getByRole("heading", { name: title, exact: true }) });
const titleField = (page: Page) => page.locator("#post-title");
const draftState = (page: Page) => page.getByTestId("draft-state");
const publicTitle = async (page: Page, studio: StudioServer) => {
  const answer = await page.request.get(`${studio.url}/blog/${SLUG}`, { headers: { "cache-control": "no-cache" } });
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await answer.text())?.[1];
};

test("an editor edits a post, kept as a draft until published, shares its preview, publishes it and sees it live", async ({ browser, page, studio, consoleErrors }) => {
  const root = studio.contentRoot!;
  const text = readFileSync(path.join(root, FILE), "utf8");
  await signedInAdmin(page, studio, "Asha", "editor");
  // A locale's own post is listed too, with its language.
  await expect(post(page, "2025 में Core Web Vitals: एक व्यावहारिक गाइड").getByTestId("post-locale")).toHaveText("Language: hi");
  await expectNoAxeViolations(page);

  await post(page, TITLE).getByRole("button", { name: "Edit" }).click();
  await expect(titleField(page)).toHaveValue(TITLE);
  await titleField(page).fill("Accessible forms, checked twice");
  await expect(draftState(page)).toHaveText("Draft saved");
  // The draft is the database's: the file and the public page are as they were.
  expect(readFileSync(path.join(root, FILE), "utf8")).toBe(text);
  expect(await publicTitle(page, studio)).toBe(TITLE);
  await expectNoAxeViolations(page);

  // Share preview: the draft as /blog/<slug> would show it, to a browser without an account.
  const { stranger, visitor } = await sharedPreview(page, browser, studio);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Accessible forms, checked twice");
  await expect(visitor.getByText("Preview of an unpublished draft")).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoAxeViolations(visitor);
  await stranger.close();
  await page.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Post Updated" })).toBeVisible();
  await expect(post(page, "Accessible forms, checked twice")).toBeVisible();
  await expect.poll(() => publicTitle(page, studio), { timeout: 120_000, intervals: [1000] }).toBe("Accessible forms, checked twice");
  expect(execFileSync("git", ["log", "-1", "--format=%an|%s"], { cwd: root, encoding: "utf8" }).trim()).toBe(`Asha|Edit post /blog/${SLUG}: Title`);
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});

test("a contributor edits a post as a draft, starts a new one as a draft, and has no Publish and no Delete", async ({ page, studio, consoleErrors }) => {
  const root = studio.contentRoot!;
  await signedInAdmin(page, studio, "Carl", "contributor");
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  // The studio's bar tops the blog admin: a contributor's screens, and Sign out.
  const bar = page.getByRole("navigation", { name: "Studio" });
  await expect(bar.getByRole("link", { name: "Pages" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Submissions" })).toHaveCount(0);
  await expect(bar.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A new post: kept as a draft, listed as not published yet, and no file written.
  await titleField(page).fill("Notes from a contributor");
  await page.locator("#post-content").fill("A first paragraph.");
  await page.locator("#post-author").fill("Carl");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Draft Saved" })).toBeVisible();
  const fresh = post(page, "Notes from a contributor");
  await expect(fresh.getByTestId("post-not-published")).toHaveText("Not published yet");
  await expect(fresh.getByTestId("post-draft-mark")).toHaveText("Draft by Carl");
  await expect(titleField(page)).toHaveValue("Notes from a contributor");
  expect(existsSync(path.join(root, "content/blog/posts/notes-from-a-contributor.md"))).toBe(false);
  await expectNoAxeViolations(page);

  const listed = post(page, "Accessible forms, checked twice");
  await listed.getByRole("button", { name: "Edit" }).click();
  const text = readFileSync(path.join(root, FILE), "utf8");
  await titleField(page).fill("A contributor's title");
  await expect(draftState(page)).toHaveText("Draft saved");
  await expect(page.getByRole("button", { name: "Publish Post" })).toHaveCount(0);
  await expect(page.getByText("Editors and admins publish them.")).toBeVisible();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Draft Saved" })).toBeVisible();
  expect(readFileSync(path.join(root, FILE), "utf8")).toBe(text);
  await expectNoAxeViolations(page);

  // Opened again, the post shows the draft, marked in the list with who wrote it.
  await page.reload();
  await waitForHydration(page);
  await expect(listed.getByTestId("post-draft-mark")).toHaveText("Draft by Carl");
  await listed.getByRole("button", { name: "Edit" }).click();
  await expect(titleField(page)).toHaveValue("A contributor's title");
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
