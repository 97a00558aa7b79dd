/**
 * The locale registry (content/locales.json), checked: its shape by schemas/locales.ts, and
 * what needs the whole file here: one entry per code, a default that exists and is published
 * with no fallback, fallbacks that exist and do not loop, and the same default language as
 * content/site.json. Each problem is reported once, where it is written.
 */
import { type Locale, type LocaleRegistry, localesFileSchema } from "../../../schemas/locales.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError, located } from "../../content-files/errors.ts";
import { issueToError, itemLabeller } from "../../content-files/issues.ts";
import { parseJsonSource, type SourceFile } from "../../content-files/source.ts";
import { LOCALES_FILE } from "./read.ts";

export interface LocalesCheck {
  /** Set when the file is valid and has its default locale. */
  registry?: LocaleRegistry;
  errors: ContentError[];
  source?: SourceFile;
}

export function checkLocales(text: string | undefined, site: { source: SourceFile; locale: unknown }): LocalesCheck {
  const label = "Locales";
  if (text === undefined) return { errors: [at(LOCALES_FILE, { line: 1, column: 1 }, label, catalogue.MissingLocalesFile(LOCALES_FILE))] };
  const { source, errors } = parseJsonSource(LOCALES_FILE, text, label);
  if (!source) return { errors };
  const labeller = itemLabeller(label, (source.data as { locales?: unknown })?.locales, "locales", "code", "locale");
  const parsed = localesFileSchema.safeParse(source.data);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => issueToError(i, source, labeller)), source };
  const error = (path: PropertyKey[], e: Parameters<typeof located>[3]) => errors.push(located(source, path, labeller, e));

  const byCode = new Map<string, Locale>();
  parsed.data.locales.forEach((locale, i) => {
    if (byCode.has(locale.code)) error(["locales", i, "code"], catalogue.DuplicateLocale(locale.code));
    else byCode.set(locale.code, locale);
  });
  const known = [...byCode.keys()];
  const indexOf = (code: string) => parsed.data.locales.findIndex((l) => l.code === code);

  const defaultLocale = byCode.get(parsed.data.default);
  if (!defaultLocale) error(["default"], catalogue.UnknownLocale(parsed.data.default, known));
  else {
    const i = indexOf(defaultLocale.code);
    if (defaultLocale.fallback.length > 0) error(["locales", i, "fallback"], catalogue.DefaultLocaleFallback(defaultLocale.code));
    if (defaultLocale.status === "draft") error(["locales", i, "status"], catalogue.DefaultLocaleDraft(defaultLocale.code));
    if (typeof site.locale === "string" && site.locale !== defaultLocale.code) {
      errors.push(located(site.source, ["locale"], () => "Site settings → locale", catalogue.SiteLocaleMismatch(site.locale, defaultLocale.code)));
    }
  }

  parsed.data.locales.forEach((locale, i) => {
    if (byCode.get(locale.code) !== locale) return;
    locale.fallback.forEach((code, j) => {
      if (!byCode.has(code)) error(["locales", i, "fallback", j], catalogue.UnknownLocale(code, known));
    });
  });

  // A loop is reported once, at the first of its locales in the file, on its fallback into it.
  const reported = new Set<string>();
  for (const cycle of fallbackCycles(byCode)) {
    const members = new Set(cycle);
    const first = parsed.data.locales.findIndex((l) => members.has(l.code));
    const start = cycle.indexOf(parsed.data.locales[first]!.code);
    const ordered = [...cycle.slice(start), ...cycle.slice(0, start)];
    const id = [...cycle].sort().join(" ");
    if (reported.has(id)) continue;
    reported.add(id);
    error(["locales", first, "fallback", parsed.data.locales[first]!.fallback.indexOf(ordered[1] ?? ordered[0]!)], catalogue.FallbackCycle(ordered));
  }

  if (!defaultLocale || errors.length > 0) return { errors, source };
  return { registry: { default: defaultLocale, locales: [...byCode.values()] }, errors, source };
}

/** Every loop in the fallback graph, each as the codes along it. */
function fallbackCycles(byCode: ReadonlyMap<string, Locale>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const walk = (code: string, trail: string[]) => {
    const at = trail.indexOf(code);
    if (at >= 0) return void cycles.push(trail.slice(at));
    if (done.has(code)) return;
    for (const next of byCode.get(code)?.fallback ?? []) if (byCode.has(next)) walk(next, [...trail, code]);
    done.add(code);
  };
  for (const code of byCode.keys()) walk(code, []);
  return cycles;
}
