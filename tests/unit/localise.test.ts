/**
 * A page in a locale (src/runtime/i18n/localise.ts): each text from the first locale of the
 * chain that translates it, field by field, else the source; the source page is not changed.
 */
import { registeredPageSchema } from "../../src/blocks/page-schema.ts";
import { localisePage } from "../../src/runtime/i18n/localise.ts";
import type { PageTranslation } from "../../schemas/translations.ts";

const t = (text: string) => ({ text, source: "", hash: "0000000000000000" });

describe("a localised page", async () => {
  const schema = await registeredPageSchema();
  const page = schema.parse({
    path: "/x",
    meta: { title: "Title", description: "Description" },
    blocks: [
      { type: "hero", key: "intro", title: "Hello", subtitle: "Welcome", actions: [{ label: "Go", href: "/x" }] },
      { type: "hero", title: "No key", subtitle: "Cannot be translated" },
    ],
  });
  const translations: Record<string, PageTranslation> = {
    mr: { meta: { title: t("शीर्षक") }, blocks: { intro: { title: t("नमस्कार") } } },
    hi: { meta: { title: t("शीर्षक (hi)"), description: t("विवरण") }, blocks: { intro: { title: t("नमस्ते"), subtitle: t("स्वागत है") } } },
  };

  it("takes each text from the first locale of the chain that has it, field by field, and lists what is not its own", () => {
    const { page: mr, fallbacks } = localisePage(schema, page, ["mr", "hi", "en"], (l) => translations[l]);
    expect(mr.meta).toMatchObject({ title: "शीर्षक", description: "विवरण" });
    expect(mr.blocks[0]).toMatchObject({ title: "नमस्कार", subtitle: "स्वागत है", actions: [{ label: "Go", href: "/x" }] });
    expect(mr.blocks[1]).toMatchObject({ title: "No key", subtitle: "Cannot be translated" });
    expect(fallbacks.map((f) => `${f.path.join("/")} ${f.locale}`)).toEqual([
      "meta/description hi",
      "blocks/0/subtitle hi",
      "blocks/0/actions/0/label en",
      "blocks/1/title en",
      "blocks/1/subtitle en",
    ]);
  });

  it("is the page itself in the default locale, and never changes the page it was made from", () => {
    const before = structuredClone(page);
    expect(localisePage(schema, page, ["en"], (l) => translations[l])).toEqual({ page: before, fallbacks: [] });
    localisePage(schema, page, ["hi", "en"], (l) => translations[l]);
    expect(page).toEqual(before);
  });
});
