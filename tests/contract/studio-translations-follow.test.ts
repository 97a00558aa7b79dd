/**
 * A page's (or a section's) translations follow it through the studio (the real app on SQLite,
 * the content in a git repository of its own): a publish that removes a block takes that
 * block's texts out of every translation in the same commit, and deleting a page takes its
 * translations with it. Before, the texts stayed behind: an orphaned translation the checker
 * warned of and no screen lists, or, for a deleted page, a translation of a page that does not
 * exist, an error that failed every build after it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { versionOf } from "../../src/editor/server/store.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
import { readContent } from "../../src/runtime/content/read.ts";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT = "content/pages/about.json";
const HI_ABOUT = "content/translations/hi/pages/about.json";
const SECTION = "content/sections/closing-call-to-action.json";
const HI_SECTION = "content/translations/hi/sections/closing-call-to-action.json";

const studioApp = studioPublishing(databaseTargets()[0]!);
const { person, draftOf, read, git } = studioApp;
const publish = (session: string, payload: unknown) => studio(studioApp.t, "POST", "/api/studio/publish", { session, body: payload });
const committed = () => git("show", "--name-status", "--format=%s", "HEAD").split("\n").filter(Boolean);
/** What the checker says of the content as published, about translations. */
async function translationFindings() {
  const { errors, warnings } = await checkSite(await readContent(studioApp.root));
  return [...errors, ...warnings].filter((e) => e.file.startsWith("content/translations/")).map((e) => `${e.code} ${e.file}`);
}

test("a block removed from a page takes its texts out of each translation, in the same commit; the others stay as they were", async () => {
  const asha = await person("editor", "Asha Rao");
  const before = JSON.parse(read(HI_ABOUT));
  expect(before.blocks.timeline).toBeDefined();
  const about = draftOf(ABOUT);
  about.data.blocks = about.data.blocks.filter((b: { key: string }) => b.key !== "timeline");
  const answer = await publish(asha.session, { file: ABOUT, ...about });
  expect(answer.statusCode, answer.body).toBe(200);

  expect(committed()).toEqual([expect.stringMatching(/^Edit page \/about/), `M\t${ABOUT}`, `M\t${HI_ABOUT}`]);
  const after = JSON.parse(read(HI_ABOUT));
  const { timeline: _gone, ...kept } = before.blocks;
  expect(after).toEqual({ ...before, blocks: kept });
  expect(await translationFindings()).toEqual([]);
});

test("a block removed from a section takes its texts out of the section's translations", async () => {
  const asha = await person("editor", "Asha Rao");
  const section = draftOf(SECTION);
  section.data.blocks.unshift({ type: "cta", key: "first", title: "Before the call to action", text: "One more word first.", actions: [{ label: "Contact us", href: "/contact" }] });
  const grew = await publish(asha.session, { file: SECTION, ...section });
  expect(grew.statusCode, grew.body).toBe(200);
  const grown = draftOf(SECTION);
  grown.data.blocks = grown.data.blocks.filter((b: { key: string }) => b.key !== "cta");
  const answer = await publish(asha.session, { file: SECTION, ...grown });
  expect(answer.statusCode, answer.body).toBe(200);

  expect(committed()).toEqual([expect.stringMatching(/^Edit section closing-call-to-action/), `M\t${SECTION}`, `M\t${HI_SECTION}`]);
  expect(JSON.parse(read(HI_SECTION)).blocks).toEqual({});
  expect(await translationFindings()).toEqual([]);
});

test("a page deleted takes its translations with it, in the same commit", async () => {
  const asha = await person("editor", "Asha Rao");
  const file = "content/pages/case-studies.json";
  const hindi = "content/translations/hi/pages/case-studies.json";
  const page = { $schema: "../../schemas/json/page.schema.json", path: "/case-studies", meta: { title: "Case Studies", description: "What we built." }, blocks: [{ type: "hero", key: "hero", title: "Case studies", subtitle: "Projects we are proud of." }] };
  expect((await publish(asha.session, { file, base: null, data: page })).statusCode).toBe(200);
  const translation = { $schema: "../../../../schemas/json/page-translation.schema.json", blocks: { hero: { title: { text: "केस स्टडी", source: "Case studies", hash: sourceHash("Case studies") } } } };
  const translated = await publish(asha.session, { file: hindi, base: null, data: translation });
  expect(translated.statusCode, translated.body).toBe(200);
  expect(existsSync(path.join(studioApp.root, hindi))).toBe(true);

  const removed = await publish(asha.session, { file, base: versionOf(read(file)), data: null });
  expect(removed.statusCode, removed.body).toBe(200);
  expect(committed()).toEqual(["Delete page /case-studies", `D\t${file}`, `D\t${hindi}`]);
  expect(existsSync(path.join(studioApp.root, hindi))).toBe(false);
  expect(await translationFindings()).toEqual([]);
});
