/**
 * Every blog route built from a real WordPress (seeded by scripts/wordpress/seed.php with
 * the awkward cases of wordpress-rest.md): entities in titles and term names, a post
 * without image, images the embed lies about, a protected post, XSS payloads, more than
 * 100 posts, empty terms, an author without posts.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNothingRan, ignore, test, waitForHydration } from "./fixtures.ts";

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // The list hydrates when the visitor reaches for it (at once for a filtered URL), keeping what was done before.
  return response;
}

const cards = (page: Page) => page.getByTestId("post-card");
const count = (page: Page) => page.getByTestId("article-count");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const DEFAULT_IMAGE = "/blog/images/default.svg";
/** A file the build made of a WordPress image (src/runtime/media/blog-images.server.ts): its 16:9 crop at one width. */
const REMOTE_VARIANT = (ext: string) => new RegExp(`(^|/)remote-[0-9a-f]{16}\\.[0-9a-f]{12}\\.c[0-9_]+-\\d+\\.${ext}$`);

test.describe("blog list from WordPress", () => {
  test("lists all 113 posts (more than one page of the API), with the categories that have posts", async ({ page }) => {
    test.slow(); // axe over 113 cards took over 30 s on a CI machine
    await open(page, "/blog");
    await expect(count(page)).toHaveText("Showing 113 articles");
    await expect(cards(page)).toHaveCount(113);
    const buttons = page.getByRole("list", { name: "Filter by category" }).getByRole("button");
    await expect(buttons).toHaveText(["All", "Releases & Updates", "Uncategorized", "Web Development"]); // not Empty Category
    await expect(buttons.first()).toHaveAttribute("aria-pressed", "true");
    await expect(cards(page).last().getByRole("heading")).toHaveText("Archive note 1");
    await expectNoAxeViolations(page);
  });

  test("search and category filter combine; decoded names and tags are searchable", async ({ page }) => {
    await open(page, "/blog");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("archive note 10"); // titles 10 and 100 to 105
    await expect(count(page)).toHaveText("Showing 7 articles");
    await search.fill("Q&A"); // only a tag, stored escaped by WordPress
    await expect(count(page)).toHaveText("Showing 1 article");
    await expect(cards(page).getByRole("heading")).toHaveText("Fast pages with React");
    await search.fill("react"); // one title, one excerpt, and the tag on ten archive notes
    await expect(count(page)).toHaveText("Showing 11 articles");
    await page.getByRole("button", { name: "Web Development" }).click();
    await expect(count(page)).toHaveText("Showing 11 articles");
    await expect(page).toHaveURL(/\/blog\?q=react&category=Web(\+|%20)Development$/);
    await page.getByRole("button", { name: "Releases & Updates" }).click();
    await expect(page.getByRole("heading", { name: "No Articles Found" })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(search).toHaveValue("");
    await expect(page.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await expect(count(page)).toHaveText("Showing 113 articles");
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("a shared URL opens filtered by a category whose name has an entity", async ({ page }) => {
    await open(page, "/blog?category=Releases%20%26%20Updates");
    await expect(page.getByRole("button", { name: "Releases & Updates" })).toHaveAttribute("aria-pressed", "true");
    await expect(count(page)).toHaveText("Showing 1 article");
    await expect(cards(page).getByRole("heading")).toHaveText("What’s new & more in 2025");
  });
});

test.describe("a post from WordPress", () => {
  test("shows badge, title, author, date, excerpt, sanitised content, #tags, Written by and Related Articles", async ({ page }) => {
    const response = await open(page, "/blog/fast-pages-with-react");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Fast pages with React | Arcbyte Technologies");
    await expect(page.getByTestId("post-category")).toHaveText("Web Development");
    await expect(page.getByTestId("post-category")).toHaveAttribute("href", "/blog/category/web-development");
    await expect(heading(page)).toHaveText("Fast pages with React");
    const meta = page.getByTestId("post-meta");
    await expect(meta.getByRole("link", { name: "Ana Lima" })).toHaveAttribute("href", "/blog/author/ana-lima");
    await expect(meta.locator("time")).toHaveText("June 2, 2025");
    await expect(page.getByTestId("post-excerpt")).toHaveText("How we keep React pages fast & light.");
    const content = page.getByTestId("post-content");
    await expect(content.getByRole("heading", { level: 2, name: "Measure" })).toBeVisible();
    await expect(content.getByRole("link", { name: "measure" })).toHaveAttribute("rel", "noopener noreferrer");
    await expect(page.getByTestId("post-tags").getByRole("link")).toHaveText(["#Q&A", "#React"]);
    await expect(page.getByTestId("post-tags").getByRole("link").first()).toHaveAttribute("href", "/blog/tag/q-and-a");
    const author = page.getByTestId("author-box");
    await expect(author).toContainText("Written by");
    await expect(author).toContainText("Writes about web performance & accessibility.");
    const related = page.getByRole("region", { name: "Related Articles" });
    await expect(related.getByTestId("post-card")).toHaveCount(3);
    // The featured image was taken in by the build: the site serves it (its own variants), not WordPress.
    const image = page.getByRole("img", { name: "A fast page & its metrics" });
    await expect(image).toHaveAttribute("src", REMOTE_VARIANT("png"));
    // Cropped 16:9 like every featured image, its box known before it loads; loaded at once (the page's opening picture).
    await expect(image).toHaveAttribute("width", "1493");
    await expect(image).toHaveAttribute("height", "840");
    await expect(image).toHaveAttribute("fetchpriority", "high");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });

  test("the featured image is served in the site's formats and widths, and the browser loads the one its layout needs", async ({ browser }) => {
    // Each case in a fresh context, so no image comes from another's cache.
    const loaded = async (path: string, viewport: { width: number; height: number }, deviceScaleFactor: number) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor });
      const page = await context.newPage();
      await page.goto(path);
      const image = page.getByRole("img", { name: "A fast page & its metrics" }).first();
      await image.scrollIntoViewIfNeeded();
      const avif = image.locator("xpath=preceding-sibling::source[@type='image/avif']");
      await expect(avif).toHaveAttribute("srcset", /^\/_media\/v1\/remote-[^ ]+-320\.avif 320w, .*-1493\.avif 1493w$/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      const file = (await image.evaluate((img: HTMLImageElement) => img.currentSrc)).split("/").pop()!;
      await context.close();
      expect(file).toMatch(REMOTE_VARIANT("avif"));
      return file.split("-").pop();
    };
    const post = "/blog/fast-pages-with-react";
    // The post's image is the full width of a phone (390 px), 720 px from 48em.
    expect(await loaded(post, { width: 390, height: 844 }, 1)).toBe("640.avif");
    expect(await loaded(post, { width: 1280, height: 800 }, 2)).toBe("1493.avif");
    // A card on a desktop is a third of the page (410 px): never the largest.
    expect(await loaded("/blog?q=Fast%20pages", { width: 1280, height: 800 }, 1)).toBe("640.avif");
  });

  test("a title with entities and tags is decoded for the heading and the document title", async ({ page }) => {
    await open(page, "/blog/whats-new-and-more");
    await expect(heading(page)).toHaveText("What’s new & more in 2025");
    await expect(page).toHaveTitle("What’s new & more in 2025 | Arcbyte Technologies");
    await expect(page.getByTestId("post-category")).toHaveText("Releases & Updates");
    await expect(page.getByTestId("post-content")).toHaveText("Release notes & news.");
  });

  test("none of the seeded XSS payloads runs or survives", async ({ page, consoleErrors }) => {
    const brokenImage = page.waitForResponse((r) => r.url().endsWith("/blog/x"));
    await open(page, "/blog/xss-payloads");
    await expect(heading(page)).toHaveText("Payloads");
    // WordPress's texturize turned the iframe's closing quote into “, so the rest of the post is
    // the iframe's text, as in any browser, and goes with it: "After." never shows.
    await expect(page.getByTestId("post-content")).toContainText("Before.");
    await page.waitForTimeout(500); // the meta refresh, had it survived, would have left by now
    await expect(page).toHaveURL(/\/blog\/xss-payloads$/);
    await expectNothingRan(page);
    // The <img src="x"> of the onerror payload stays, without its handler, and fails to load.
    expect((await brokenImage).status()).toBe(404);
    ignore(consoleErrors, /status of 404/);
  });

  test("the oldest post, beyond the API's first 100, is prerendered too", async ({ page }) => {
    const response = await open(page, "/blog/archive-note-1");
    expect(response?.status()).toBe(200);
    await expect(heading(page)).toHaveText("Archive note 1");
    await expect(page.getByTestId("post-meta").locator("time")).toHaveText("January 1, 2024");
    await expect(page.getByTestId("post-content")).toHaveText("Archive note number 1.");
  });

  test("a password-protected post says so instead of its content", async ({ page }) => {
    await open(page, "/blog/protected-post");
    await expect(heading(page)).toHaveText("Members only");
    await expect(page.getByText("This article is password protected, so it can't be shown here.")).toBeVisible();
    await expect(page.getByTestId("post-content")).toHaveCount(0);
    await expect(page.getByTestId("post-excerpt")).toHaveCount(0);
    await expect(page.getByText("Hidden")).toHaveCount(0);
  });

  for (const [slug, why] of [
    ["no-image", "has no featured image"],
    ["forbidden-image", "has an image attached to a draft (rest_forbidden embed)"],
    ["deleted-image", "points at a deleted attachment"],
  ] as const) {
    test(`a post that ${why} shows the default image`, async ({ page }) => {
      await open(page, `/blog/${slug}`);
      await expect(page.getByTestId("blog-post").locator("img").first()).toHaveAttribute("src", DEFAULT_IMAGE);
    });
  }
});

test.describe("categories, tags and authors from WordPress", () => {
  test("/blog/categories lists every category, the empty one too, with decoded names and counts", async ({ page }) => {
    await open(page, "/blog/categories");
    const terms = page.getByTestId("term-card");
    await expect(terms).toHaveCount(4);
    await expect(terms.filter({ hasText: "Web Development" })).toContainText("111 posts");
    const releases = terms.filter({ hasText: "Releases & Updates" });
    await expect(releases).toContainText("What’s new & what changed.");
    await expect(releases).toContainText("1 post");
    const empty = terms.filter({ hasText: "Empty Category" });
    await expect(empty).toContainText("No description.");
    await expect(empty).toContainText("0 posts");
    await releases.click();
    await expect(page).toHaveURL(/\/blog\/category\/releases-updates$/);
    await expect(heading(page)).toHaveText("Releases & Updates");
    await expect(page.getByTestId("archive-description")).toHaveText("What’s new & what changed.");
    await expect(cards(page).getByRole("heading")).toHaveText(["What’s new & more in 2025"]);
    await expect(page.getByRole("link", { name: "All Categories" })).toHaveAttribute("href", "/blog/categories");
    await expectNoAxeViolations(page);
  });

  test("a category without posts shows the fallback description and says so", async ({ page }) => {
    await open(page, "/blog/category/empty-category");
    await expect(heading(page)).toHaveText("Empty Category");
    await expect(page.getByTestId("archive-description")).toHaveText("All articles in this category");
    await expect(page.getByText("No articles found in this category.")).toBeVisible();
  });

  test("/blog/tags lists every tag; a tag page shows its posts", async ({ page }) => {
    await open(page, "/blog/tags");
    const terms = page.getByTestId("term-card");
    await expect(terms).toHaveCount(3);
    await expect(terms.filter({ hasText: "#React" })).toContainText("11 posts");
    await terms.filter({ hasText: "#Q&A" }).click();
    await expect(page).toHaveURL(/\/blog\/tag\/q-and-a$/);
    await expect(heading(page)).toHaveText("#Q&A");
    await expect(page.getByTestId("archive-description")).toHaveText("All articles with this tag");
    await expect(cards(page).getByRole("heading")).toHaveText(["Fast pages with React"]);
    await expect(page.getByRole("link", { name: "All Tags" })).toHaveAttribute("href", "/blog/tags");
  });

  test("a tag without posts says so", async ({ page }) => {
    await open(page, "/blog/tag/unused-tag");
    await expect(heading(page)).toHaveText("#Unused Tag");
    await expect(page.getByText("No articles found with this tag.")).toBeVisible();
  });

  test("an author page shows the 96px Gravatar, the decoded description and their posts", async ({ page }) => {
    await open(page, "/blog/author/ana-lima");
    await expect(heading(page)).toHaveText("Ana Lima");
    const avatar = page.getByTestId("author-avatar");
    await expect(avatar).toHaveAttribute("src", /^https:\/\/[a-z0-9.]*gravatar\.com\/avatar\/[0-9a-f]+\?s=96/);
    expect(await avatar.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([96, 96]);
    await expect(page.getByTestId("archive-description")).toHaveText("Writes about web performance & accessibility.");
    await expect(cards(page)).toHaveCount(5);
    await expect(cards(page).first().getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", "/blog/fast-pages-with-react");
  });

  test("an author without a description gets the fallback", async ({ page }) => {
    await open(page, "/blog/author/ravi-iyer");
    await expect(page.getByTestId("archive-description")).toHaveText("All articles by this author");
    await expect(cards(page)).toHaveCount(107);
  });

  for (const [path, title, back] of [
    ["/blog/no-such-post", "Post Not Found", "/blog"],
    ["/blog/category/nope", "Category Not Found", "/blog/categories"],
    ["/blog/tag/nope", "Tag Not Found", "/blog/tags"],
    ["/blog/author/no-posts", "Author Not Found", "/blog"], // a WordPress user who never published
  ] as const) {
    test(`${path} is ${title} (404)`, async ({ page }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(heading(page)).toHaveText(title);
      await expect(page.getByRole("main").getByRole("link", { name: /^Back to/ })).toHaveAttribute("href", back);
    });
  }
});

test.describe("home and sitemap from WordPress", () => {
  test("Home's Latest Insights shows the 3 newest WordPress posts", async ({ page }) => {
    await open(page, "/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Latest Insights" }) });
    // wp_install's "Hello world!" is dated the day WordPress was set up, so it is the newest.
    await expect(section.getByTestId("post-card").getByRole("heading")).toHaveText(["Hello world!", "Fast pages with React", "What’s new & more in 2025"]);
    await expect(section.getByTestId("post-card").nth(1).getByRole("link").first()).toHaveAttribute("href", "/blog/fast-pages-with-react");
  });

  test("the sitemap lists WordPress posts with their dates, and the term and author pages", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain("<loc>https://www.arcbyte.in/blog/fast-pages-with-react</loc><lastmod>2025-06-02</lastmod>");
    expect(xml).toContain("<loc>https://www.arcbyte.in/blog/archive-note-1</loc><lastmod>2024-01-01</lastmod>");
    for (const p of ["/blog/category/releases-updates", "/blog/tag/q-and-a", "/blog/author/ana-lima"]) expect(xml).toContain(`<loc>https://www.arcbyte.in${p}</loc>`);
    expect(xml.match(/<loc>https:\/\/www\.arcbyte\.in\/blog\/[a-z0-9-]+<\/loc>/g)?.length).toBeGreaterThanOrEqual(113);
  });
});
