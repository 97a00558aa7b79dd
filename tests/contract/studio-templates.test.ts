/**
 * Page templates as content an admin maintains in the studio (#42 item 4), against the real
 * server (SQLite, the content in a git repository of its own): an admin creates, changes and
 * deletes a template through the drafts and publish every document goes through (checked,
 * committed, in its history, audited), New page offers what was published; an invalid template is
 * refused with the checker's errors (422); editors and contributors, who start pages from
 * templates, are refused every write to one (403), whatever the route.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { browserApi } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const LANDING = "content/page-templates/landing.json";
const PRICING = "content/page-templates/pricing.json";
const studio = studioPublishing(databaseTargets()[0]!);
let origin = "";
beforeAll(async () => {
  origin = await studio.t.app.listen({ host: "127.0.0.1", port: 0 });
});

const pricing = {
  $schema: "../../schemas/json/page-template.schema.json",
  template: { name: "Pricing page", description: "Plans and what each includes, for one service." },
  meta: { title: "Pricing", description: "Replace with who the plans are for and what they cost, in one or two sentences." },
  blocks: [{ type: "cta", key: "cta", title: "Plans for every stage", text: "Tell us what you need: we answer within a day.", actions: [{ label: "Contact Us", href: "/contact" }] }],
};

test("an admin creates, changes and deletes a template through drafts and publish; New page offers it; an invalid one is refused", async () => {
  const admin = await browserApi(studio.t.app.storage.db, origin, "admin", "Ada");

  // New template starts as a blank draft (no description, no blocks yet), kept as any new page's is.
  const blank = { $schema: pricing.$schema, template: { name: "New template", description: "" }, meta: { title: "New template", description: "" }, blocks: [] };
  const started = await admin.keepDraft(PRICING, null, blank, null);
  expect(started.ok || started.failure).toBe(true);

  // A new template: its draft is kept, its publish checked and committed; New page offers it.
  const kept = await admin.keepDraft(PRICING, null, pricing, started.ok ? started.data.draft.revision : null);
  expect(kept.ok || kept.failure).toBe(true);
  const created = await admin.publish(PRICING, null, pricing);
  expect(created.ok || created.failure).toBe(true);
  expect(JSON.parse(studio.read(PRICING))).toEqual(pricing);
  expect(studio.git("log", "-1", "--format=%s")).toContain("page template pricing");
  const context = await admin.context();
  expect(context.ok && context.data.templates.find((t) => t.file === PRICING)?.name).toBe("Pricing page");

  // A change: one line written, in the template's history; the publish is in the audit log.
  const landing = studio.draftOf(LANDING);
  const renamed = { ...(landing.data as { template: object }), template: { ...(landing.data as { template: object }).template, name: "Campaign landing page" } };
  const changed = await admin.publish(LANDING, landing.base, renamed);
  expect(changed.ok || changed.failure).toBe(true);
  expect(studio.read(LANDING)).toContain('"name": "Campaign landing page"');
  const history = await admin.history(LANDING);
  expect(history.ok && history.data.revisions[0]!.subject).toContain("page template landing");
  const audit = await admin.call<{ entries: { action: string; target: string }[] }>("GET", "/audit");
  expect(audit.ok && audit.data.entries.some((e) => e.action === "publish" && e.target === LANDING)).toBe(true);

  // Invalid: no name to offer it by, a block type the site lacks: 422 with the checker's errors, nothing written.
  const { template: _template, ...nameless } = pricing;
  for (const invalid of [nameless, { ...pricing, blocks: [{ type: "pricing-wheel", key: "wheel" }] }]) {
    const refused = await admin.publish(PRICING, studio.draftOf(PRICING).base, invalid);
    expect(refused.ok || refused.status).toBe(422);
    expect(refused.ok || refused.failure.errors?.length).toBeGreaterThan(0);
  }
  expect(JSON.parse(studio.read(PRICING))).toEqual(pricing);

  // Delete: published as nothing, a commit of its own; New page no longer offers it.
  const deleted = await admin.publish(PRICING, studio.draftOf(PRICING).base, null);
  expect(deleted.ok || deleted.failure).toBe(true);
  expect(existsSync(path.join(studio.root, PRICING))).toBe(false);
  expect(studio.git("log", "-1", "--format=%s")).toContain("Delete page template pricing");
});

test("editors and contributors use templates but may not change them: every write naming one is 403", async () => {
  const db = studio.t.app.storage.db;
  const landing = studio.draftOf(LANDING);
  const before = studio.read(LANDING);
  for (const role of ["editor", "contributor"] as const) {
    const api = await browserApi(db, origin, role, role === "editor" ? "Ed" : "Cora");
    const context = await api.context();
    expect(context.ok && context.data.templates.length).toBeGreaterThan(0); // New page still offers them
    const opened = await api.open(LANDING); // reading is anyone's
    expect(opened.ok).toBe(true);
    // Each write, and whether its route needs an editor (a contributor is refused it for their role first).
    const attempts: [Promise<{ ok: boolean; failure?: { error: { code: string } } }>, boolean][] = [
      [api.keepDraft(LANDING, landing.base, landing.data, null), false],
      [api.keepDraft(PRICING, null, pricing), false],
      [api.discardDraft(LANDING), false],
      [api.call("POST", "/reviews", { file: LANDING, base: landing.base, data: landing.data }), false],
      [api.publish(LANDING, landing.base, landing.data), true],
      [api.publish(LANDING, landing.base, null), true],
      [api.schedule(LANDING, landing.base, landing.data, new Date(Date.now() + 3_600_000).toISOString()), true],
      [api.revert(LANDING, studio.head()), true],
    ];
    for (const [attempt, editorsRoute] of attempts) {
      const refused = (await attempt) as { ok: false; status: number; failure: { error: { code: string } } };
      expect(refused.status, role).toBe(403);
      expect(refused.failure.error.code).toBe(role === "contributor" && editorsRoute ? "StudioForbidden" : "StudioTemplatesAdminOnly");
    }
  }
  expect(studio.read(LANDING)).toBe(before);
  expect(existsSync(path.join(studio.root, PRICING))).toBe(false);
});
