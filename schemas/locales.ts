/**
 * The locale registry (content/locales.json): which languages the site speaks. A locale is
 * data: adding one is an entry here, and the checker, the translations and (later) the
 * routes learn of it from this file alone.
 *
 * The shape is checked here; what needs the whole file (one entry per code, a default that
 * exists, fallbacks that exist and do not loop) is checked by src/runtime/content/locales-check.ts,
 * so each problem is its own catalogue error at its place.
 */
import { z } from "zod";
import { text } from "./fields.ts";

/** A BCP 47 language tag in its canonical spelling, e.g. en, hi, pt-BR. */
export const localeCode = z
  .string()
  .describe("BCP 47 language tag in its canonical spelling, e.g. en, hi or pt-BR")
  .superRefine((code, ctx) => {
    const canonical = canonicalLocale(code);
    if (canonical === code) return;
    ctx.addIssue({
      code: "custom",
      message: canonical ? `"${code}" is written "${canonical}" in BCP 47` : `"${code}" is not a BCP 47 language tag`,
      params: { hint: canonical ? `Write "${canonical}".` : "Use a language tag such as en, hi or pt-BR." },
    });
  });

/** The canonical spelling of a language tag, or undefined when it is not one. */
export function canonicalLocale(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

export const localeSchema = z.strictObject({
  code: localeCode,
  name: text(60).describe("The language's name in itself, for the language switcher, e.g. English, हिन्दी"),
  direction: z.enum(["ltr", "rtl"]).default("ltr").describe("Text direction: ltr (left to right) or rtl (right to left)"),
  fallback: z
    .array(localeCode)
    .default([])
    .describe("Locales whose text is shown, in this order, where this one has no translation; the default locale is always tried last"),
  region: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: "Use a two-letter country code in capitals (ISO 3166), e.g. IN" })
    .optional()
    .describe("The country whose conventions the locale follows (ISO 3166 alpha-2), e.g. IN: Open Graph's og:locale (hi_IN); the language's likeliest country when absent"),
  status: z.enum(["draft", "published"]).describe("draft: checked but not built; published: built and listed in the language switcher"),
  requireComplete: z.boolean().default(false).describe("Fail the check while any page of this locale is less than 100 % translated"),
});

export const localesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  default: localeCode.describe("The code of the site's own language: its pages are the source of every translation, at unprefixed paths"),
  locales: z.array(localeSchema).min(1).describe("Every locale of the site, the default one included"),
});

export type Locale = z.infer<typeof localeSchema>;
export type LocalesFile = z.infer<typeof localesFileSchema>;

/** Open Graph's form of a locale, language_TERRITORY (hi_IN): its region, else its language's likeliest one. */
export function ogLocale(locale: Pick<Locale, "code" | "region">): string {
  const full = new Intl.Locale(locale.code);
  const region = locale.region ?? full.region ?? full.maximize().region;
  return region ? `${full.language}_${region}` : full.language;
}

/** The checked registry: every locale, and which is the default. */
export interface LocaleRegistry {
  default: Locale;
  locales: readonly Locale[];
}

/** Where a locale's pages live: the default locale unprefixed (""), every other under /<code>. */
export const localePrefix = (registry: LocaleRegistry, code: string): string => (code === registry.default.code ? "" : `/${code}`);

/**
 * The locales tried, in order, for text a locale has no translation of: its own fallbacks,
 * theirs after them, and the default last. The registry is checked to have no loops; a loop
 * here would only stop, never hang.
 */
export function fallbackChain(registry: LocaleRegistry, code: string): string[] {
  const byCode = new Map(registry.locales.map((l) => [l.code, l]));
  const chain: string[] = [];
  const queue = [code];
  while (queue.length > 0) {
    for (const next of byCode.get(queue.shift()!)?.fallback ?? []) {
      if (next === code || chain.includes(next)) continue;
      chain.push(next);
      queue.push(next);
    }
  }
  if (code !== registry.default.code && !chain.includes(registry.default.code)) chain.push(registry.default.code);
  return chain;
}
