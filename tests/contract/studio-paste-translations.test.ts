/**
 * A block copied with its translations (src/editor/document/carried-translations.ts) against
 * the real server (SQLite, the content in a git repository of its own): Copy reads the About
 * page's Hindi texts of its closing call to action, draft included; Paste lands them in the
 * Careers page's Hindi translation draft under the pasted block's new key, beside what someone
 * typed there, and over a keep someone made meanwhile without losing it; a locale that is no
 * locale is refused with a 4xx; the page and then its translation publish, and the file has them.
 */
import { landTexts, textsOfBlocks } from "../../src/editor/document/carried-translations.ts";
import { studioPublishing } from "./content-repository.ts";
import { databaseTargets } from "./databases.ts";
import { browserApi } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT_HI = "content/translations/hi/pages/about.json";
const CAREERS = "content/pages/careers.json";
const CAREERS_HI = "content/translations/hi/pages/careers.json";
const studio = studioPublishing(databaseTargets()[0]!);
let origin = "";
beforeAll(async () => {
  origin = await studio.t.app.listen({ host: "127.0.0.1", port: 0 });
});

type Translation = { blocks: Record<string, Record<string, { text: string; source: string; hash: string }>> };
const draftData = async (api: Awaited<ReturnType<typeof browserApi>>, file: string) => {
  const kept = await api.draft(file);
  if (!kept.ok) throw new Error(kept.failure.error.message);
  return kept.data.draft;
};

test("a copied block's Hindi texts land in the target page's Hindi draft under its new key, keep what others typed, and publish", async () => {
  const db = studio.t.app.storage.db;
  const asha = await browserApi(db, origin, "contributor", "Asha");

  // Copy reads the draft, as the translation editor shows it: Asha's newer Hindi title for About's closing CTA.
  const aboutHi = studio.draftOf(ABOUT_HI);
  const about = aboutHi.data as Translation;
  const retitled = { ...about, blocks: { ...about.blocks, cta: { ...about.blocks.cta, title: { ...about.blocks.cta!.title!, text: "आइए मिलकर बनाएँ" } } } };
  expect((await asha.keepDraft(ABOUT_HI, aboutHi.base, retitled, null)).ok).toBe(true);
  const copied = await textsOfBlocks(asha, "page", "about", ["cta"], ["hi"]);
  expect(copied.hi!.cta!.title!.text).toBe("आइए मिलकर बनाएँ");
  expect(copied.hi!.cta!["actions[href=/contact].label"]!.text).toBe("संपर्क करें");

  // Someone has typed in Careers' Hindi draft already, and keeps again just before Paste's keep: both stay.
  const careersHi = studio.draftOf(CAREERS_HI);
  const careers = careersHi.data as Translation & { meta: Record<"title" | "description", { text: string }> };
  const typed = { ...careers, meta: { ...careers.meta, title: { ...careers.meta.title!, text: "करियर (नया)" } } };
  const ed = await browserApi(db, origin, "editor", "Ed");
  expect((await ed.keepDraft(CAREERS_HI, careersHi.base, typed, null)).ok).toBe(true);
  let raced = false;
  const pasting = await browserApi(db, origin, "contributor", "Chen", async (method) => {
    if (method !== "PUT" || raced) return;
    raced = true;
    const now = await draftData(ed, CAREERS_HI);
    const meta = (now.data as typeof typed).meta;
    await ed.keepDraft(CAREERS_HI, now.base, { ...(now.data as object), meta: { ...meta, description: { ...meta.description!, text: "बीच में लिखा" } } }, now.revision);
  });
  expect(await landTexts(pasting, "page", "careers", { hi: { "cta-2": copied.hi!.cta! } })).toEqual({ landed: ["hi"], failed: [] });
  expect(raced).toBe(true);
  const landed = await draftData(ed, CAREERS_HI);
  const data = landed.data as typeof typed;
  expect(landed.base).toBe(careersHi.base);
  expect(data.blocks["cta-2"]).toEqual(copied.hi!.cta);
  expect(data.meta.title!.text).toBe("करियर (नया)");
  expect(data.meta.description!.text).toBe("बीच में लिखा");
  expect(Object.keys(data.blocks)).toEqual([...Object.keys(careers.blocks), "cta-2"]);

  // A locale that names no translation file is refused by the studio, as any other file it does not edit (4xx, nothing kept).
  const refused = await landTexts(pasting, "page", "careers", { "../../pages": { "cta-2": copied.hi!.cta! } });
  expect(refused).toEqual({ landed: [], failed: ["../../pages"] });
  const attack = await pasting.keepDraft("content/translations/../pages/careers.json", null, {}, null);
  expect(attack.ok || attack.status).toBeGreaterThanOrEqual(400);
  expect(attack.ok || attack.status).toBeLessThan(500);

  // The page with the pasted block publishes, then its Hindi draft, through the same publish as any translation: the file has the texts.
  const page = studio.draftOf(CAREERS);
  const cta = (JSON.parse(studio.read("content/pages/about.json")) as { blocks: { key: string }[] }).blocks.find((b) => b.key === "cta")!;
  const withCta = { ...page.data, blocks: [...(page.data as { blocks: unknown[] }).blocks, { ...cta, key: "cta-2" }] };
  const pagePublished = await ed.publish(CAREERS, page.base, withCta);
  expect(pagePublished.ok || pagePublished.failure).toBe(true);
  const published = await ed.publish(CAREERS_HI, landed.base, landed.data);
  expect(published.ok || published.failure).toBe(true);
  const file = JSON.parse(studio.read(CAREERS_HI)) as Translation;
  expect(file.blocks["cta-2"]!.title!.text).toBe("आइए मिलकर बनाएँ");
});
