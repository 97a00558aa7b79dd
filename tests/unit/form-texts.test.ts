/**
 * A form's own wording (field errors, the file hint, the refusals a visitor meets, the result
 * page's link) in the page's language: form texts, one English source each, translated in the
 * locale's UI strings, where the checker reports them missing or stale like any text.
 */
import { readFileSync } from "node:fs";
import type { LocaleRegistry } from "../../schemas/locales.ts";
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import { formResultPage } from "../../server/plugins/form-result-page.ts";
import { inLanguage } from "../../server/plugins/forms.ts";
import { refusal } from "../../server/plugins/form-refusals.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { fieldErrors } from "../../src/forms/field-errors.ts";
import { fileHint, FORM_STRINGS, forForm, type FormTexts, formStringsOf, SOURCE_FORM_TEXTS, VISITOR_REFUSALS } from "../../src/page/form-strings.ts";
import { valuesSchema } from "../../src/forms/values.ts";
import { islandText, islandTexts, resolveCatalogue } from "../../src/page/ui-strings.ts";
import { checkUiStrings } from "../../src/runtime/content/ui-strings-check.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const UI_FILE = "content/translations/hi/ui.json";
const registry = {
  default: { code: "en", name: "English", direction: "ltr", status: "published" },
  locales: [
    { code: "en", name: "English", direction: "ltr", status: "published" },
    { code: "hi", name: "हिन्दी", direction: "ltr", fallback: ["en"], status: "published" },
  ],
} as unknown as LocaleRegistry;
const uiJson = readFileSync(UI_FILE, "utf8");
const checked = checkUiStrings(new Map([[UI_FILE, uiJson]]), registry);
/** The Hindi form texts as a Hindi page has them: the real catalogue, resolved. */
const hindiCatalogue = resolveCatalogue(["hi", "en"], (l) => checked.translated.get(l));
const hindi: FormTexts = { locale: "hi", strings: formStringsOf(hindiCatalogue) };

const form = formSchema.parse({
  id: "contact",
  endpoint: "/api/contact",
  submitLabel: "संदेश भेजें",
  submittingLabel: "भेजा जा रहा है...",
  fields: [
    { name: "email", label: "ईमेल पता", type: "email", required: true, maxLength: 254 },
    { name: "callOn", label: "कॉल की तारीख़", type: "date", min: "2026-12-01", max: "2026-12-31" },
  ],
  notices: { ...testNotices({ title: "संदेश भेज दिया गया!", description: "धन्यवाद।" }), invalid: { title: "जानकारी में त्रुटि", description: "कृपया सभी ज़रूरी फ़ील्ड भरें।" } },
}) as ResolvedForm;

describe("form texts in Hindi", () => {
  test("every UI string, the form texts included, has a Hindi translation made from its English as it is now", () => {
    expect(checked.errors).toEqual([]);
    expect(checked.warnings).toEqual([]);
    for (const key of Object.keys(FORM_STRINGS) as (keyof typeof FORM_STRINGS)[]) expect(checked.translated.get("hi")?.[key], key).toBeDefined();
  });

  test("a field error is in Hindi on a Hindi page and in English on an English one", () => {
    expect(fieldErrors(hindi).InvalidEmail.message()).toBe("कृपया सही ईमेल पता दर्ज करें");
    expect(fieldErrors().InvalidEmail.message()).toBe("Please enter a valid email address");
    expect(fieldErrors(hindi).TooLong.message("संदेश", 5000)).toBe("संदेश में अधिकतम 5000 अक्षर हो सकते हैं");
  });

  test("the values schema refuses with the page's language: its dates written in it too", () => {
    const result = valuesSchema(form, hindi).safeParse({ email: "not-an-address", callOn: "2027-01-05" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(["कृपया सही ईमेल पता दर्ज करें", "कॉल की तारीख़ 1 दिसंबर 2026 और 31 दिसंबर 2026 के बीच की होनी चाहिए"]);
    expect(valuesSchema(form).safeParse({ email: "x", callOn: "2027-01-05" }).error!.issues[1]!.message).toBe("कॉल की तारीख़ must be between 1 December 2026 and 31 December 2026");
  });

  test("a form's island is given the texts its fields can need: every one the browser shows, for some field type", () => {
    expect(Object.keys(forForm({ fields: [{ type: "email" }] }, hindi).strings).sort()).toEqual(["form.field.invalidEmail", "form.field.notAllowedCharacters", "form.field.notOneLine", "form.field.notText", "form.field.tooLong"]);
    const types = ["text", "email", "tel", "url", "textarea", "select", "checkbox", "number", "date", "radio", "checkboxes", "file"] as const;
    const given = Object.keys(forForm({ fields: types.map((type) => ({ type })) }, hindi).strings);
    const serverOnly = Object.keys(FORM_STRINGS).filter((key) => /^form\.(refused|result)\.|^form\.field\.unknown$/.test(key));
    expect([...given, ...serverOnly].sort()).toEqual(Object.keys(FORM_STRINGS).sort());
  });

  test("the CV hint names the kinds with the language's own 'or'", () => {
    expect(fileHint({}, hindi)).toBe("PDF या Word (.doc, .docx), अधिकतम 5 MB");
    expect(fileHint({})).toBe("PDF or Word (.doc, .docx), at most 5 MB");
  });

  test("a refusal a visitor can meet is answered in the page's language; the catalogue's message is its English", () => {
    expect(errors.FormRateLimited().message).toBe(VISITOR_REFUSALS.FormRateLimited);
    const limited = inLanguage(refusal(errors.FormRateLimited()), { form, texts: hindi });
    expect(limited).toMatchObject({ success: false, code: "FormRateLimited", error: "आपके नेटवर्क से बहुत ज़्यादा फ़ॉर्म भेजे गए हैं। कृपया एक मिनट रुककर फिर कोशिश करें।" });
    expect(inLanguage(refusal(errors.FormUnavailable()), { form, texts: hindi }).error).toBe("आपका फ़ॉर्म अभी सहेजा नहीं जा सका। कृपया एक मिनट बाद फिर कोशिश करें।");
    // A refusal only a hand-made request gets stays as the catalogue has it.
    expect(inLanguage(refusal(errors.FormMalformedJson()), { form, texts: hindi }).error).toBe(errors.FormMalformedJson().message);
  });

  test("the no-JavaScript result page is a Hindi page: lang, title, problems and the way back", () => {
    const answer = { success: false, code: "FormInvalidValues" as const, error: "कृपया सही ईमेल पता दर्ज करें", fields: { email: "कृपया सही ईमेल पता दर्ज करें" } };
    const page = formResultPage({ form, texts: hindi, lang: "hi", dir: "ltr" }, answer, "/hi/sampark", "Agency");
    expect(page).toContain('<html lang="hi" dir="ltr">');
    expect(page).toContain("<h1>जानकारी में त्रुटि</h1>");
    expect(page).toContain("<li>ईमेल पता: कृपया सही ईमेल पता दर्ज करें</li>");
    expect(page).toContain('<a href="/hi/sampark">फ़ॉर्म पर वापस जाएँ</a>');
    expect(formResultPage({ form, texts: SOURCE_FORM_TEXTS, lang: "en", dir: "ltr" }, { success: true }, "/", "Agency")).toContain(">Back to the page</a>");
  });

  test("the checker reports a form text without Hindi as missing, and one whose English changed as stale", () => {
    const ui = JSON.parse(uiJson) as { strings: Record<string, { text: string; source: string; hash: string }> };
    delete ui.strings["form.field.invalidEmail"];
    ui.strings["form.fileHint"] = { ...ui.strings["form.fileHint"]!, hash: "0000000000000000" };
    const { warnings } = checkUiStrings(new Map([[UI_FILE, JSON.stringify(ui)]]), registry);
    expect(warnings.map((w) => [w.code, w.pointer, w.hint])).toEqual([
      ["TranslationStale", "/strings/form.fileHint", expect.any(String)],
      ["TranslationMissing", "", `Add "form.field.invalidEmail" to ${UI_FILE}.`],
    ]);
  });
});

test("an island is given its words in the page's language: the testimonials' rating, the blog list's tags", () => {
  const carousel = islandTexts(["carousel.rated", "carousel.slideOf"], "hi", hindiCatalogue);
  expect(islandText(carousel, "carousel.rated", { rating: 4 })).toBe("5 में से 4 रेटिंग");
  expect(islandText(carousel, "carousel.slideOf", { position: 2, count: 6 })).toBe("6 में से 2");
  expect(islandText(islandTexts(["carousel.rated"]), "carousel.rated", { rating: 4 })).toBe("Rated 4 out of 5");
  expect(islandText(islandTexts(["blog.tags"], "hi", hindiCatalogue), "blog.tags")).toBe("टैग");
});
