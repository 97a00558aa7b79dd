/**
 * The form API answers a submission from a Hindi page in Hindi: the build's forms.json carries
 * each locale's forms and form texts (from the real content), and a post with `?locale=hi` is
 * refused with Hindi field errors and refusals, or, posted without JavaScript, with a Hindi
 * result page. A post naming no locale is answered in English, as before.
 */
import { checkContent } from "../../src/runtime/content/check.ts";
import { formsManifest } from "../../src/runtime/build.server.ts";
import { browserPost, json, makeTestBuild, startFormsApp, type TestApp, validContact } from "./forms-harness.ts";

let buildDir: string;
let t: TestApp;

beforeAll(async () => {
  const checked = await checkContent({ root: process.cwd() });
  buildDir = makeTestBuild(formsManifest(checked.content!, checked.table!.locales, { table: checked.table!, localised: checked.localised ?? new Map() }));
  t = await startFormsApp({ buildDir, formRateLimit: 3 });
});
afterAll(async () => t?.close());

const badEmail = { ...validContact, email: "priya at example" };
const encoded = (values: Record<string, string>) => new URLSearchParams(values).toString();

describe("a form sent from a Hindi page", () => {
  test("with JavaScript: a bad email is refused with the Hindi field error, and without a locale in English", async () => {
    const hindi = await t.app.inject({ method: "POST", url: "/api/contact?locale=hi", headers: json, payload: badEmail });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toMatchObject({ code: "FormInvalidValues", error: "कृपया सही ईमेल पता दर्ज करें", fields: { email: "कृपया सही ईमेल पता दर्ज करें" } });
    const english = await t.app.inject({ method: "POST", url: "/api/contact", headers: json, payload: badEmail });
    expect(english.json()).toMatchObject({ fields: { email: "Please enter a valid email address" } });
  });

  test("without JavaScript: the result page is Hindi, lang=\"hi\", with the form's Hindi labels and the way back", async () => {
    const response = await t.app.inject(browserPost("/api/contact?locale=hi", encoded({ ...badEmail, name: "" })));
    expect(response.statusCode).toBe(400);
    const page = response.body;
    expect(page).toMatch(/<html lang="hi" dir="ltr">/);
    expect(page).toContain("<h1>जानकारी में त्रुटि</h1>");
    expect(page).toContain("<p>कृपया सभी ज़रूरी फ़ील्ड भरें।</p>");
    expect(page).toContain("<li>ईमेल पता: कृपया सही ईमेल पता दर्ज करें</li>");
    expect(page).toContain(">फ़ॉर्म पर वापस जाएँ</a>");
    expect(page).not.toMatch(/Validation Error|Back to the form|Please/);
  });

  test("the rate limit's refusal is in Hindi too", async () => {
    // Three submissions a minute (the tests above spent them): the next is refused.
    const limited = await t.app.inject(browserPost("/api/contact?locale=hi", encoded(validContact)));
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('<html lang="hi"');
    expect(limited.body).toContain("<p>आपके नेटवर्क से बहुत ज़्यादा फ़ॉर्म भेजे गए हैं। कृपया एक मिनट रुककर फिर कोशिश करें।</p>");
  });
});
