/** Issue 27's url field: a visitor's website, http or https, checked alike in the browser and on the server. */
import { formSchema, type ResolvedForm } from "../../schemas/forms.ts";
import { fieldErrorCode, valuesSchema } from "../../src/forms/values.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";

const definition = {
  id: "audit",
  endpoint: "/api/audit",
  submitLabel: "Send",
  submittingLabel: "Sending...",
  fields: [{ name: "website", label: "Your website", type: "url", required: true, maxLength: 200 }],
  notices: testNotices({ title: "Sent", description: "Thank you." }),
};
const schema = valuesSchema(formSchema.parse(definition) as ResolvedForm);

describe("a url field", () => {
  test("takes an http or https address with a host, trimmed", () => {
    for (const website of ["https://iyer-textiles.example", "http://shop.example.in/cart?id=7", "HTTPS://Example.com/हिंदी"]) {
      expect(schema.parse({ website: ` ${website} ` })).toEqual({ website });
    }
  });

  test("refuses what is no website: no scheme, another scheme, no host or no dot in it (FieldInvalidUrl)", () => {
    for (const website of ["example.com", "www.example.com", "ftp://files.example", "javascript:alert(1)", "data:text/html,x", "https://", "http://localhost", "https://a b.co"]) {
      const result = schema.safeParse({ website });
      expect(result.error!.issues.map(fieldErrorCode)).toEqual(["FieldInvalidUrl"]);
      expect(result.error!.issues[0]!.message).toBe("Please enter a web address starting with https://");
    }
  });

  test("the definition leaves room for an address, like an email field", () => {
    const result = formSchema.safeParse({ ...definition, fields: [{ ...definition.fields[0], maxLength: 8 }] });
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["fields.0.maxLength", 'No web address fits in 8 characters ("http://a.co" takes 11)']]);
  });
});
