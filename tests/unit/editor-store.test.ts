/**
 * The editor store (src/editor/server/store.ts), which the studio's API reads, checks and
 * writes pages and collections through (server/studio/documents/kinds.ts), on a copy of the
 * site's content: lists, checks a draft as content:check would, writes the minimal diff, and
 * refuses what would break the site or is not its to write. The routes around it, their guard
 * and their attacks are the studio's (tests/contract/studio-publish.test.ts, studio-attacks).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { checkContent } from "../../src/runtime/content/check.ts";
import { editorStore, type StoreResult } from "../../src/editor/server/store.ts";

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "editor-store-"));
  cpSync("content", path.join(root, "content"), { recursive: true });
  cpSync("public/blog", path.join(root, "public/blog"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const newStore = () => editorStore({ root });
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const about = "content/pages/about.json";

function value<T>(result: StoreResult<T>): T {
  if (!result.ok) throw new Error(`Refused: ${result.error.code}`);
  return result.value;
}
function refusal<T>(result: StoreResult<T>) {
  if (result.ok) throw new Error("Not refused");
  return result;
}

async function open(store: ReturnType<typeof newStore>, file: string) {
  return value(await store.open(file)) as unknown as { data: Record<string, unknown> & { blocks: Record<string, unknown>[] }; version: string; text: string };
}

describe("the editor store", () => {
  it("lists every page by path with its error count, and every collection", async () => {
    const store = newStore();
    const res = await store.list();
    const listing = res as unknown as { pages: { file: string; path: string; title: string; errors: number }[]; collections: { name: string }[] };
    expect(listing.pages).toContainEqual({ file: about, path: "/about", title: "About Us", errors: 0, progress: [{ locale: "hi", translated: expect.any(Number), total: expect.any(Number), percent: 100, stale: 0 }] });
    expect(listing.pages.map((p) => p.path)).toEqual([...listing.pages.map((p) => p.path)].sort((a, b) => a.localeCompare(b)));
    expect(listing.collections.map((c) => c.name)).toEqual(expect.arrayContaining(["services", "faqs", "redirects", "forms"]));
    expect(listing.collections.map((c) => c.name)).not.toContain("legal");
  });

  it("checks a draft with the whole site: the same errors as content:check, located in the draft's text", async () => {
    const store = newStore();
    const { data } = await open(store, about);
    const cta = data.blocks.findIndex((b) => b.type === "cta");
    (data.blocks[cta]!.actions as { href?: string }[])[0]!.href = "/contcat";
    const res = await store.check(about, data);
    const { errors, introduced } = value(res);
    expect(introduced).toEqual([expect.objectContaining({ code: "BrokenLink", file: about, pointer: `/blocks/${cta}/actions/0/href`, message: "No page or redirect has the path /contcat.", hint: "Did you mean /contact?" })]);
    // content:check on the same files, with the draft written, reports exactly that.
    writeFileSync(path.join(root, about), `${JSON.stringify(data, null, 2)}\n`);
    const cli = await checkContent({ root });
    expect(cli.errors.map((e) => [e.code, e.file, e.pointer, e.message, e.hint])).toEqual(errors.map((e) => [e.code, e.file, e.pointer, e.message, e.hint]));
  });

  it("saves one changed field as one changed line, keeping $schema, key order and layout", async () => {
    const store = newStore();
    const before = read(about);
    const { data, version } = await open(store, about);
    data.blocks[0]!.title = "Engineers who care";
    const res = await store.save(about, data, version);
    expect(res.ok).toBe(true);
    const after = read(about);
    const changed = after.split("\n").filter((line, i) => line !== before.split("\n")[i]);
    expect(changed).toEqual(['      "title": "Engineers who care",']);
    expect(value(res).version).not.toBe(version);
  });

  it("refuses a save based on an older version (the file changed on disk), and overwrites nothing", async () => {
    const store = newStore();
    const { data, version } = await open(store, about);
    const elsewhere = read(about).replace("About Arcbyte", "About us, from git");
    writeFileSync(path.join(root, about), elsewhere);
    data.blocks[0]!.title = "Mine";
    const res = await store.save(about, data, version);
    expect(refusal(res).status).toBe(412);
    expect(refusal(res).error.code).toBe("EditorChangedOnDisk");
    expect(read(about)).toBe(elsewhere);
  });

  it("refuses a save with errors, listing them, and a save that would break another file", async () => {
    const store = newStore();
    const { data, version } = await open(store, about);
    const original = read(about);
    data.blocks[0]!.title = "";
    let res = await store.save(about, data, version);
    expect(refusal(res).status).toBe(422);
    expect(refusal(res).errors).toEqual([expect.objectContaining({ code: "EmptyValue", pointer: "/blocks/0/title" })]);
    // Moving /about away breaks the links to it elsewhere (the site settings' navigation).
    data.blocks[0]!.title = "Fine";
    data.path = "/about-us";
    res = await store.save(about, data, version);
    expect(refusal(res).status).toBe(422);
    expect(refusal(res).errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: "BrokenLink", file: "content/site.json", message: "No page or redirect has the path /about." })]));
    expect(read(about)).toBe(original);
  });

  it("creates a page only where none exists, and writes it like the others", async () => {
    const store = newStore();
    const file = "content/pages/case-studies.json";
    const data = { $schema: "../../schemas/json/page.schema.json", path: "/case-studies", meta: { title: "Case Studies", description: "What we built." }, blocks: [{ type: "hero", title: "Case studies", subtitle: "Projects we are proud of." }] };
    const created = await store.save(file, data, null);
    expect(created.ok).toBe(true);
    expect(JSON.parse(read(file))).toEqual(data);
    expect(read(file)).toMatch(/^\{\n {2}"\$schema": "\.\.\/\.\.\/schemas\/json\/page\.schema\.json",\n/);
    const again = await store.save(file, data, null);
    expect(refusal(again).status).toBe(409);
    expect(refusal(again).error.code).toBe("EditorFileExists");
  });

  it("deletes a page only when nothing links to it, listing every link otherwise", async () => {
    const store = newStore();
    const { version } = await open(store, about);
    const refused = await store.remove(about, version);
    expect(refusal(refused).status).toBe(409);
    expect(refusal(refused).error.code).toBe("EditorPageLinked");
    const links = refusal(refused).errors as { code: string; file: string; label: string }[];
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.code === "BrokenLink")).toBe(true);
    expect(links.map((l) => l.file)).toContain("content/site.json");
    expect(existsSync(path.join(root, about))).toBe(true);

    const lonely = "content/pages/lonely.json";
    writeFileSync(path.join(root, lonely), JSON.stringify({ path: "/lonely", meta: { title: "Lonely", description: "Nobody links here." }, blocks: [{ type: "hero", title: "Alone", subtitle: "Quite." }] }, null, 2));
    const { version: lonelyVersion } = await open(store, lonely);
    const deleted = await store.remove(lonely, lonelyVersion);
    expect(deleted.ok).toBe(true);
    expect(existsSync(path.join(root, lonely))).toBe(false);
  });

  it("saves the site settings' one changed line, and refuses a brand colour white text cannot be read on, and a footer link to no page, at their fields", async () => {
    const store = newStore();
    const settings = "content/site.json";
    const opened = (await open(store, settings)) as unknown as { data: typeof site; version: string; text: string };
    const pale = { ...opened.data, theme: { ...opened.data.theme, brand: "#93b4fd" } };
    const refused = refusal(await store.save(settings, pale, opened.version));
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([expect.objectContaining({ code: "LowContrastColour", file: settings, pointer: "/theme/brand" })]);
    const broken = structuredClone(opened.data);
    broken.footer.quickLinks[0]!.href = "/nowhere";
    expect(refusal(await store.save(settings, broken, opened.version)).errors).toEqual([expect.objectContaining({ code: "BrokenLink", file: settings, pointer: "/footer/quickLinks/0/href" })]);
    expect(read(settings)).toBe(opened.text);

    const phoned = { ...opened.data, contact: { ...opened.data.contact, phone: "+91 98290 55555" } };
    value(await store.save(settings, phoned, opened.version));
    const changed = read(settings).split("\n").filter((line, i) => line !== opened.text.split("\n")[i]);
    expect(changed).toEqual(['    "phone": "+91 98290 55555",']);
  });

  it("edits only pages, JSON collections and the site settings: not legal Markdown, not paths outside content", async () => {
    const store = newStore();
    for (const file of ["site.config.ts", "content/legal/privacy.md", "content/pages/../../package.json", "content/collections/legal.json", "/etc/passwd"]) {
      const res = await store.save(file, {}, "x");
      expect(refusal(res).status, file).toBe(404);
      expect(refusal(res).error.code).toBe("EditorNotEditable");
    }
  });
});
