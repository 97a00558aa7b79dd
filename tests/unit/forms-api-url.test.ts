/** FORMS_API_URL: where a static host's pages send their forms (read at build time). */
import { formsApiOrigin, formsApiUrl } from "../../src/forms/api-url.server.ts";
import { formEndpoint } from "../../src/forms/endpoint.ts";

it("sends the site's own endpoints to the API, and leaves external ones alone", () => {
  expect(formEndpoint("/api/contact", "https://api.example.com")).toBe("https://api.example.com/api/contact");
  expect(formEndpoint("https://forms.example.net/hook", "https://api.example.com")).toBe("https://forms.example.net/hook");
  expect(formEndpoint("/api/contact", "")).toBe("/api/contact");
});

it("a build without FORMS_API_URL posts to its own origin", () => {
  expect(formsApiUrl({})).toBe("");
  expect(formsApiOrigin({})).toBeUndefined();
});

it("takes an origin, with or without a path, and drops a trailing slash", () => {
  expect(formsApiUrl({ FORMS_API_URL: "https://api.example.com/" })).toBe("https://api.example.com");
  expect(formsApiUrl({ FORMS_API_URL: " https://example.com/site-api " })).toBe("https://example.com/site-api");
  expect(formsApiOrigin({ FORMS_API_URL: "https://example.com/site-api" })).toBe("https://example.com");
});

it.each(["api.example.com", "ftp://api.example.com", "https://api.example.com/?x=1", "javascript:alert(1)"])("refuses %s with a clear message", (value) => {
  expect(() => formsApiUrl({ FORMS_API_URL: value })).toThrow(expect.objectContaining({ code: "InvalidFormsApiUrl", message: expect.stringContaining("FORMS_API_URL") }));
});
