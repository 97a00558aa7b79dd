/**
 * Issue 37: the field names the forms schema refuses because the form element in the browser
 * has them as properties come from the DOM's interfaces (TypeScript's lib.dom.d.ts), not a
 * hand list: the committed module is what scripts/form-element-properties.ts derives.
 */
import { readFileSync } from "node:fs";
import { FORM_ELEMENT_PROPERTIES } from "../../schemas/form-element-properties.ts";
import { shadowsFormElement } from "../../schemas/forms.ts";
import { formElementProperties, GENERATED_FILE, generatedModule, libDomText } from "../../scripts/form-element-properties.ts";

test("the committed list is what lib.dom.d.ts says (else: npx tsx scripts/form-element-properties.ts)", () => {
  expect(readFileSync(GENERATED_FILE, "utf8")).toBe(generatedModule(formElementProperties(libDomText())));
});

test("it holds what React and any element code read off the form, and the form's methods, not its own settings", () => {
  for (const name of ["nodeName", "nodeType", "firstChild", "parentNode", "getAttribute", "addEventListener", "ownerDocument", "id", "title", "style", "elements", "length", "submit", "reset", "requestSubmit", "checkValidity", "onsubmit"]) {
    expect(shadowsFormElement(name), name).toBe(true);
  }
  for (const name of ["name", "action", "method", "target", "enctype", "email", "message", "website"]) expect(shadowsFormElement(name), name).toBe(false);
  expect(FORM_ELEMENT_PROPERTIES.length).toBeGreaterThan(250);
});
