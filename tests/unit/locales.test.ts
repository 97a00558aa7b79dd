/** The locale registry's rules that later stages use: URL prefixes and fallback chains. */
import { canonicalLocale, fallbackChain, type Locale, type LocaleRegistry, localePrefix } from "../../schemas/locales.ts";

const locale = (code: string, fallback: string[] = []): Locale => ({ code, name: code, direction: "ltr", fallback, status: "published", requireComplete: false });

function registryOf(...locales: Locale[]): LocaleRegistry {
  return { default: locales[0]!, locales };
}

describe("locale URL prefixes", () => {
  it("leave the default locale unprefixed and put every other under /<code>", () => {
    const registry = registryOf(locale("en"), locale("hi", ["en"]), locale("pt-BR"));
    expect(localePrefix(registry, "en")).toBe("");
    expect(localePrefix(registry, "hi")).toBe("/hi");
    expect(localePrefix(registry, "pt-BR")).toBe("/pt-BR");
  });
});

describe("a locale's fallback chain", () => {
  it("is its own fallbacks in order, theirs after them, and the default last", () => {
    const registry = registryOf(locale("en"), locale("mr", ["hi", "gu"]), locale("hi", ["ur"]), locale("gu"), locale("ur"));
    expect(fallbackChain(registry, "mr")).toEqual(["hi", "gu", "ur", "en"]);
    expect(fallbackChain(registry, "hi")).toEqual(["ur", "en"]);
  });

  it("names the default once, and none for the default itself", () => {
    const registry = registryOf(locale("en"), locale("hi", ["en"]));
    expect(fallbackChain(registry, "hi")).toEqual(["en"]);
    expect(fallbackChain(registry, "en")).toEqual([]);
  });

  it("stops at a loop rather than hanging (the checker reports the loop)", () => {
    const registry = registryOf(locale("en"), locale("hi", ["mr"]), locale("mr", ["hi"]));
    expect(fallbackChain(registry, "hi")).toEqual(["mr", "en"]);
  });
});

describe("canonical locale codes", () => {
  it("are what Intl.getCanonicalLocales makes of a tag, or nothing when it is none", () => {
    expect(canonicalLocale("EN-us")).toBe("en-US");
    expect(canonicalLocale("hi")).toBe("hi");
    expect(canonicalLocale("en_GB")).toBeUndefined();
  });
});
