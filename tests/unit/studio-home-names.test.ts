/** The studio home names each document as people know it: a reusable section by its name, in any language. */
import { describe, expect, it } from "vitest";
import { documentNamer } from "../../server/studio/home-api.ts";

const name = documentNamer({ pages: [], collections: [], siteWide: [] });

describe("the studio home's names", () => {
  it("names a section's draft by the section's name, and opens it in the editor as a section", () => {
    expect(name("content/sections/closing-cta.json", { name: "Closing call to action", blocks: [] })).toEqual({ file: "content/sections/closing-cta.json", kind: "section", name: "closing-cta", title: "Closing call to action", path: "" });
  });

  it("names a section's translation as the section, in its locale", () => {
    expect(name("content/translations/hi/sections/closing-cta.json")).toMatchObject({ kind: "section", name: "closing-cta", locale: "hi" });
  });
});
