/**
 * The blog admin in studio mode (issue 25): local blog posts are one more document of the
 * studio's pipeline, against the real app on both databases with the content in a git
 * repository of its own. A post's draft is kept as one types without touching its file; an
 * editor publishes it (and creates and deletes posts) as a commit naming the person; a
 * contributor cannot; a draft whose post changed since it began is refused with the changes
 * in words, never overwriting; and a post has its history and restore like a page.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import type { StudioPostListing } from "../../src/admin/model.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const POST = "content/blog/posts/accessible-forms-checklist.md";
const TAXONOMY = "content/blog/taxonomy.json";
/** A locale's own post (docs/i18n.md), and the default locale's post it translates. */
const HI_POST = "content/blog/posts/hi/core-web-vitals-field-guide.md";
const POST_EN_OF_HI = "content/blog/posts/core-web-vitals-field-guide.md";
const body = (response: { body: string }) => JSON.parse(response.body);
const refusal = (response: LightMyRequestResponse) => `${response.statusCode} ${body(response).error?.code}`;

type ListedPost = StudioPostListing["posts"][number];

describe.each(databaseTargets())("blog posts in the studio on $name", (target) => {
  if (!target.available) {
    test.skip("PostgreSQL binaries not found (see the message above)", () => undefined);
    return;
  }
  const s = studioPublishing(target);
  const { person, read, head, git } = s;
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, session: string, payload?: unknown) =>
    studio(s.t, method, url, { session, ...(payload !== undefined && { body: payload }) });
  const listing = async (session: string) => body(await call("GET", "/api/studio/posts", session)) as { posts: ListedPost[] };
  const post = async (session: string, file = POST) => (await listing(session)).posts.find((p) => p.file === file)!;
  /** What the form edits of a listed post: the draft's data. */
  const fields = ({ title, excerpt, content, author, category, tags, status, featured }: ListedPost) => ({ title, excerpt, content, author, category, tags, status, featured });

  test("a contributor lists the posts, keeps a draft as they type, and the post's file is not touched", async () => {
    const carl = await person("contributor", "Carl Mendes");
    const listed = await post(carl.session);
    expect(listed).toMatchObject({ file: POST, slug: "accessible-forms-checklist", version: versionOf(read(POST)), draft: null });
    const text = read(POST);
    const saved = await call("PUT", "/api/studio/drafts", carl.session, { file: POST, base: listed.version, data: { ...fields(listed), title: "Accessible forms, checked" } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(carl.session)).draft).toEqual({ by: { name: "Carl Mendes" }, at: expect.any(String) });
    expect(body(await call("GET", `/api/studio/drafts?file=${POST}`, carl.session)).draft.data.title).toBe("Accessible forms, checked");
    expect(read(POST)).toBe(text);
    // Not a page: the page editor's listing does not take it for a new page.
    expect(body(await call("GET", "/api/studio/documents", carl.session)).newPages).toEqual([]);
  });

  test("a contributor cannot publish, create or delete a post: 403, nothing written", async () => {
    const carl = await person("contributor", "Carl Mendes");
    const listed = await post(carl.session);
    const commits = head();
    expect(refusal(await call("POST", "/api/studio/publish", carl.session, { file: POST, base: listed.version, data: { ...fields(listed), title: "Mine" } }))).toBe("403 StudioForbidden");
    expect(refusal(await call("POST", "/api/studio/posts/delete", carl.session, { file: POST, base: listed.version }))).toBe("403 StudioForbidden");
    expect(head()).toBe(commits);
    expect(existsSync(path.join(s.root, POST))).toBe(true);
  });

  test("a contributor's new post is a draft listed after the posts with no version, and an editor's publish creates its file", async () => {
    const carl = await person("contributor", "Carl Mendes");
    const file = "content/blog/posts/notes-from-carl.md";
    const data = { title: "Notes from Carl", excerpt: "", content: "A first paragraph.", author: "Carl Mendes", category: "", tags: [], status: "published", featured: false };
    const kept = await call("PUT", "/api/studio/drafts", carl.session, { file, base: null, data });
    expect(kept.statusCode, kept.body).toBe(200);
    const posts = (await listing(carl.session)).posts;
    expect(posts.at(-1)).toMatchObject({ file, slug: "notes-from-carl", title: "Notes from Carl", version: "", draft: { by: { name: "Carl Mendes" } } });
    expect(existsSync(path.join(s.root, file))).toBe(false);

    const asha = await person("editor", "Asha Rao");
    const published = await call("POST", "/api/studio/publish", asha.session, { file, base: null, data });
    expect(published.statusCode, published.body).toBe(200);
    expect(existsSync(path.join(s.root, file))).toBe(true);
    expect(git("log", "-1", "--format=%an|%s")).toBe("Asha Rao|Add post /blog/notes-from-carl");
    const listed = (await listing(asha.session)).posts.filter((p) => p.file === file);
    expect(listed).toEqual([expect.objectContaining({ version: versionOf(read(file)), title: "Notes from Carl" })]);
  });

  test("an editor publishes a post's draft: the file written, committed with a new tag in one commit naming them, the draft's rebuild asked for", async () => {
    const asha = await person("editor", "Asha Rao");
    const listed = await post(asha.session);
    const rebuilds = s.rebuilds;
    const answer = await call("POST", "/api/studio/publish", asha.session, { file: POST, base: listed.version, data: { ...fields(listed), title: "The accessible forms checklist, 2026", tags: [...listed.tags, "Forms 2026"] } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(body(answer)).toEqual({ version: versionOf(read(POST)), commit: head(), live: "pending" });
    expect(read(POST)).toMatch(/^title: "?The accessible forms checklist, 2026"?$/m);
    expect(git("log", "-1", "--format=%an <%ae>|%s")).toBe(`Asha Rao <${asha.account.email}>|Edit post /blog/accessible-forms-checklist: Title, Tags`);
    expect(git("show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([POST, TAXONOMY]);
    expect(read(TAXONOMY)).toContain('"name": "Forms 2026"');
    expect(git("status", "--porcelain")).toBe("");
    await vi.waitFor(() => expect(s.rebuilds).toBe(rebuilds + 1));
    expect((await post(asha.session)).tags).toContain("Forms 2026");
  });

  test("a draft whose post was published since it began is refused 409 with what changed, in words; nothing overwritten", async () => {
    const asha = await person("editor", "Asha Rao");
    const ben = await person("editor", "Ben Okafor");
    const begun = await post(asha.session);
    expect((await call("POST", "/api/studio/publish", ben.session, { file: POST, base: begun.version, data: { ...fields(begun), title: "Ben's title" } })).statusCode).toBe(200);
    const commits = head();
    const text = read(POST);
    const stale = await call("POST", "/api/studio/publish", asha.session, { file: POST, base: begun.version, data: { ...fields(begun), title: "Asha's title" } });
    expect(refusal(stale)).toBe("409 StudioChangedSince");
    expect(body(stale).changes).toContainEqual(expect.objectContaining({ before: begun.title, after: "Ben's title" }));
    expect(read(POST)).toBe(text);
    expect(head()).toBe(commits);
    // Deleting from the old version is refused the same way.
    expect(refusal(await call("POST", "/api/studio/posts/delete", asha.session, { file: POST, base: begun.version }))).toBe("409 StudioChangedSince");
    expect(read(POST)).toBe(text);
  });

  test("a post the checks refuse is 422 with the field's message, nothing written or committed", async () => {
    const asha = await person("editor", "Asha Rao");
    const listed = await post(asha.session);
    const commits = head();
    const text = read(POST);
    const refused = await call("POST", "/api/studio/publish", asha.session, { file: POST, base: listed.version, data: { ...fields(listed), content: "# A second page title" } });
    expect(refusal(refused)).toBe("422 PostInvalid");
    expect(body(refused).fields.content).toMatch(/## for section headings/);
    expect(read(POST)).toBe(text);
    expect(head()).toBe(commits);
  });

  test("an editor creates a post at a new address and deletes it, each a commit; an address taken is refused", async () => {
    const asha = await person("editor", "Asha Rao");
    const file = "content/blog/posts/studio-news.md";
    const listed = await post(asha.session);
    const data = { ...fields(listed), title: "Studio news", content: "The studio now edits the blog.", excerpt: "" };
    const created = await call("POST", "/api/studio/publish", asha.session, { file, base: null, data });
    expect(created.statusCode, created.body).toBe(200);
    expect(git("log", "-1", "--format=%s")).toBe("Add post /blog/studio-news");
    const fresh = await post(asha.session, file);
    expect(fresh).toMatchObject({ title: "Studio news", excerpt: "The studio now edits the blog." });
    expect(refusal(await call("POST", "/api/studio/publish", asha.session, { file, base: null, data }))).toBe("409 StudioFileExists");

    const deleted = await call("POST", "/api/studio/posts/delete", asha.session, { file, base: fresh.version });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(body(deleted)).toMatchObject({ commit: head(), live: "pending" });
    expect(git("log", "-1", "--format=%an|%s")).toBe("Asha Rao|Delete post /blog/studio-news");
    expect(existsSync(path.join(s.root, file))).toBe(false);
    expect(git("status", "--porcelain")).toBe("");
    // Sent again (its answer lost on the way): done already, no second commit; a version it never had is not found.
    const commits = head();
    expect(body(await call("POST", "/api/studio/posts/delete", asha.session, { file, base: fresh.version }))).toEqual({ version: "", commit: null, live: "live" });
    expect(head()).toBe(commits);
    expect(refusal(await call("POST", "/api/studio/posts/delete", asha.session, { file, base: "0123456789abcdef" }))).toBe("404 StudioDocumentNotFound");
  });

  test("a post's history lists its commits, tells the changes in words, and restore publishes an older version as a new commit", async () => {
    const asha = await person("editor", "Asha Rao");
    const first = await post(asha.session);
    expect((await call("POST", "/api/studio/publish", asha.session, { file: POST, base: first.version, data: { ...fields(first), title: "Before the restore" } })).statusCode).toBe(200);
    const history = body(await call("GET", `/api/studio/history?file=${POST}`, asha.session));
    expect(history.revisions[0]).toMatchObject({ author: { name: "Asha Rao" }, subject: "Edit post /blog/accessible-forms-checklist: Title" });
    const original = history.revisions.at(-1).rev;
    const changes = body(await call("GET", `/api/studio/history/changes?file=${POST}&rev=${original}`, asha.session)).changes;
    expect(changes).toContainEqual(expect.objectContaining({ after: "Before the restore" }));

    const commits = git("rev-list", "--count", "HEAD");
    const reverted = await call("POST", "/api/studio/revert", asha.session, { file: POST, rev: original });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(git("log", "-1", "--format=%s")).toMatch(/^Revert post \/blog\/accessible-forms-checklist to [0-9a-f]{7} \(\d{4}-\d{2}-\d{2}\)$/);
    expect(Number(git("rev-list", "--count", "HEAD"))).toBe(Number(commits) + 1);
    expect(read(POST)).toMatch(/^title: "?The Accessible Forms Checklist We Use on Every Project"?$/m);
  });

  test("a locale's own post is a document too: listed with its locale, kept as a draft, published as a commit naming it, with its history", async () => {
    const asha = await person("editor", "Asha Rao");
    const english = read(POST_EN_OF_HI);
    const listed = await post(asha.session, HI_POST);
    expect(listed).toMatchObject({ file: HI_POST, locale: "hi", slug: "core-web-vitals-field-guide", version: versionOf(read(HI_POST)), draft: null });
    // The default locale's post of the same slug is listed apart, with no locale.
    expect((await post(asha.session, POST_EN_OF_HI)).locale).toBeUndefined();

    const data = { ...fields(listed), title: "Core Web Vitals: नया शीर्षक" };
    const kept = await call("PUT", "/api/studio/drafts", asha.session, { file: HI_POST, base: listed.version, data });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await post(asha.session, HI_POST)).draft).toEqual({ by: { name: "Asha Rao" }, at: expect.any(String) });
    expect(read(HI_POST)).toMatch(/^title: "2025 में Core Web Vitals: एक व्यावहारिक गाइड"$/m);

    const published = await call("POST", "/api/studio/publish", asha.session, { file: HI_POST, base: listed.version, data });
    expect(published.statusCode, published.body).toBe(200);
    expect(read(HI_POST)).toMatch(/^title: "?Core Web Vitals: नया शीर्षक"?$/m);
    // Its featured image is kept (its Hindi alt text is the image's own: content/translations/hi/media/).
    expect(read(HI_POST)).toMatch(/asset: post-core-web-vitals-field-guide/);
    expect(read(POST_EN_OF_HI)).toBe(english);
    expect(git("log", "-1", "--format=%an|%s")).toBe("Asha Rao|Edit post /blog/core-web-vitals-field-guide in hi: Title");
    const history = body(await call("GET", `/api/studio/history?file=${HI_POST}`, asha.session));
    expect(history.revisions[0]).toMatchObject({ author: { name: "Asha Rao" }, subject: "Edit post /blog/core-web-vitals-field-guide in hi: Title" });
    expect(history.revisions.length).toBeGreaterThanOrEqual(2);
  });

  test("names that are not posts are 400", async () => {
    const asha = await person("editor", "Asha Rao");
    const notPosts = ["content/blog/posts/fr/core-web-vitals-field-guide.md", "content/blog/posts/hi/deeper/x.md", "content/blog/posts/en/x.md"];
    for (const file of ["content/blog/posts/../../../etc/passwd.md", "content/blog/posts/Not_A_Slug.md", "content/blog/taxonomy.json", "content/blog/posts/x.md/..", ...notPosts]) {
      expect(refusal(await call("PUT", "/api/studio/drafts", asha.session, { file, base: null, data: {} })), file).toBe("400 StudioNotADocument");
      expect(refusal(await call("POST", "/api/studio/posts/delete", asha.session, { file, base: "0123456789abcdef" })), file).toBe("400 StudioNotADocument");
    }
    expect(refusal(await call("POST", "/api/studio/previews", asha.session, { file: "content/blog/posts/../../../etc/passwd.md" }))).toBe("400 StudioNotADocument");
  });
});
