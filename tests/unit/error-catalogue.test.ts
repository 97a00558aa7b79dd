/**
 * The error catalogue: every error the site reports carries a stable code, the key of its
 * entry, that programs branch on; the texts people read are made from the details given.
 */
import { errors } from "../../src/errors/catalogue.ts";
import { defineErrors } from "../../src/errors/define.ts";

describe("the error catalogue", () => {
  it("names each entry's code after its key, readable without making the error", () => {
    for (const [key, kind] of Object.entries(errors)) {
      expect(kind.code).toBe(key);
      expect(kind.title.length).toBeGreaterThan(0);
    }
  });

  it("makes an error from the details its message and hint take", () => {
    expect(errors.BrokenLink("/contcat", "Did you mean /contact?")).toEqual({
      code: "BrokenLink",
      title: "Broken link",
      message: "No page or redirect has the path /contcat.",
      hint: "Did you mean /contact?",
    });
    expect(errors.UnknownReference("faqs", "pricing", ["cost", "timeline"])).toEqual({
      code: "UnknownReference",
      title: "Unknown reference",
      message: 'No item of the faqs collection has the id "pricing".',
      hint: "Known ids: cost, timeline",
    });
  });

  it("takes fixed texts as they are", () => {
    const { Fixed } = defineErrors({ Fixed: { title: "Fixed", message: "Always this.", hint: "Nothing to do." } });
    expect(Fixed()).toEqual({ code: "Fixed", title: "Fixed", message: "Always this.", hint: "Nothing to do." });
  });
});
