/**
 * The blog on the local source (content/blog/): every route and state of spec §2 and §4,
 * the search of §5, and what is beyond the spec (an island whose code failed to load is
 * asked for again). Posts newer than the build, fetched in the browser with their loading
 * and error states, need WordPress: tests/e2e-wordpress.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, island, test, waitForHydration } from "./fixtures.ts";

const POST = "/blog/rag-that-answers-from-your-documents";

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  // The list hydrates when the visitor reaches for it (or at once for a filtered URL), and
  // keeps what was typed or clicked before: the tests use it at once.
  return response;
}

/** Drops the console lines a test provokes on purpose (the fixture fails on any other). */
function ignore(consoleErrors: string[], expected: RegExp) {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
}

const cards = (page: Page) => page.getByTestId("post-card");
const count = (page: Page) => page.getByTestId("article-count");

test.describe("blog list", () => {
  test("shows the search box, the category buttons from All, the count and cards with at most 2 tags", async ({ page }) => {
    await open(page, "/blog");
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveAttribute("placeholder", "Search articles...");
    const buttons = page.getByRole("list", { name: "Filter by category" }).getByRole("button");
    await expect(buttons.first()).toHaveText("All");
    await expect(buttons.first()).toHaveAttribute("aria-pressed", "true");
    await expect(buttons).toHaveText(["All", "AI Development", "Web Development", "eCommerce", "Digital Marketing", "Security"]);
    await expect(count(page)).toHaveText("Showing 22 articles");
    await expect(cards(page)).toHaveCount(22);
    for (const tags of await page.getByTestId("post-card-tags").all()) expect(await tags.getByRole("listitem").count()).toBeLessThanOrEqual(2);
    await expect(page.getByRole("main").getByRole("button", { name: "Subscribe" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("searches title, excerpt and tags case-insensitively, combined with the category", async ({ page }) => {
    await open(page, "/blog");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("SHOPIFY"); // the title of one post, a tag of two
    await expect(count(page)).toHaveText("Showing 2 articles");
    await search.fill("owasp"); // only a tag
    await expect(count(page)).toHaveText("Showing 2 articles");
    await page.getByRole("button", { name: "Security" }).click();
    await expect(count(page)).toHaveText("Showing 2 articles");
    await search.fill("payloads"); // only an excerpt
    await expect(count(page)).toHaveText("Showing 1 article");
    await expect(cards(page).getByRole("heading")).toHaveText("Sanitising HTML From a CMS: The Payloads We Test Against");
    await expect(page).toHaveURL(/\/blog\?q=payloads&category=Security$/);
    await page.getByRole("button", { name: "Web Development" }).click();
    await expect(page.getByText("No Articles Found")).toBeVisible();
  });

  test("empty state: No Articles Found, then Clear Filters resets the category and the search", async ({ page }) => {
    await open(page, "/blog");
    await page.getByRole("button", { name: "eCommerce" }).click();
    await page.getByRole("searchbox", { name: "Search articles" }).fill("quantum");
    await expect(page.getByRole("heading", { name: "No Articles Found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search terms or category filter")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
    await expect(page.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await expect(count(page)).toHaveText("Showing 22 articles");
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("a shared URL with ?q=&category= opens filtered", async ({ page }) => {
    await open(page, "/blog?q=react&category=Web%20Development");
    await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("react");
    await expect(page.getByRole("button", { name: "Web Development" })).toHaveAttribute("aria-pressed", "true");
    await expect(count(page)).toHaveText("Showing 6 articles");
  });
});

test.describe("blog post", () => {
  test("shows badge, title, author, date, read time, excerpt, content, #tags, author box, related posts and the way back", async ({ page }) => {
    const response = await open(page, POST);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("RAG That Actually Answers From Your Documents | Arcbyte Technologies");
    await expect(page.getByTestId("post-category")).toHaveText("AI Development");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("RAG That Actually Answers From Your Documents");
    const meta = page.getByTestId("post-meta");
    await expect(meta).toContainText("Priya Sharma");
    await expect(meta.locator("time")).toHaveText("November 4, 2025");
    await expect(page.getByTestId("read-time")).toHaveText("1 min read");
    await expect(page.getByTestId("post-excerpt")).toContainText("Retrieval-augmented generation fails quietly");
    await expect(page.getByTestId("post-content").getByRole("heading", { name: "Chunk by meaning, not by character count" })).toBeVisible();
    await expect(page.getByTestId("post-tags").getByRole("link")).toHaveText(["#LLM", "#Python"]);
    await expect(page.getByTestId("author-box")).toContainText("Written by");
    await expect(page.getByTestId("author-box")).toContainText("Head of AI at Arcbyte");
    const related = page.getByRole("region", { name: "Related Articles" });
    await expect(related.getByTestId("post-card")).toHaveCount(3);
    await expect(page.getByRole("main").getByRole("button", { name: "Subscribe" })).toBeVisible();
    await page.getByRole("link", { name: "← Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(count(page)).toHaveText("Showing 22 articles");
  });

  test("Share Article copies the URL when the device cannot share", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    await open(page, POST);
    await page.getByRole("button", { name: "Share Article" }).click();
    await expect(page.getByTestId("toast")).toContainText("Link copied!");
    await expect(page.getByTestId("toast")).toContainText("Post URL has been copied to your clipboard.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${POST}$`));
  });

  test("Share Article says so when the browser refuses to copy the URL too", async ({ page }) => {
    // A browser that has no share sheet and refuses the clipboard to the page, as one may.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      Clipboard.prototype.writeText = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await open(page, POST);
    await page.getByRole("button", { name: "Share Article" }).click();
    await expect(page.getByTestId("toast")).toContainText("Couldn't copy the link");
    await expect(page.getByTestId("toast")).toContainText("Copy the address from your browser's address bar instead.");
    // Nothing uncaught either (the console errors fixture).
    await expectNoAxeViolations(page);
  });

  test("Share Article uses the native share sheet with title, text and url", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: (data: unknown) => ((window as { __shared?: unknown }).__shared = data, Promise.resolve()), configurable: true });
    });
    await open(page, POST);
    await page.getByRole("button", { name: "Share Article" }).click();
    await expect.poll(() => page.evaluate(() => (window as { __shared?: { title: string; url: string } }).__shared)).toMatchObject({
      title: "RAG That Actually Answers From Your Documents",
      url: expect.stringMatching(new RegExp(`${POST}$`)),
    });
  });

  test("an unknown slug is Post Not Found with status 404 and a way back", async ({ page, consoleErrors }) => {
    const response = await open(page, "/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
    ignore(consoleErrors, /the server responded with a status of 404/);
  });

  test("none of the XSS payloads in a post runs or survives", async ({ page }) => {
    await open(page, "/blog/sanitising-html-from-a-cms");
    const content = page.getByTestId("post-content");
    await expect(content.getByText("Nothing runs when this opens.")).toBeAttached();
    await content.locator("summary").click();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await content.locator("iframe, object, embed, base, meta, script, svg").count()).toBe(0);
    const dangerous = await content.evaluate((root) =>
      [...root.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name) || a.name === "srcdoc" || /^\s*javascript:/i.test(a.value)).map((a) => `${el.tagName} ${a.name}`),
      ),
    );
    expect(dangerous).toEqual([]);
    await expect(page).toHaveURL(/sanitising-html-from-a-cms$/);
  });
});

test.describe("categories, tags and authors", () => {
  test("/blog/categories lists every category with description or No description. and its post count", async ({ page }) => {
    await open(page, "/blog/categories");
    const cardsOnPage = page.getByTestId("term-card");
    await expect(cardsOnPage).toHaveCount(6);
    await expect(cardsOnPage.first()).toContainText("AI Development");
    await expect(cardsOnPage.first()).toContainText("5 posts");
    const empty = cardsOnPage.filter({ hasText: "Cloud & DevOps" });
    await expect(empty).toContainText("No description.");
    await expect(empty).toContainText("0 posts");
    await cardsOnPage.filter({ hasText: "Web Development" }).click();
    await expect(page).toHaveURL(/\/blog\/category\/web-development$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web Development");
    await expect(cards(page)).toHaveCount(8);
    await expectNoAxeViolations(page);
  });

  test("a category without posts says so, with the fallback description and a way back", async ({ page }) => {
    await open(page, "/blog/category/cloud-devops");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cloud & DevOps");
    await expect(page.getByTestId("archive-description")).toHaveText("All articles in this category");
    await expect(page.getByText("No articles found in this category.")).toBeVisible();
    await expect(page.getByRole("link", { name: "All Categories" })).toHaveAttribute("href", "/blog/categories");
  });

  test("/blog/tags lists tags; a tag page shows its posts with the tag on each card", async ({ page }) => {
    await open(page, "/blog/tags");
    await expect(page.getByTestId("term-card")).toHaveCount(17);
    await page.getByTestId("term-card").filter({ hasText: "#OWASP" }).click();
    await expect(page).toHaveURL(/\/blog\/tag\/owasp$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("#OWASP");
    await expect(page.getByTestId("archive-description")).toHaveText("The OWASP Top 10 and how to defend against it.");
    await expect(page.getByTestId("post-card-badge")).toHaveText(["OWASP", "OWASP"]);
    await expect(page.getByRole("link", { name: "All Tags" })).toHaveAttribute("href", "/blog/tags");
  });

  test("a tag without posts says so", async ({ page }) => {
    await open(page, "/blog/tag/devops");
    await expect(page.getByTestId("archive-description")).toHaveText("All articles with this tag");
    await expect(page.getByText("No articles found with this tag.")).toBeVisible();
  });

  test("an author page shows the 96px avatar, description and their posts with Read More links", async ({ page }) => {
    await open(page, "/blog/author/neha-kapoor");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neha Kapoor");
    const avatar = page.getByTestId("author-avatar").locator("img");
    await expect(avatar).toHaveAttribute("src", /^\/_media\/v1\/portrait-neha-kapoor\.[0-9a-f]{12}\.svg$/);
    expect(await avatar.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([96, 96]);
    await expect(cards(page)).toHaveCount(7);
    const first = cards(page).first();
    await expect(first.locator("time")).toHaveText("October 7, 2025");
    await expect(first.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", "/blog/shopify-vs-woocommerce-2025");
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
  });

  for (const [path, title, text, back] of [
    ["/blog/category/nope", "Category Not Found", "No such category exists.", "/blog/categories"],
    ["/blog/tag/nope", "Tag Not Found", "No such tag exists.", "/blog/tags"],
    ["/blog/author/nope", "Author Not Found", "No such author exists.", "/blog"],
  ] as const) {
    test(`${path} is ${title} (404)`, async ({ page, consoleErrors }) => {
      const response = await open(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: /^Back to/ })).toHaveAttribute("href", back);
      ignore(consoleErrors, /the server responded with a status of 404/);
    });
  }
});

test.describe("an island whose code fails to load", () => {
  test("is asked for again the next time: Share Article works on the second click", async ({ page, context, consoleErrors }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share);
    // Offline until the first click has failed: the pointer reaching the button may ask for the
    // code before the click does, and both asks must fail.
    let offline = true;
    let failures = 0;
    let served = 0;
    await page.route(/\/assets\/ShareArticle-[^/]+\.js$/, (route) => (offline ? (failures++, route.abort("internetdisconnected")) : (served++, route.continue())));
    await open(page, POST);
    const share = page.getByRole("button", { name: "Share Article" });
    await share.click();
    await expect.poll(() => failures).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(island(page, "share-article")).not.toHaveAttribute("data-hydrated");
    offline = false;
    await share.click();
    await expect(page.getByTestId("toast")).toContainText("Link copied!");
    // The code was asked for again after the failure, and once was enough.
    expect(served).toBe(1);
    ignore(consoleErrors, /could not load|ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  });
});

test.describe("home and sitemap", () => {
  test("Home's Latest Insights shows the 3 newest posts and View All Posts", async ({ page }) => {
    await open(page, "/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Latest Insights" }) });
    await expect(section.getByTestId("post-card").getByRole("heading")).toHaveText([
      "RAG That Actually Answers From Your Documents",
      "A Field Guide to Core Web Vitals in 2025",
      "Shopify vs WooCommerce: An Honest Comparison for 2025",
    ]);
    await expect(section.getByTestId("post-card").first().getByRole("link").first()).toHaveAttribute("href", POST);
    await expect(section.getByRole("link", { name: "View All Posts" })).toHaveAttribute("href", "/blog");
  });

  test("the sitemap lists every blog page, posts with their date as lastmod", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>https://www.arcbyte.in${POST}</loc><lastmod>2025-11-04</lastmod>`);
    for (const p of ["/blog", "/blog/categories", "/blog/tags", "/blog/category/security", "/blog/tag/llm", "/blog/author/arjun-mehta"]) {
      expect(xml).toContain(`<loc>https://www.arcbyte.in${p}</loc>`);
    }
    expect(xml).not.toContain("not-found");
  });
});
