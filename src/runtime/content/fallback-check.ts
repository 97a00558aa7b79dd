/**
 * What the checker says of the pages in fallback (i18n/page-language.ts): a page that has a
 * translation, and is still a fallback, is one a change has taken out of the index (or that
 * never got in); the checker says so in words, at its translation file, once per page file.
 * A post with no translation is a fallback by design: not said. The shared texts (navigation,
 * footer, blog taxonomy) decide no page; those shown untranslated are listed once per locale,
 * in their words. `npm run content:check -- --strict` fails on both (FALLBACK_CODES).
 */
import type { LocaleRegistry } from "../../../schemas/locales.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError } from "../../content-files/errors.ts";
import type { SourceFile } from "../../content-files/source.ts";
import type { FallbackReport } from "../i18n/locale-routes.ts";
import type { LocaleContent } from "../i18n/locale-content.ts";
import { TRANSLATED_SHARE } from "../i18n/page-language.ts";
import { TRANSLATIONS_DIR } from "./read.ts";

export const FALLBACK_CODES: readonly string[] = [catalogue.PageInFallback.code, catalogue.SharedTextsUntranslated.code];

/** How many of a locale's untranslated shared texts the warning quotes. */
const QUOTED = 8;

export function fallbackWarnings(reports: readonly FallbackReport[], registry: LocaleRegistry, translationOf: (locale: string, file: string) => SourceFile | undefined): ContentError[] {
  const warnings: ContentError[] = [];
  const said = new Set<string>();
  const nameOf = (code: string) => registry.locales.find((l) => l.code === code)?.name ?? code;
  for (const report of reports) {
    const once = `${report.locale} ${report.file}`;
    if (report.because === "item" || said.has(once)) continue;
    const translation = translationOf(report.locale, report.file);
    if (!translation) continue;
    said.add(once);
    const { verdict } = report;
    const percent = Math.floor(verdict.share * 100);
    const fallback = nameOf(verdict.shownIn ?? registry.default.code);
    warnings.push(
      at(translation.file, { line: 1, column: 1 }, `Translation ${report.locale} of ${report.file.replace(/^.*\//, "")}`,
        catalogue.PageInFallback(report.path, nameOf(report.locale), percent, verdict.titleTranslated, fallback, TRANSLATED_SHARE * 100)),
    );
  }
  return warnings;
}

/** Per locale, the shared texts shown in another language, quoted: at the site config's translation (or the taxonomy's, when only it has any). */
export function sharedTextWarnings(localised: ReadonlyMap<string, Pick<LocaleContent, "shared">>, registry: LocaleRegistry): ContentError[] {
  const nameOf = (code: string) => registry.locales.find((l) => l.code === code)?.name ?? code;
  return [...localised].flatMap(([code, { shared }]) => {
    const texts = [...shared.site, ...shared.taxonomy];
    if (texts.length === 0) return [];
    const quoted = texts.slice(0, QUOTED).map((t) => `"${t.text}"`).join(", ") + (texts.length > QUOTED ? ` and ${texts.length - QUOTED} more` : "");
    const file = shared.site.length > 0 ? `${TRANSLATIONS_DIR}/${code}/site.json` : `${TRANSLATIONS_DIR}/${code}/blog-taxonomy.json`;
    return [at(file, { line: 1, column: 1 }, `Translations ${code}`, catalogue.SharedTextsUntranslated(nameOf(code), texts.length, nameOf(texts[0]!.locale), quoted))];
  });
}
