/**
 * Front matter (src/content-files/frontmatter.ts), the one reader behind legal documents,
 * blog posts and the blog admin: only YAML, never code; a YAML mistake is reported at the
 * line and column where it was made, the same in a legal document as in a post.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { localBlogWriter } from "../../server/studio/documents/posts.ts";
import { checkLocalBlog } from "../../src/blog/local-check.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import { readFrontMatter, writeFrontMatter } from "../../src/content-files/frontmatter.ts";
import { checkFixture } from "./site-fixture.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The checker's errors for a legal document and for a blog post with this text. */
async function legalErrors(text: string): Promise<ContentError[]> {
  return (await checkFixture({ files: { "content/legal/privacy.md": text } })).errors.filter((e) => e.file === "content/legal/privacy.md");
}
let blogRoot: string;
beforeAll(() => {
  blogRoot = mkdtempSync(path.join(os.tmpdir(), "frontmatter-blog-"));
  cpSync(path.join(ROOT, "content/blog/taxonomy.json"), path.join(blogRoot, "content/blog/taxonomy.json"));
});
afterAll(() => rmSync(blogRoot, { recursive: true, force: true }));
async function postErrors(text: string): Promise<ContentError[]> {
  rmSync(path.join(blogRoot, "content/blog/posts"), { recursive: true, force: true });
  cpSync(path.join(ROOT, "content/blog/taxonomy.json"), path.join(blogRoot, "content/blog/taxonomy.json"));
  const posts = path.join(blogRoot, "content/blog/posts");
  mkdirSync(posts, { recursive: true });
  writeFileSync(path.join(posts, "broken-post.md"), text);
  return (await checkLocalBlog(blogRoot, { drafts: true })).errors.filter((e) => e.file.startsWith("content/blog/posts/"));
}

const legal = (lines: string[]) => ["---", "title: Privacy Policy", ...lines, "lastUpdated: 2024-01-15", "---", "", "The text.", ""].join("\n");
const post = (lines: string[]) => ["---", "title: Caching at the edge", ...lines, "date: 2025-01-15", "author: arjun-mehta", "category: web-development", "---", "", "The text.", ""].join("\n");

describe("a YAML mistake is reported where it was made, by both readers alike", () => {
  // Each mistake sits on line 3 of the file, in both kinds of file.
  test.each([
    ["a value holding a colon and a space", ["summary: How we handle: your data"], "excerpt: How we handle: your data", 3, 23],
    ["a line indented with a tab", ["summary: ok", "\tkeywords: x"], "excerpt: ok\n\tkeywords: x", 4, 1],
    ["the same key twice", ["title: Again"], "title: Again", 3, 1],
    ["a list item indented less than the one before", ["items:", "  - a", " - b"], "tags:\n  - react\n - typescript", 5, 1],
    ["a bracket list never closed (noticed only on the next line)", ["what: [unfinished"], "tags: [react, performance", 3, 7],
    ["a quote never closed", ['summary: "Half a sentence'], 'excerpt: "Half a sentence', 3, 10],
    ["a JavaScript tag, which only code-running loaders know", ["summary: !!js/function 'function () {}'"], "excerpt: !!js/function 'function () {}'", 3, 10],
  ])("%s", async (_name, legalLines, postLines, line, column) => {
    const inLegal = await legalErrors(legal(legalLines));
    const inPost = await postErrors(post(postLines.split("\n")));
    expect(inLegal).toEqual([expect.objectContaining({ title: "Invalid frontmatter", line, column })]);
    expect(inPost).toEqual([expect.objectContaining({ title: "Invalid frontmatter", line, column })]);
    expect(inPost[0]!.message).toBe(inLegal[0]!.message);
  });
});

describe("only YAML is read, never code", () => {
  const javascript = ["---js", "{ title: (globalThis.__frontMatterRan = 'yes'), summary: 'x', lastUpdated: '2024-01-15' }", "---", "", "Text.", ""].join("\n");
  afterEach(() => {
    expect((globalThis as { __frontMatterRan?: string }).__frontMatterRan).toBeUndefined();
  });

  test("---js front matter is no front matter: the legal reader reports it, runs nothing", async () => {
    expect(await legalErrors(javascript)).toEqual([expect.objectContaining({ title: "Missing frontmatter", line: 1, column: 1 })]);
  });

  test("the blog reader and the admin's reader run nothing either", async () => {
    expect(await postErrors(javascript)).toEqual([expect.objectContaining({ title: "Missing frontmatter" })]);
    const listing = await localBlogWriter(blogRoot).list();
    expect(listing.posts).toEqual([]);
    expect(listing.problems.filter((p) => p.file.startsWith("content/blog/posts/"))).toEqual([expect.objectContaining({ title: "Missing frontmatter" })]);
  });

  test("tags YAML libraries use to build objects are refused", () => {
    for (const yaml of ["title: !!js/undefined ''", "title: !!python/object:os.system ls", "title: !custom x"]) {
      expect(readFrontMatter(`---\n${yaml}\n---\nText`)).toMatchObject({ ok: false, problem: { kind: "invalid" } });
    }
  });

  test("__proto__ is an ordinary key, and pollutes nothing", () => {
    const result = readFrontMatter("---\n__proto__: { polluted: true }\ntitle: x\n---\nText");
    expect(result.ok && Object.keys(result.data)).toEqual(["__proto__", "title"]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("readFrontMatter", () => {
  test("data and the text after the closing line, with its offset", () => {
    const text = "---\ntitle: Hello\ndate: 2025-01-15\ntags: [a, b]\n---\n\n## Body\n";
    const result = readFrontMatter(text);
    expect(result).toEqual({ ok: true, data: { title: "Hello", date: "2025-01-15", tags: ["a", "b"] }, body: "\n## Body\n", bodyOffset: text.indexOf("\n## Body") });
  });

  test("YAML 1.2: dates stay text, yes and no are words", () => {
    expect(readFrontMatter("---\nd: 2024-01-15\ny: yes\nn: no\n---\n")).toMatchObject({ ok: true, data: { d: "2024-01-15", y: "yes", n: "no" } });
  });

  test("Windows line endings", () => {
    expect(readFrontMatter("---\r\ntitle: Hi\r\n---\r\nText\r\n")).toMatchObject({ ok: true, data: { title: "Hi" }, body: "Text\r\n" });
  });

  test("empty front matter is an empty object", () => {
    expect(readFrontMatter("---\n---\nText")).toMatchObject({ ok: true, data: {}, body: "Text" });
  });

  test("a block that is never closed, or is not key: value lines, is invalid where it starts or ends", () => {
    expect(readFrontMatter("---\ntitle: x\nText")).toEqual({ ok: false, problem: { kind: "unclosed", offset: 0 } });
    expect(readFrontMatter("---\n- a\n- b\n---\nText")).toEqual({ ok: false, problem: { kind: "invalid", reason: expect.stringContaining("key: value"), offset: 4 } });
    expect(readFrontMatter("Text\n---\ntitle: x\n---\n")).toMatchObject({ ok: false, problem: { kind: "missing", offset: 0 } });
  });

  test("what writeFrontMatter writes reads back exactly, however awkward the values", () => {
    const data = {
      title: 'Quotes " and \' and: colons',
      excerpt: "- looks like a list, # like a comment, [like a list], {like a map}, *like an alias",
      id: "1735689600000",
      date: "2025-01-15",
      words: ["yes", "no", "null", "true", "~", "0x1F", "1e3", "---"],
      hindi: "नमस्ते",
      featured: true,
    };
    const markdown = "---\nnot front matter\n---\n\n## A heading";
    const result = readFrontMatter(writeFrontMatter(data, markdown));
    expect(result.ok && result.data).toEqual(data);
    expect(result.ok && result.body.trim()).toBe(markdown);
  });
});
