/**
 * The WordPress mapping against answers recorded from a real WordPress 6.1 (scripts/wordpress/,
 * record-fixtures.sh), including every awkward case of wordpress-rest.md. None may throw.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogPostSchema } from "../../schemas/blog.ts";
import { DEFAULT_POST_IMAGE } from "../../src/blog/html.ts";
import { BlogSourceError } from "../../src/blog/source.ts";
import { mapWordPressPost, mapWordPressTerm, wordpressSource } from "../../src/blog/wordpress.ts";

const dir = path.join(import.meta.dirname, "fixtures", "wordpress");
const recorded = (name: string): unknown => JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8"));
const headers = (name: string) =>
  Object.fromEntries(readFileSync(path.join(dir, `${name}.headers`), "utf8").trim().split("\n").filter(Boolean).map((l) => l.split(": ") as [string, string]));
const onePost = (slug: string) => {
  const post = mapWordPressPost((recorded(`post-${slug}`) as unknown[])[0]);
  expect(post).toBeDefined();
  expect(() => blogPostSchema.parse(post)).not.toThrow();
  return post!;
};

describe("mapping a WordPress post", () => {
  it("maps a complete post into the spec's shape", () => {
    const post = onePost("fast-pages-with-react");
    expect(post).toMatchObject({
      id: "fast-pages-with-react",
      title: "Fast pages with React",
      excerpt: "How we keep React pages fast & light.",
      author: "Ana Lima",
      authorSlug: "ana-lima",
      authorDescription: "Writes about web performance & accessibility.",
      date: "2025-06-02",
      category: "Web Development",
      categorySlug: "web-development",
      tags: ["Q&A", "React"],
      tagSlugs: ["q-and-a", "react"],
      imageAlt: "A fast page & its metrics",
      featured: false,
      protected: false,
    });
    expect(post.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/wp-content\/uploads\/.*fast-pages\.png$/);
    expect(post.authorAvatar).toMatch(/^https:\/\/\d\.gravatar\.com\/avatar\/.*s=96/);
    expect(post.content).toContain("<h2>Measure</h2>");
    expect(post.content).toContain('rel="noopener noreferrer"');
  });

  it("offers the image's sizes WordPress made as responsive sources, leaving out cropped ones", () => {
    const post = onePost("fast-pages-with-react");
    const sources = post.imageSrcSet.split(", ").map((s) => s.split(" "));
    // 1600×840 uploaded: medium, medium_large, large and 1536 keep its proportions; the 150×150 thumbnail is cropped.
    expect(sources.map(([, w]) => w)).toEqual(["300w", "768w", "1024w", "1536w", "1600w"]);
    expect(sources.map(([url]) => url!.replace(/^.*\/uploads\/\d{4}\/\d{2}\//, ""))).toEqual([
      "fast-pages-300x158.png",
      "fast-pages-768x403.png",
      "fast-pages-1024x538.png",
      "fast-pages-1536x806.png",
      "fast-pages.png",
    ]);
    expect(sources.at(-1)![0]).toBe(post.image);
  });

  it("has no responsive sources without an image, or when WordPress made no other size of it", () => {
    expect(onePost("no-image").imageSrcSet).toBe("");
    expect(onePost("deleted-image").imageSrcSet).toBe("");
    const raw = structuredClone((recorded("post-fast-pages-with-react") as { _embedded: { "wp:featuredmedia": { media_details: { sizes: object } }[] } }[])[0]!);
    raw._embedded["wp:featuredmedia"][0]!.media_details.sizes = {};
    expect(mapWordPressPost(raw)!.imageSrcSet).toBe("");
  });

  it("decodes entities and strips tags in titles and term names", () => {
    const post = onePost("whats-new-and-more");
    expect(post.title).toBe("What’s new & more in 2025");
    expect(post.category).toBe("Releases & Updates");
    expect(post.tags).toEqual([]);
    expect(post.author).toBe("Ravi Iyer");
  });

  it("uses the default image when there is none (featured_media 0, no embed)", () => {
    expect(onePost("no-image").image).toBe(DEFAULT_POST_IMAGE);
  });

  it("uses the default image when the embed is a rest_forbidden error (image owned by a draft)", () => {
    const raw = (recorded("post-forbidden-image") as { _embedded: Record<string, { code?: string }[]> }[])[0]!;
    expect(raw._embedded["wp:featuredmedia"]![0]!.code).toBe("rest_forbidden");
    expect(onePost("forbidden-image")).toMatchObject({ image: DEFAULT_POST_IMAGE, imageAlt: "" });
  });

  it("uses the default image when featured_media points at a deleted attachment (the embed is another object)", () => {
    const raw = (recorded("post-deleted-image") as { featured_media: number; _embedded: Record<string, { id?: number }[]> }[])[0]!;
    expect(raw.featured_media).toBeGreaterThan(0);
    expect(raw._embedded["wp:featuredmedia"]![0]!.id).not.toBe(raw.featured_media);
    expect(onePost("deleted-image").image).toBe(DEFAULT_POST_IMAGE);
  });

  it("maps a password-protected post with no content or excerpt", () => {
    expect(onePost("protected-post")).toMatchObject({ protected: true, content: "", excerpt: "", title: "Members only" });
  });

  it("sanitises the XSS payloads an administrator saved, in content and title", () => {
    const post = onePost("xss-payloads");
    expect(post.title).toBe("Payloads");
    expect(post.content).toContain("<p>Before.</p>");
    // wptexturize curls a quote inside the iframe payload, so a parser (DOMPurify's or a browser's) swallows the rest.
    expect(post.content).not.toMatch(/<script|<iframe|<object|<base|<meta|<svg|srcdoc|\son[a-z]+=|script:/i);
  });

  it("falls back to Unknown and Uncategorized when embeds are missing or are errors (hardened users route)", () => {
    const raw = structuredClone((recorded("post-fast-pages-with-react") as Record<string, unknown>[])[0]!);
    raw._embedded = { author: [{ code: "rest_no_route", message: "No route", data: { status: 404 } }], "wp:term": [[], []] };
    expect(mapWordPressPost(raw)).toMatchObject({ author: "Unknown", authorSlug: undefined, category: "Uncategorized", tags: [] });
    delete raw._embedded;
    expect(mapWordPressPost(raw)).toMatchObject({ author: "Unknown", category: "Uncategorized", image: DEFAULT_POST_IMAGE });
  });

  it("ignores what is not a post at all", () => {
    expect(mapWordPressPost(recorded("error-page-past-end"))).toBeUndefined();
    expect(mapWordPressPost(null)).toBeUndefined();
  });
});

describe("mapping terms", () => {
  it("decodes names and keeps empty terms", () => {
    const categories = (recorded("categories") as unknown[]).map(mapWordPressTerm);
    expect(categories).toContainEqual({ id: expect.any(Number), slug: "releases-updates", name: "Releases & Updates", description: "What’s new & what changed.", count: 1 });
    expect(categories).toContainEqual(expect.objectContaining({ slug: "empty-category", count: 0, description: "" }));
  });
});

/** A fetch that answers from the recorded files, as WordPress did. */
function recordedFetch(calls: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    calls.push(url.pathname.replace("/wp-json/wp/v2/", "") + url.search);
    const route = url.pathname.split("/").pop();
    const page = url.searchParams.get("page") ?? "1";
    const slug = url.searchParams.get("slug");
    const name = slug ? (slug === "fast-pages-with-react" ? `post-${slug}` : "post-unknown") : route === "posts" ? `posts-page-${page}` : route!;
    return new Response(readFileSync(path.join(dir, `${name}.json`)), { status: 200, headers: { "Content-Type": "application/json", ...headers(name) } });
  }) as typeof fetch;
}

describe("the WordPress source", () => {
  it("pages through every post (113, over X-WP-TotalPages) with per_page=100 and _embed", async () => {
    const calls: string[] = [];
    const index = await wordpressSource({ url: "http://wp.test", fetch: recordedFetch(calls) }).index();
    expect(index.posts).toHaveLength(113);
    expect(calls).toContain("posts?_embed&per_page=100&page=2");
    const dates = index.posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse()); // newest first
    expect(index.posts.map((p) => p.id)).toContain("archive-note-1");
    expect(index.tags.map((t) => t.slug)).toEqual(expect.arrayContaining(["react", "q-and-a", "unused-tag"]));
    // Without a login WordPress lists only authors with published posts.
    expect(index.authors.map((a) => a.slug).sort()).toEqual(["admin", "ana-lima", "ravi-iyer"]); // not "no-posts"
    expect(index.authors.find((a) => a.slug === "ana-lima")?.description).toBe("Writes about web performance & accessibility.");
  });

  it("finds a post by slug, and answers null for an unknown one", async () => {
    const source = wordpressSource({ url: "http://wp.test", fetch: recordedFetch() });
    expect((await source.post("fast-pages-with-react"))?.title).toBe("Fast pages with React");
    expect(await source.post("no-such-post")).toBeNull();
    expect(await source.exists("no-such-post")).toBe(false);
  });

  it("reports an unreachable WordPress with title, message and hint", async () => {
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const error = await wordpressSource({ url: "http://wp.test", fetch: failing }).index().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlogSourceError);
    expect(error).toMatchObject({ title: "WordPress is unreachable", hint: expect.stringContaining("WORDPRESS_URL") });
  });

  it("reports WordPress errors ({ code, message, data }) with the status and code", async () => {
    const notFound = (async () => new Response(JSON.stringify({ code: "rest_no_route", message: "No route", data: { status: 404 } }), { status: 404 })) as typeof fetch;
    const error = await wordpressSource({ url: "http://wp.test", fetch: notFound }).post("x").catch((e: unknown) => e);
    expect(error).toMatchObject({ title: "WordPress answered with an error", message: expect.stringContaining("404 (rest_no_route)") });
  });
});
