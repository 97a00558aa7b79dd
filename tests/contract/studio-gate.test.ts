/**
 * The publish gate through the studio's API, with the project's build rendering the drafts (the
 * real app on SQLite, the content in a git repository of its own): a page is read in each
 * language it is published in, a section on every page placing it (a section that breaks a page
 * is stopped, the page named), a collection on the pages showing its items; a translation of any
 * of these on the same pages in its language, the site settings' on a sample of its pages.
 */
import { ensureBuild, BUILD } from "../site-build.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const ABOUT = "content/pages/about.json";
const CAREERS = "content/pages/careers.json";
const SECTION = "content/sections/gate-check.json";
const VALUES = "content/collections/values.json";
const ABOUT_HI = "content/translations/hi/pages/about.json";
const CTA_HI = "content/translations/hi/sections/closing-call-to-action.json";
const VALUES_HI = "content/translations/hi/collections/values.json";
const SITE_HI = "content/translations/hi/site.json";
const HINDI = ", हिन्दी";
const body = (response: { body: string }) => JSON.parse(response.body);

// The build first: the studio's renderer is its renderer/.
beforeAll(() => ensureBuild());
const studioApp = studioPublishing(databaseTargets()[0]!, { buildDir: BUILD });
const { person, draftOf, read } = studioApp;
const publish = (session: string, payload: unknown) => studio(studioApp.t, "POST", "/api/studio/publish", { session, body: payload });
const gate = async (session: string, file: string, data: unknown) => body(await studio(studioApp.t, "POST", "/api/studio/publish/gate", { session, body: { file, data } })).gate;

test("a page's draft is read on its page in each language; a problem met in both is listed once", async () => {
  const asha = await person("editor", "Asha Rao");
  const about = draftOf(ABOUT);
  const clean = await gate(asha.session, ABOUT, about.data);
  expect(clean).toMatchObject({ blocking: 0, pages: ["About Us (/about)", "About Us (/hi/about), हिन्दी"], snippet: expect.objectContaining({ title: expect.stringContaining("About Us") }) });

  const withoutHero = { ...about.data, blocks: about.data.blocks.slice(1) };
  const stopped = await gate(asha.session, ABOUT, withoutHero);
  expect(stopped.findings.filter((f: { severity: string }) => f.severity === "error")).toEqual([expect.objectContaining({ code: "GateNoMainHeading" })]);
  expect(stopped.findings.every((f: { page?: string }) => f.page === undefined)).toBe(true);
  const refused = await publish(asha.session, { file: ABOUT, base: about.base, data: withoutHero });
  expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 PublishGateStopped");
  expect(versionOf(read(ABOUT))).toBe(about.base);
});

test("a page given another page's title and description, and taken out of search, is warned of each; warnings do not stop it", async () => {
  const asha = await person("editor", "Asha Rao");
  const careers = draftOf(CAREERS).data;
  const about = draftOf(ABOUT);
  const copied = { ...about.data, meta: { ...about.data.meta, title: careers.meta.title, description: careers.meta.description, noindex: true } };
  const report = await gate(asha.session, ABOUT, copied);
  expect(report.blocking).toBe(0);
  expect(report.findings.map((f: { code: string; severity: string }) => `${f.severity} ${f.code}`)).toEqual(
    expect.arrayContaining(["warning GateLeftOutOfSearch", "warning GateDuplicateTitle", "warning GateDuplicateDescription"]),
  );
  expect(report.findings.find((f: { code: string }) => f.code === "GateDuplicateTitle").message).toContain("Careers");
});

test("a section is read on every page placing it: one that breaks a page is stopped, with the page named", async () => {
  const asha = await person("editor", "Asha Rao");
  const cards = { type: "card-grid", key: "promise", heading: { title: "Our promise" }, items: [{ title: "Senior people", text: "On every project." }] };
  const created = await publish(asha.session, { file: SECTION, base: null, data: { name: "Our promise", blocks: [cards] } });
  expect(created.statusCode, created.body).toBe(200);
  // Placed right under each page's main heading.
  for (const file of [ABOUT, CAREERS]) {
    const draft = draftOf(file);
    draft.data.blocks.splice(1, 0, { type: "section", key: "promise", section: "gate-check" });
    const placed = await publish(asha.session, { file, ...draft });
    expect(placed.statusCode, placed.body).toBe(200);
  }

  // Without its heading, the cards' headings come right after the page's main heading: a level skipped on both pages.
  const broken = { name: "Our promise", blocks: [{ ...cards, heading: undefined }] };
  const report = await gate(asha.session, SECTION, broken);
  expect(report.snippet).toBeUndefined();
  expect(report.pages).toEqual(expect.arrayContaining(["About Us (/about)", "Careers (/careers)"]));
  expect(report.findings).toEqual([expect.objectContaining({ code: "GateHeadingSkipped", severity: "error", text: "Senior people", page: "About Us (/about)" })]);
  const stopped = await publish(asha.session, { file: SECTION, base: versionOf(read(SECTION)), data: broken });
  expect(`${stopped.statusCode} ${body(stopped).error.code}`).toBe("409 PublishGateStopped");
  expect(body(stopped).gate.findings[0].page).toBe("About Us (/about)");
});

test("a collection's draft is read on the pages showing the item changed, and only those", async () => {
  const asha = await person("editor", "Asha Rao");
  const values = draftOf(VALUES);
  values.data.items[0].title = "Honest estimates, always";
  const report = await gate(asha.session, VALUES, values.data);
  expect(report).toMatchObject({ blocking: 0 });
  expect(report.pages).toContain("About Us (/about)");
  expect(report.pages.some((p: string) => p.includes("/careers"))).toBe(false);
});

test("an admin publishing over what the dialog's accessibility check found (axe runs in the browser) is kept in the audit log; an editor may not, and the list is bounded", async () => {
  const ada = await person("admin", "Ada Admin");
  const erin = await person("editor", "Erin Editor");
  const careers = draftOf(CAREERS);
  careers.data.meta.title = "Careers at Arcbyte";
  const accessibility = ["Images must have alternative text: “Team photo”"];
  const override = { reason: "The photo gets its alt text in the next change.", accessibility };
  const byEditor = await publish(erin.session, { file: CAREERS, ...careers, override });
  expect(`${byEditor.statusCode} ${body(byEditor).error.code}`).toBe("403 PublishOverrideNotAllowed");
  const tooMany = await publish(ada.session, { file: CAREERS, ...careers, override: { ...override, accessibility: Array.from({ length: 51 }, (_, i) => `Problem ${i}`) } });
  expect(tooMany.statusCode).toBe(400);
  expect(versionOf(read(CAREERS))).toBe(careers.base);

  const published = await publish(ada.session, { file: CAREERS, ...careers, override });
  expect(published.statusCode, published.body).toBe(200);
  const log = body(await studio(studioApp.t, "GET", "/api/studio/audit?action=publish.override", { session: ada.session }));
  expect(log.entries[0]).toMatchObject({ target: CAREERS, detail: { reason: override.reason, problems: [], accessibility } });
  // Without any finding, an override is no override: nothing written to the log.
  const again = draftOf(CAREERS);
  again.data.meta.title = "Careers";
  expect((await publish(ada.session, { file: CAREERS, ...again, override: { reason: "Nothing to pass over here." } })).statusCode).toBe(200);
  expect(body(await studio(studioApp.t, "GET", "/api/studio/audit?action=publish.override", { session: ada.session })).entries).toHaveLength(1);
});

test("a page's translation is read on its page in that language: a link and a main heading left blank are stopped, named with the page and language; an admin may publish anyway, in the audit log", async () => {
  const asha = await person("editor", "Asha Rao");
  const ada = await person("admin", "Ada Admin");
  const hindi = draftOf(ABOUT_HI);
  // A zero-width space alone, as a translation tool may leave it: not an empty translation (that shows the English), a blank on the page.
  const blanked = structuredClone(hindi.data);
  blanked.blocks.hero.title.text = "\u200b";
  blanked.blocks.cta["actions[href=/contact].label"].text = "\u200b";
  const report = await gate(asha.session, ABOUT_HI, blanked);
  expect(report.pages).toEqual(["About Us (/hi/about), हिन्दी"]);
  expect(report.findings.map((f: { code: string; severity: string; page?: string }) => `${f.severity} ${f.code} on ${f.page}`)).toEqual([
    "error GateNoMainHeading on About Us (/hi/about), हिन्दी",
    "error GateEmptyLinkText on About Us (/hi/about), हिन्दी",
  ]);
  const refused = await publish(asha.session, { file: ABOUT_HI, base: hindi.base, data: blanked });
  expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 PublishGateStopped");
  expect(versionOf(read(ABOUT_HI))).toBe(hindi.base);

  const reworded = structuredClone(hindi.data);
  reworded.blocks.cta.title.text = "आइए मिलकर कुछ बनाएँ";
  const published = await publish(asha.session, { file: ABOUT_HI, base: hindi.base, data: reworded });
  expect(published.statusCode, published.body).toBe(200);

  const reason = "The Hindi button label comes back from the translator tomorrow.";
  const overridden = await publish(ada.session, { file: ABOUT_HI, base: versionOf(read(ABOUT_HI)), data: blanked, override: { reason } });
  expect(overridden.statusCode, overridden.body).toBe(200);
  const log = body(await studio(studioApp.t, "GET", "/api/studio/audit?action=publish.override", { session: ada.session }));
  expect(log.entries[0]).toMatchObject({ target: ABOUT_HI, detail: { reason, problems: ["GateNoMainHeading", "GateEmptyLinkText"] } });
});

test("a section's translation is read on each page placing it in that language: a button left without words is stopped, with the link's address in English to find its text", async () => {
  const asha = await person("editor", "Asha Rao");
  const hindi = draftOf(CTA_HI);
  const blanked = structuredClone(hindi.data);
  blanked.blocks.cta["actions[href=/contact].label"].text = "\u200b";
  const report = await gate(asha.session, CTA_HI, blanked);
  expect(report.pages).toEqual([expect.stringMatching(/\(\/hi\), हिन्दी$/)]);
  expect(report.findings).toEqual([expect.objectContaining({ code: "GateEmptyLinkText", severity: "error", href: "/hi/sampark", sourceHref: "/contact", page: report.pages[0] })]);
  const refused = await publish(asha.session, { file: CTA_HI, base: hindi.base, data: blanked });
  expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 PublishGateStopped");
  expect(versionOf(read(CTA_HI))).toBe(hindi.base);
});

test("a collection's translation is read on the pages showing the item changed, in that language only", async () => {
  const asha = await person("editor", "Asha Rao");
  const hindi = draftOf(VALUES_HI);
  const [item] = Object.keys(hindi.data.items);
  hindi.data.items[item!].title.text = "हमेशा ईमानदार अनुमान";
  const report = await gate(asha.session, VALUES_HI, hindi.data);
  expect(report?.pages).toContain(`About Us (/hi/about)${HINDI}`);
  expect(report.pages.every((p: string) => p.endsWith(HINDI) && !p.includes("/careers"))).toBe(true);
});

test("the site settings' translation is read on a sample of that language's pages, its menu and footer too: a menu link left without words is stopped", async () => {
  const asha = await person("editor", "Asha Rao");
  const hindi = draftOf(SITE_HI);
  const blanked = structuredClone(hindi.data);
  blanked.fields["navigation.links[href=/contact].label"].text = "\u200b";
  const report = await gate(asha.session, SITE_HI, blanked);
  expect(report.sample).toBe(true);
  // The home page first, then one page of each kind: a handful, not the language's every page.
  expect(report.pages[0]).toMatch(/\(\/hi\), हिन्दी$/);
  expect(report.pages.length).toBeGreaterThan(2);
  expect(report.pages.length).toBeLessThan(12);
  expect(report.pages.every((p: string) => p.endsWith(HINDI))).toBe(true);
  // Listed once, though the menu shows on every page and twice on each (its mobile version).
  const empty = report.findings.filter((f: { code: string }) => f.code === "GateEmptyLinkText");
  expect(empty).toEqual([expect.objectContaining({ severity: "error", href: "/hi/sampark", sourceHref: "/contact" })]);
  const refused = await publish(asha.session, { file: SITE_HI, base: hindi.base, data: blanked });
  expect(`${refused.statusCode} ${body(refused).error.code}`).toBe("409 PublishGateStopped");
});
