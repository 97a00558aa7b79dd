/**
 * The media library in the checker, on the real site with an image added in memory: its entry
 * is checked, its alt text is a text to translate like any other (missing, then stale, then
 * shown in Hindi on the Hindi pages' content), a post is shared with its picture, and a broken
 * entry is a located error.
 */
import site from "../../site.config.ts";
import { checkSite } from "../../src/runtime/content/check.ts";
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
beforeAll(async () => {
  files = withFile(await readContent(process.cwd(), site), ENTRY, JSON.stringify(manifest, null, 2));
}, 120_000);

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
