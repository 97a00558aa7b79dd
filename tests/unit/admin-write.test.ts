/**
 * The blog admin's write path (server/studio/documents/posts.ts) on a copy of content/blog: what it
 * writes, what it refuses (nothing written), crashes mid-write, concurrent saves and
 * path traversal. The content checker must accept everything the admin writes.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import * as fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { localBlogWriter, slugify, type WriterFs } from "../../server/studio/documents/posts.ts";
import { checkLocalBlog } from "../../src/blog/local-check.ts";
import { readFrontMatter } from "../../src/content-files/frontmatter.ts";

let root: string;
const posts = () => path.join(root, "content/blog/posts");
const taxonomyFile = () => path.join(root, "content/blog/taxonomy.json");
const read = (slug: string) => readFileSync(path.join(posts(), `${slug}.md`), "utf8");
const parsed = (slug: string) => {
  const result = readFrontMatter(read(slug));
  if (!result.ok) throw new Error(`${slug}: ${JSON.stringify(result.problem)}`);
  return result;
};
const frontmatter = (slug: string) => parsed(slug).data;
const snapshot = () => ({ files: readdirSync(posts()).sort(), taxonomy: readFileSync(taxonomyFile(), "utf8") });
const NOW = new Date(2025, 6, 14, 10, 30); // 14 July 2025, local time

const post = (over: Record<string, unknown> = {}) => ({
  title: "Caching Strategies for Busy APIs",
  excerpt: "Three caching layers that cut response times without serving stale data.",
  content: "Most APIs can answer faster.\n\n## Start at the edge\n\nCache what is public.",
  author: "Arjun Mehta",
  category: "web-development",
  tags: ["Performance", "React"],
  status: "published",
  featured: false,
  ...over,
});

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "admin-write-"));
  cpSync("content/blog", path.join(root, "content/blog"), { recursive: true });
  cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function expectCheckerClean() {
  const { errors } = await checkLocalBlog(root, { drafts: true });
  expect(errors).toEqual([]);
}

describe("creating a post", () => {
  it("writes a Markdown file named after the title, with a timestamp id and today's date", async () => {
    const writer = localBlogWriter(root, { now: () => NOW });
    const result = await writer.create(post());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.slug).toBe("caching-strategies-for-busy-apis");
    expect(result.value.id).toMatch(/^\d{13}$/);
    expect(Number(result.value.id)).toBeGreaterThanOrEqual(NOW.getTime());
    expect(frontmatter("caching-strategies-for-busy-apis")).toMatchObject({
      title: "Caching Strategies for Busy APIs",
      date: "2025-07-14",
      author: "arjun-mehta",
      category: "web-development",
      tags: ["performance", "react"],
      status: "published",
      id: result.value.id,
    });
    expect(parsed("caching-strategies-for-busy-apis").body.trim()).toBe(post().content);
    await expectCheckerClean();
  });

  it("is a draft unless published, and the site's reader skips drafts", async () => {
    const writer = localBlogWriter(root);
    const { status: _status, ...noStatus } = post({ title: "A Draft About Queues" });
    const result = await writer.create(noStatus);
    expect(result.ok && result.value.status).toBe("draft");
    const published = await checkLocalBlog(root);
    expect(published.index.posts.some((p) => p.id === "a-draft-about-queues")).toBe(false);
    const all = await checkLocalBlog(root, { drafts: true });
    expect(all.index.posts.some((p) => p.id === "a-draft-about-queues")).toBe(true);
  });

  it("splits comma-separated tags, trims them and drops empties; new tags and authors join the taxonomy as one line each", async () => {
    const before = readFileSync(taxonomyFile(), "utf8");
    const writer = localBlogWriter(root);
    const result = await writer.create(post({ tags: " Rust ,, performance, Edge Computing ,", author: "Maya Rao" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.tags).toEqual(["Rust", "Performance", "Edge Computing"]);
    expect(frontmatter(result.value.slug).tags).toEqual(["rust", "performance", "edge-computing"]);
    expect(frontmatter(result.value.slug).author).toBe("maya-rao");
    const after = readFileSync(taxonomyFile(), "utf8");
    // JSON needs a comma after the entry that used to be last; nothing else changes.
    const old = new Set(before.split("\n").flatMap((line) => [line, `${line},`]));
    const added = after.split("\n").filter((line) => !old.has(line));
    expect(added.map((l) => l.trim().replace(/,$/, ""))).toEqual([
      '{ "slug": "rust", "name": "Rust", "description": "" }',
      '{ "slug": "edge-computing", "name": "Edge Computing", "description": "" }',
      '{ "slug": "maya-rao", "name": "Maya Rao", "description": "" }',
    ]);
    await expectCheckerClean();
  });

  it("files a post without a category under Uncategorized", async () => {
    const writer = localBlogWriter(root);
    const result = await writer.create(post({ category: "" }));
    expect(result.ok && result.value.categoryName).toBe("Uncategorized");
    expect(frontmatter("caching-strategies-for-busy-apis").category).toBe("uncategorized");
    await expectCheckerClean();
  });

  it("takes the excerpt from the first paragraph when it is left empty", async () => {
    const writer = localBlogWriter(root);
    const result = await writer.create(post({ excerpt: "", content: "First **bold** paragraph here.\n\n## Later\n\nNot this." }));
    expect(result.ok && result.value.excerpt).toBe("First bold paragraph here.");
  });

  it("never reuses a file name: the same title gets -2, -3", async () => {
    const writer = localBlogWriter(root);
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      const r = await writer.create(post());
      slugs.push(r.ok ? r.value.slug : r.failure.error.message);
    }
    expect(slugs).toEqual(["caching-strategies-for-busy-apis", "caching-strategies-for-busy-apis-2", "caching-strategies-for-busy-apis-3"]);
  });

  it("names a post whose title has no Latin letters after its id", async () => {
    const writer = localBlogWriter(root);
    const result = await writer.create(post({ title: "キャッシュ戦略" }));
    expect(result.ok && result.value.slug).toMatch(/^post-\d{13}$/);
    await expectCheckerClean();
  });

  it("makes slugs from titles", () => {
    expect(slugify("Héllo, Wörld & Friends!")).toBe("hello-world-and-friends");
    expect(slugify("  --Already--slugged--  ")).toBe("already-slugged");
    expect(slugify("a".repeat(50) + " " + "b".repeat(50))).toBe("a".repeat(50));
  });
});

describe("an invalid post is never written", () => {
  it.each([
    ["no title", { title: "  " }, "title"],
    ["no content", { content: "" }, "content"],
    ["no author", { author: undefined }, "author"],
  ])("%s: 400, the spec's message, nothing on disk", async (_name, over, field) => {
    const before = snapshot();
    const result = await localBlogWriter(root).create(post({ ...over, tags: ["Brand New Tag"] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.failure.error).toMatchObject({ title: "Validation Error", message: "Please fill in all required fields." });
    expect(Object.keys(result.failure.fields ?? {})).toEqual([field]);
    expect(snapshot()).toEqual(before);
  });

  it.each([
    ["a top-level heading", { content: "# Second title\n\nText." }, "content", /##/],
    ["an unknown category", { category: "gardening" }, "category", /Choose a category/],
    ["nine tags", { tags: "a, b, c, d, e, f, g, h, i" }, "tags", /at most 8/],
    ["a tag without letters", { tags: ["+++"] }, "tags", /letters or digits/],
    ["a title over 140 characters", { title: "x".repeat(141) }, "title", /140/],
    ["a status that does not exist", { status: "scheduled" }, "status", /draft/],
  ])("%s: 400 with the field's message, nothing on disk", async (_name, over, field, message) => {
    const before = snapshot();
    const result = await localBlogWriter(root).create(post(over));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.failure.fields?.[field as "title"]).toMatch(message);
    expect(snapshot()).toEqual(before);
  });

  it("refuses fields the form does not have", async () => {
    const before = snapshot();
    const result = await localBlogWriter(root).create({ ...post(), date: "1999-01-01" });
    expect(result.ok || result.failure.error.message).toBe("Unknown field: date.");
    expect(snapshot()).toEqual(before);
  });
});

describe("editing and deleting", () => {
  const hand = "core-web-vitals-field-guide";

  it("an edit keeps the address, date and image, and replaces what the form edits", async () => {
    const writer = localBlogWriter(root);
    const before = frontmatter(hand);
    const { posts: listed } = await writer.list();
    const current = listed.find((p) => p.slug === hand)!;
    const result = await writer.update(hand, post({ title: "Core Web Vitals, Revisited", tags: "Performance, SEO" }), current.version);
    expect(result.ok).toBe(true);
    const after = frontmatter(hand);
    const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);
    expect({ ...after, date: day(after.date) }).toMatchObject({ title: "Core Web Vitals, Revisited", date: day(before.date), image: before.image, tags: ["performance", "seo"] });
    expect(existsSync(path.join(posts(), "core-web-vitals-revisited.md"))).toBe(false);
    await expectCheckerClean();
  });

  it("an edit or delete based on an older version is refused (412) and changes nothing", async () => {
    const writer = localBlogWriter(root);
    const { posts: listed } = await writer.list();
    const stale = listed.find((p) => p.slug === hand)!.version;
    writeFileSync(path.join(posts(), `${hand}.md`), read(hand).replace("title:", "title:"), "utf8");
    const first = await writer.update(hand, post(), stale);
    expect(first.ok).toBe(true);
    const text = read(hand);
    const update = await writer.update(hand, post({ title: "Lost Update" }), stale);
    const remove = await writer.remove(hand, stale);
    expect([update.ok || update.status, remove.ok || remove.status]).toEqual([412, 412]);
    expect(read(hand)).toBe(text);
  });

  it("a delete removes the file; a second one is 404", async () => {
    const writer = localBlogWriter(root);
    expect((await writer.remove(hand)).ok).toBe(true);
    expect(existsSync(path.join(posts(), `${hand}.md`))).toBe(false);
    const again = await writer.remove(hand);
    expect(again.ok || again.status).toBe(404);
    await expectCheckerClean();
  });
});

describe("path traversal", () => {
  it.each(["../taxonomy", "..", "../../package", "a/b", "Core-Web-Vitals", "", "x.md", "%2e%2e"])("the slug %j is 404 and touches nothing", async (slug) => {
    const before = snapshot();
    const packageJson = readFileSync("package.json", "utf8");
    const writer = localBlogWriter(root);
    const update = await writer.update(slug, post());
    const remove = await writer.remove(slug);
    expect([update.ok || update.status, remove.ok || remove.status]).toEqual([404, 404]);
    expect(snapshot()).toEqual(before);
    expect(readFileSync("package.json", "utf8")).toBe(packageJson);
  });
});

describe("a crash mid-write", () => {
  const slug = "core-web-vitals-field-guide";
  const temps = () => readdirSync(posts()).filter((f) => f.endsWith(".tmp"));

  it("a failing rename leaves the original file intact and no temporary file", async () => {
    const original = read(slug);
    const fs: WriterFs = { ...fsp, rename: async () => Promise.reject(Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" })) };
    await expect(localBlogWriter(root, { fs }).update(slug, post({ title: "Half Written" }))).rejects.toThrow(/EIO/);
    expect(read(slug)).toBe(original);
    expect(temps()).toEqual([]);
  });

  it("a failing flush (disk full) leaves the original intact and no temporary file", async () => {
    const original = read(slug);
    const fs: WriterFs = {
      ...fsp,
      open: (async (file: string, flags?: string, mode?: number) => {
        const handle = await fsp.open(file, flags, mode);
        if (String(file).endsWith(".tmp")) handle.sync = async () => Promise.reject(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }));
        return handle;
      }) as WriterFs["open"],
    };
    await expect(localBlogWriter(root, { fs }).update(slug, post({ title: "Half Written" }))).rejects.toThrow(/ENOSPC/);
    expect(read(slug)).toBe(original);
    expect(temps()).toEqual([]);
  });

  it("a failing create leaves no post and no temporary file", async () => {
    const before = snapshot();
    const fs: WriterFs = { ...fsp, link: async () => Promise.reject(Object.assign(new Error("EIO: i/o error, link"), { code: "EIO" })) };
    await expect(localBlogWriter(root, { fs }).create(post({ tags: ["Performance"] }))).rejects.toThrow(/EIO/);
    expect(snapshot()).toEqual(before);
  });

  it("a temporary file a killed process left behind is ignored by readers and cleaned up later", async () => {
    const leftover = path.join(posts(), `.${slug}.md.0a1b2c3d4e5f.tmp`);
    writeFileSync(leftover, "---\ntitle: half");
    const writer = localBlogWriter(root);
    const { posts: listed, problems } = await writer.list();
    expect(listed).toHaveLength(readdirSync(posts()).filter((f) => f.endsWith(".md")).length);
    expect(problems).toEqual([]);
    await expectCheckerClean();
    expect(await writer.removeStaleTemps()).toEqual([]); // too recent: it may be a write in progress
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(leftover, old, old);
    expect(await writer.removeStaleTemps()).toEqual([path.relative(root, leftover)]);
    expect(existsSync(leftover)).toBe(false);
  });
});

describe("concurrent saves", () => {
  it("ten creates at once: ten files, every new tag kept, the checker accepts all", async () => {
    const writer = localBlogWriter(root);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => writer.create(post({ tags: [`Topic ${i}`, "Shared New Tag"] }))));
    expect(results.every((r) => r.ok)).toBe(true);
    const slugs = new Set(results.map((r) => (r.ok ? r.value.slug : "")));
    expect(slugs.size).toBe(10);
    const ids = new Set(results.map((r) => (r.ok ? r.value.id : "")));
    expect(ids.size).toBe(10);
    const taxonomy = JSON.parse(readFileSync(taxonomyFile(), "utf8")) as { tags: { slug: string }[] };
    const tags = taxonomy.tags.map((t) => t.slug);
    for (let i = 0; i < 10; i++) expect(tags).toContain(`topic-${i}`);
    expect(tags.filter((t) => t === "shared-new-tag")).toHaveLength(1);
    await expectCheckerClean();
  });

  it("two writers on the same root (two tabs) cannot lose each other's taxonomy additions", async () => {
    const [a, b] = [localBlogWriter(root), localBlogWriter(root)];
    const results = await Promise.all([a.create(post({ tags: ["Alpha Tag"] })), b.create(post({ tags: ["Beta Tag"] }))]);
    expect(results.every((r) => r.ok)).toBe(true);
    const tags = (JSON.parse(readFileSync(taxonomyFile(), "utf8")) as { tags: { slug: string }[] }).tags.map((t) => t.slug);
    expect(tags).toEqual(expect.arrayContaining(["alpha-tag", "beta-tag"]));
  });

  it("edits of one post from the same version: exactly one wins, the rest are told it changed", async () => {
    const writer = localBlogWriter(root);
    const slug = "core-web-vitals-field-guide";
    const version = (await writer.list()).posts.find((p) => p.slug === slug)!.version;
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => writer.update(slug, post({ title: `Edit number ${i}` }), version)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.status)).toEqual([412, 412, 412, 412]);
    const winner = results.find((r) => r.ok)!;
    expect(winner.ok && frontmatter(slug).title).toBe(winner.ok && winner.value.title);
  });
});

describe("the list", () => {
  it("reports a file that cannot be read instead of dropping it silently", async () => {
    writeFileSync(path.join(posts(), "broken-post.md"), "---\ntitle: [unclosed\n---\nText\n");
    const { posts: listed, problems } = await localBlogWriter(root).list();
    expect(listed.some((p) => p.slug === "broken-post")).toBe(false);
    expect(problems).toEqual([expect.objectContaining({ file: "content/blog/posts/broken-post.md", title: "Invalid frontmatter" })]);
  });

  it("lists drafts too, newest first, with category counts", async () => {
    const writer = localBlogWriter(root, { now: () => new Date(2099, 0, 1) });
    await writer.create(post({ title: "From the Future", status: "draft", category: "security" }));
    const listing = await writer.list();
    expect(listing.posts[0]).toMatchObject({ title: "From the Future", status: "draft", categoryName: "Security", author: "Arjun Mehta" });
    const security = listing.categories.find((c) => c.slug === "security")!;
    expect(security.count).toBe(listing.posts.filter((p) => p.category === "security").length);
  });
});
