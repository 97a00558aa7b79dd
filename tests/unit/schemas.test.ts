/** The shared field schemas and the site config schema: what content may say. */
import { action, href, slug, text } from "../../schemas/fields.ts";
import { siteConfigSchema } from "../../schemas/site.ts";
import site from "../../src/page/site-settings.ts";

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;
const firstMessage = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe("href", () => {
  it.each(["/", "/about", "/services/web-development", "#apply", "https://wa.me/919829012345", "mailto:hello@arcbyte.in", "tel:+919829012345"])(
    "accepts %s",
    (value) => expect(ok(href, value)).toBe(true),
  );

  it.each(["about", "http://example.com", "javascript:alert(1)", "", "ftp://example.com"])("rejects %j", (value) => {
    expect(firstMessage(href, value)).toBe("Use a site path (/about), an anchor (#apply), or an https:, mailto: or tel: URL");
  });
});

describe("action", () => {
  it("needs an href, a notice, or both", () => {
    expect(ok(action, { label: "View Services", href: "/services" })).toBe(true);
    expect(ok(action, { label: "Get Started", notice: "not-implemented" })).toBe(true);
    expect(ok(action, { label: "Get Quote", href: "/contact", notice: "not-implemented" })).toBe(true);
    expect(firstMessage(action, { label: "Nowhere" })).toBe("An action needs an href, a notice, or both");
  });

  it("is solid unless it says otherwise", () => {
    expect(action.parse({ label: "Go", href: "/" }).variant).toBe("solid");
    expect(action.parse({ label: "Go", href: "/", variant: "outline" }).variant).toBe("outline");
    expect(ok(action, { label: "Go", href: "/", variant: "ghost" })).toBe(false);
  });

  it("knows only the notices the site has", () => {
    expect(ok(action, { label: "Go", notice: "coming-soon" })).toBe(false);
  });
});

describe("slug", () => {
  it.each(["web-development", "seo-services", "ai-ml", "a1"])("accepts %s", (value) => expect(ok(slug, value)).toBe(true));
  it.each(["Web-Development", "web--development", "-web", "web-", "web development", "web_development", ""])("rejects %j", (value) =>
    expect(firstMessage(slug, value)).toBe("Use lowercase letters, digits and single hyphens, e.g. web-development"),
  );
});

describe("text", () => {
  it("trims, and must not be empty or over its limit", () => {
    expect(text(10).parse("  Hello  ")).toBe("Hello");
    expect(firstMessage(text(10), "   ")).toBe("Must not be empty");
    expect(firstMessage(text(10), "x".repeat(11))).toBe("Must be at most 10 characters");
  });
});

describe("site config", () => {
  it("accepts content/site.json", () => {
    const result = siteConfigSchema.safeParse(site);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it("has the spec's constants", () => {
    expect(site.navigation.translucentAfterPx).toBe(50);
    expect(site.chat.delayMs).toBe(2000);
    expect(site.footer.serviceCount).toBe(6);
    expect(site.claims.map((c) => `${c.value} ${c.label}`)).toEqual([
      "15+ Years Experience",
      "500+ Projects Completed",
      "200+ Happy Clients",
      "50+ Team Members",
    ]);
  });

  const broken = (patch: (s: Record<string, any>) => void) => {
    const copy = structuredClone(site) as Record<string, any>;
    patch(copy);
    return siteConfigSchema.safeParse(copy).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("requires exactly four claims", () => {
    expect(broken((s) => s.claims.pop())).toEqual(["claims: Too small: expected array to have exactly 4 items"]);
  });

  it("requires the public https origin", () => {
    expect(broken((s) => (s.url = "http://www.arcbyte.in"))).toEqual(["url: Use the public https:// address of the site"]);
  });

  it("requires the phone in international format", () => {
    expect(broken((s) => (s.contact.phoneE164 = "98290 12345"))).toEqual([
      "contact.phoneE164: Use international format without spaces, e.g. +919829012345",
    ]);
  });

  it("rejects unknown keys, so a typo is not silently ignored", () => {
    expect(broken((s) => (s.footer.copyrigth = "x"))).toEqual(['footer: Unrecognized key: "copyrigth"']);
  });
});
