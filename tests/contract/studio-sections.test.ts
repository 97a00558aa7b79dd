/**
 * Reusable sections through the studio's API (the real app on SQLite, the content in a git
 * repository of its own): a section is published as a document of its own, pages place it, the
 * editor's context says where it is used, and deleting it is refused while a page places it,
 * with every place listed; nothing is written or committed then. A block saved as a section takes
 * its translations into the section's own file.
 */
import { versionOf } from "../../src/editor/server/store.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
import { readContent } from "../../src/runtime/content/read.ts";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const SECTION = "content/sections/closing-cta.json";
const ABOUT = "content/pages/about.json";
const CAREERS = "content/pages/careers.json";
const body = (response: { body: string }) => JSON.parse(response.body);

const studioApp = studioPublishing(databaseTargets()[0]!);
const { person, draftOf, read, head, git } = studioApp;
const publish = (session: string, payload: unknown) => studio(studioApp.t, "POST", "/api/studio/publish", { session, body: payload });

test("a section placed on two pages: listed with where it is used, its deletion refused with both pages until no page places it", async () => {
  const asha = await person("editor", "Asha Rao");
  const section = { $schema: "../../schemas/json/section.schema.json", name: "Talk to an engineer", blocks: [{ type: "cta", key: "cta", title: "Talk to an engineer", text: "Tell us what you are building.", actions: [{ label: "Contact us", href: "/contact" }] }] };
  const created = await publish(asha.session, { file: SECTION, base: null, data: section });
  expect(created.statusCode, created.body).toBe(200);
  expect(git("log", "-1", "--format=%s")).toBe("Add section closing-cta");

  // A reference to a section that does not exist is the checker's located refusal.
  const about = draftOf(ABOUT);
  about.data.blocks.push({ type: "section", key: "closing", section: "closing-ct" });
  const typo = await publish(asha.session, { file: ABOUT, ...about });
  expect(`${typo.statusCode} ${body(typo).error.code}`).toBe("422 StudioHasErrors");
  expect(body(typo).errors).toEqual([expect.objectContaining({ code: "UnknownSection", file: ABOUT, pointer: `/blocks/${about.data.blocks.length - 1}/section`, hint: 'Did you mean "closing-cta"?' })]);

  for (const file of [ABOUT, CAREERS]) {
    const draft = draftOf(file);
    draft.data.blocks.push({ type: "section", key: "closing", section: "closing-cta" });
    const placed = await publish(asha.session, { file, ...draft });
    expect(placed.statusCode, placed.body).toBe(200);
  }
  const context = body(await studio(studioApp.t, "GET", "/api/studio/context", { session: asha.session }));
  expect(context.sections.find((s: { id: string }) => s.id === "closing-cta")).toEqual(
    expect.objectContaining({ file: SECTION, id: "closing-cta", name: "Talk to an engineer", errors: 0, usedOn: [expect.objectContaining({ file: ABOUT, path: "/about" }), expect.objectContaining({ file: CAREERS, path: "/careers" })] }),
  );

  const commits = head();
  const refused = await publish(asha.session, { file: SECTION, base: versionOf(read(SECTION)), data: null });
  expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 EditorSectionUsed");
  expect(body(refused).error.message).toBe("This section is placed on 2 pages, so it was not deleted.");
  expect(body(refused).errors.map((e: { file: string; pointer: string }) => [e.file, e.pointer])).toEqual([
    [ABOUT, `/blocks/${draftOf(ABOUT).data.blocks.length - 1}/section`],
    [CAREERS, `/blocks/${draftOf(CAREERS).data.blocks.length - 1}/section`],
  ]);
  expect(read(SECTION)).toBeTruthy();
  expect(head()).toBe(commits);

  // Detached (or removed) everywhere, it goes.
  for (const file of [ABOUT, CAREERS]) {
    const draft = draftOf(file);
    draft.data.blocks.pop();
    expect((await publish(asha.session, { file, ...draft })).statusCode).toBe(200);
  }
  const removed = await publish(asha.session, { file: SECTION, base: versionOf(read(SECTION)), data: null });
  expect(removed.statusCode, removed.body).toBe(200);
  expect(git("show", "--name-status", "--format=%s", "HEAD")).toBe(`Delete section closing-cta\n\nD\t${SECTION}`);
});

test("a contributor cannot delete a section, and a section file outside content/sections/ is not a document", async () => {
  const ravi = await person("contributor", "Ravi Kumar");
  const refused = await publish(ravi.session, { file: SECTION, base: "0".repeat(16), data: null });
  expect(refused.statusCode).toBe(403);
  const asha = await person("editor", "Asha Rao");
  const outside = await publish(asha.session, { file: "content/sections/../pages/x.json", base: null, data: { name: "x", blocks: [] } });
  expect(`${outside.statusCode} ${body(outside).error.code}`).toBe("400 StudioNotADocument");
});

test("a block saved as a section takes its translations along: copied into the section's file as it is made, dropped from the page's once the page places it, no orphan left", async () => {
  const asha = await person("editor", "Asha Rao");
  const SERVICES = "content/pages/services.json";
  const SERVICES_HINDI = "content/translations/hi/pages/services.json";
  const services = draftOf(SERVICES);
  const cta = services.data.blocks.find((b: { type: string }) => b.type === "cta");
  const hindi = JSON.parse(read(SERVICES_HINDI)).blocks.cta;
  expect(hindi).toBeDefined();

  const made = await publish(asha.session, { file: "content/sections/start-your-project.json", base: null, data: { name: "Start your project", blocks: [cta] } });
  expect(made.statusCode, made.body).toBe(200);
  expect(git("show", "--name-only", "--format=%s", "HEAD").split("\n").filter(Boolean).sort()).toEqual(["Add section start-your-project", "content/sections/start-your-project.json", "content/translations/hi/sections/start-your-project.json"].sort());
  expect(JSON.parse(read("content/translations/hi/sections/start-your-project.json")).blocks).toEqual({ cta: hindi });
  expect(JSON.parse(read(SERVICES_HINDI)).blocks.cta).toEqual(hindi); // the page still shows its own block until it is published

  services.data.blocks = services.data.blocks.map((b: { type: string; key: string }) => (b.type === "cta" ? { type: "section", key: b.key, section: "start-your-project" } : b));
  const placed = await publish(asha.session, { file: SERVICES, ...services });
  expect(placed.statusCode, placed.body).toBe(200);
  expect(git("show", "--name-only", "--format=", "HEAD").split("\n").filter(Boolean).sort()).toEqual([SERVICES, SERVICES_HINDI]);
  expect(JSON.parse(read(SERVICES_HINDI)).blocks.cta).toBeUndefined();
  const { warnings, pages } = await checkSite(await readContent(studioApp.root));
  expect(warnings.filter((w) => w.file === SERVICES_HINDI)).toEqual([]);
  expect(pages.get("/hi/services")!.blocks.map((b) => b.props.title)).toContain(hindi.title.text);
});
