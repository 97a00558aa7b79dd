/**
 * The UI string catalogues in the checker: each locale's content/translations/<locale>/ui.json
 * against the source texts (src/page/ui-strings.ts). Missing, stale and unknown keys
 * are warnings, each once at its place; placeholders that differ and a plural without other
 * are errors. What a page in the locale shows comes from the catalogue, its fallback, then the source.
 */
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import { UI_STRINGS } from "../../src/page/ui-strings.ts";
import { casesWithoutOther } from "../../src/page/messages.ts";
import { checkFixture } from "./site-fixture.ts";

const UI = "content/translations/hi/ui.json";
const entry = (source: string, text: string) => ({ text, source, hash: sourceHash(source) });
const published = JSON.stringify({
  default: "en",
  locales: [
    { code: "en", name: "English", status: "published" },
    { code: "hi", name: "हिन्दी", fallback: ["en"], status: "published" },
  ],
});

const check = (strings: Record<string, unknown>) => checkFixture({ files: { [UI]: JSON.stringify({ strings }, null, 2), "content/locales.json": published } });
const onUi = (list: { file: string; pointer: string; code: string }[]) => list.filter((e) => e.file === UI).map((e) => `${e.pointer} ${e.code}`);

describe("a locale's UI strings", () => {
  it("are one warning, not one per key, while the locale has no catalogue", async () => {
    const { errors, warnings } = await checkFixture();
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.file === UI).map((w) => w.code)).toEqual(["UiStringsNotTranslated"]);
  });

  it("report each missing, stale and unknown key once, at its place", async () => {
    const { errors, warnings } = await check({
      "shell.menu": entry("Menu", "मेन्यू"),
      "shell.skipToContent": entry("Skip to the content", "सामग्री पर जाएँ"),
      "shell.nope": entry("Nope", "नहीं"),
    });
    expect(errors).toEqual([]);
    // Every other key of the runtime's catalogue is missing, each said once.
    const missing = Object.keys(UI_STRINGS).filter((key) => key !== "shell.menu" && key !== "shell.skipToContent");
    expect(onUi(warnings).sort()).toEqual([...missing.map(() => " TranslationMissing"), "/strings/shell.nope UiStringUnknown", "/strings/shell.skipToContent TranslationStale"]);
    expect(warnings.filter((w) => w.file === UI && w.code === "TranslationMissing").map((w) => w.hint)).toEqual(missing.map((k) => `Add "${k}" to ${UI}.`));
  });

  it("refuse a translation whose placeholders differ, or whose plural has no other", async () => {
    const { errors } = await check({
      "blog.postCount": entry(UI_STRINGS["blog.postCount"], "{count, plural, one {# लेख}}"),
      "shell.menu": entry("Menu", "मेन्यू {count}"),
    });
    expect(onUi(errors)).toEqual(["/strings/blog.postCount/text UiStringWithoutOther", "/strings/shell.menu/text TranslationPlaceholders"]);
  });

  it("are shown on the locale's pages, the source's where the catalogue has none", async () => {
    const { errors, pages } = await check({ "shell.menu": entry("Menu", "मेन्यू") });
    expect(errors).toEqual([]);
    const strings = pages.get("/hi/about")!.head.language!.strings!;
    expect([strings["shell.menu"], strings["shell.languages"]]).toEqual(["मेन्यू", "Language"]);
  });
});

describe("the source catalogue", () => {
  it("has an other case in every plural and select", () => {
    expect(Object.entries(UI_STRINGS).filter(([, text]) => casesWithoutOther(text).length > 0)).toEqual([]);
  });
});
