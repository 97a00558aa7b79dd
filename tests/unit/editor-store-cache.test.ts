/**
 * The editor store's check after a save (src/editor/server/store.ts): a page's save is checked
 * with the whole site, and that check then stands for the site on disk, so the next save (the
 * studio's next publish) does not read and check the whole site again; a change on disk besides
 * the saved file (git, another process) does bring a whole-site check, and what it changed shows.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import site from "../../src/page/site-settings.ts";
import { checkContent, checkSite } from "../../src/runtime/content/check.ts";
import { editorStore, versionOf } from "../../src/editor/server/store.ts";

vi.mock("../../src/runtime/content/check.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/runtime/content/check.ts")>();
  return { ...actual, checkSite: vi.fn(actual.checkSite) };
});

const ABOUT = "content/pages/about.json";
const CONTACT = "content/pages/contact.json";
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "editor-store-cache-"));
  cpSync("content", path.join(root, "content"), { recursive: true });
  vi.mocked(checkSite).mockClear();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Checks that loaded every route's data: the whole site. */
const wholeSiteChecks = () => vi.mocked(checkSite).mock.calls.filter(([, options]) => !options?.loadRoute).length;

const retitled = (file: string, title: string) => {
  const text = readFileSync(path.join(root, file), "utf8");
  const data = JSON.parse(text) as { meta: { title: string } };
  data.meta.title = title;
  return { data, version: versionOf(text) };
};

async function save(store: ReturnType<typeof editorStore>, file: string, title: string) {
  const { data, version } = retitled(file, title);
  const saved = await store.save(file, data, version);
  expect(saved.ok).toBe(true);
}

it("a page saved twice: the site is checked whole once, and its errors are those a fresh check finds", async () => {
  const store = editorStore({ root });
  await save(store, ABOUT, "About us, once");
  await save(store, ABOUT, "About us, twice");
  const opened = await store.open(ABOUT);
  expect(wholeSiteChecks()).toBe(1);
  expect(opened.ok && opened.value.errors).toEqual((await checkContent({ root })).errors);
});

it("another file changed on disk after a save: the next save checks the whole site again, and lists the change", async () => {
  const store = editorStore({ root });
  await save(store, ABOUT, "About us, once");
  expect(wholeSiteChecks()).toBe(1);
  writeFileSync(path.join(root, CONTACT), JSON.stringify(retitled(CONTACT, "Contact, changed by git").data, null, 2));
  await save(store, ABOUT, "About us, twice");
  expect(wholeSiteChecks()).toBe(2);
  const listing = await store.list();
  expect(listing.pages.find((p) => p.file === CONTACT)?.title).toBe("Contact, changed by git");
});

it("another file changed on disk while a save was being checked: the next save checks the whole site again", async () => {
  const store = editorStore({ root });
  await store.list();
  const check = vi.mocked(checkSite).getMockImplementation()!;
  vi.mocked(checkSite).mockImplementationOnce(async (...args) => {
    writeFileSync(path.join(root, CONTACT), JSON.stringify(retitled(CONTACT, "Contact, changed meanwhile").data, null, 2));
    return check(...args);
  });
  await save(store, ABOUT, "About us, once");
  await save(store, ABOUT, "About us, twice");
  expect(wholeSiteChecks()).toBe(2);
  const listing = await store.list();
  expect(listing.pages.find((p) => p.file === CONTACT)?.title).toBe("Contact, changed meanwhile");
});
