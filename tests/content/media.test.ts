/**
 * The media library in the checker, on the real site with an image added in memory: its entry
 * is checked, its alt text is a text to translate like any other (missing, then stale, then
 * shown in Hindi on the Hindi pages' content), a post is shared with its picture, a broken
 * entry is a located error, and a served variant over the weight budget a located warning.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import site from "../../src/page/site-settings.ts";
import { checkContent, checkSite } from "../../src/runtime/content/check.ts";
import { cachedVariantsOverBudget } from "../../src/runtime/media/budget.server.ts";
import { diskMediaStore } from "../../src/runtime/media/disk-store.server.ts";
import { buildMedia } from "../../src/runtime/media/pipeline.server.ts";
import { readContent, type ContentFiles, withFile } from "../../src/runtime/content/read.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";

const ENTRY = "content/media/office-at-dawn.json";
const HINDI = "content/translations/hi/media/office-at-dawn.json";
const manifest = {
  $schema: "../../schemas/json/media.schema.json",
  id: "office-at-dawn",
  sha256: "c".repeat(64),
  type: "image/jpeg",
  width: 2400,
  height: 1600,
  bytes: 412_000,
  alt: "Our office at dawn",
  credit: "Own work",
};
const translation = (text: string, source = manifest.alt) => JSON.stringify({ fields: { alt: { text, source, hash: sourceHash(source) } } });

let files: ContentFiles;
let scratch: string;
beforeAll(async () => {
  files = withFile(await readContent(process.cwd()), ENTRY, JSON.stringify(manifest, null, 2));
  scratch = await mkdtemp(path.join(os.tmpdir(), "media-content-"));
}, 120_000);
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("an image of the media library", () => {
  it("is known to the checker, and its alt text is reported untranslated in Hindi", async () => {
    const checked = await checkSite(files);
    expect(checked.errors).toEqual([]);
    expect(checked.content!.media!.get("office-at-dawn")).toMatchObject({ alt: "Our office at dawn" });
    const hindi = checked.completeness.find((c) => c.locale === "hi" && c.page === ENTRY)!;
    expect(hindi).toMatchObject({ translated: 0, total: 1 });
    expect(checked.warnings.filter((w) => w.file === ENTRY).map((w) => w.code)).toEqual(["SourceNotTranslated"]);
  }, 60_000);

  it("shows its Hindi alt text in the Hindi content, the English one in the English", async () => {
    const checked = await checkSite(withFile(files, HINDI, translation("भोर में हमारा कार्यालय")));
    expect(checked.errors).toEqual([]);
    expect(checked.completeness.find((c) => c.locale === "hi" && c.page === ENTRY)).toMatchObject({ translated: 1, total: 1, translationFile: HINDI });
    expect(checked.localised!.get("hi")!.media!.get("office-at-dawn")!.alt).toBe("भोर में हमारा कार्यालय");
    expect(checked.content!.media!.get("office-at-dawn")!.alt).toBe("Our office at dawn");
  }, 60_000);

  it("reports a Hindi alt text made from an older English one as stale, at the translation", async () => {
    const checked = await checkSite(withFile(files, HINDI, translation("भोर में कार्यालय", "The office")));
    expect(checked.warnings.filter((w) => w.file === HINDI).map((w) => w.code)).toEqual(["TranslationStale"]);
  }, 60_000);

  it("shares a post with its own picture: a 1200 px JPEG for og:image and the BlogPosting's image", async () => {
    const checked = await checkSite(files);
    const { head } = checked.pages.get("/blog/core-web-vitals-field-guide")!;
    const sha = checked.content!.media!.get("post-core-web-vitals-field-guide")!.sha256.slice(0, 12);
    expect(head.image).toBe(`${site.url}/_media/v1/post-core-web-vitals-field-guide.${sha}.1200.jpg`);
    expect(head.jsonLd.find((j) => j["@type"] === "BlogPosting")).toMatchObject({ image: head.image });
    // A page about no item keeps the site's card.
    expect(checked.pages.get("/about")!.head.image).toBe(`${site.url}/og/default.jpg`);
  }, 60_000);

  it("reports a broken entry where it is broken, and a translation of an image that does not exist", async () => {
    const broken = withFile(withFile(files, ENTRY, JSON.stringify({ ...manifest, width: -1 }, null, 2)), "content/translations/hi/media/nowhere.json", translation("कहीं नहीं"));
    const checked = await checkSite(broken);
    expect(checked.errors.map((e) => [e.file, e.pointer])).toEqual(
      expect.arrayContaining([
        [ENTRY, "/width"],
        ["content/translations/hi/media/nowhere.json", ""],
      ]),
    );
  }, 60_000);
});

describe("the weight of served images", () => {
  it("reports a variant a build served over 200 kB as a warning at its image's entry; a lighter one is not", async () => {
    // Noise does not compress: its 1000 px JPEG is over the budget, its 320 px WebP well under.
    const noise = await sharp({ create: { width: 1000, height: 600, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } } }).jpeg().toBuffer();
    const store = diskMediaStore(scratch);
    const asset = { id: "static-noise", sha256: createHash("sha256").update(noise).digest("hex"), type: "image/jpeg" as const, width: 1000, height: 600, bytes: noise.length, alt: "Grey static" };
    await store.put("static-noise.jpg", noise, asset.type);
    const cacheDir = path.join(scratch, ".media-cache");
    const variant = (width: number, ext: string) => `static-noise.${asset.sha256.slice(0, 12)}.${width}.${ext}`;
    const pages = [`<img src="/_media/v1/${variant(1000, "jpg")}" srcset="/_media/v1/${variant(320, "webp")} 320w">`];
    const build = await buildMedia({ client: path.join(scratch, "client"), pages, assets: new Map([[asset.id, asset]]), store, cacheDir });
    expect(build).toMatchObject({ encoded: 2, overBudget: [{ name: variant(1000, "jpg") }] });

    const entry = "content/media/static-noise.json";
    const checked = await checkSite(withFile(files, entry, JSON.stringify(asset)));
    const warnings = await cachedVariantsOverBudget(cacheDir, checked.content!.media!, checked.content!.mediaSources!);
    expect(warnings.map((w) => [w.code, w.file, w.line, w.label])).toEqual([["MediaVariantTooLarge", entry, 1, "Image static-noise"]]);
    expect(warnings[0]!.message).toMatch(new RegExp(`^A served size of the image "static-noise" \\(${variant(1000, "jpg").replace(/\./g, "\\.")}\\) weighs \\d+ kB, over the 200 kB budget\\.$`));
  }, 60_000);

  it("is part of npm run content:check, from the media cache (MEDIA_CACHE_DIR)", async () => {
    // A cache in which a build served the default post picture at 260 kB.
    const cacheDir = path.join(scratch, "heavy-cache");
    const sha = files.json.get("content/media/post-default.json")!.match(/"sha256": "([0-9a-f]{12})/)![1];
    await mkdir(path.join(cacheDir, "v1"), { recursive: true });
    await writeFile(path.join(cacheDir, "v1", `post-default.${sha}.1600.jpg`), Buffer.alloc(260 * 1024));
    vi.stubEnv("MEDIA_CACHE_DIR", cacheDir);
    try {
      const { warnings } = await checkContent({ root: process.cwd() });
      expect(warnings.filter((w) => w.code === "MediaVariantTooLarge").map((w) => [w.file, w.message])).toEqual([
        ["content/media/post-default.json", `A served size of the image "post-default" (post-default.${sha}.1600.jpg) weighs 260 kB, over the 200 kB budget.`],
      ]);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);
});
