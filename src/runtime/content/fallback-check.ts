/**
 * What the checker says of the pages in fallback (i18n/page-language.ts): a page that has a
 * translation, and is still a fallback, is one a change has taken out of the index (or that
 * never got in); the checker says so in words, at its translation file, once per page file.
 * When the locale's shared texts (navigation, footer, collections, taxonomy) make every page a
 * fallback, it says that once. A post with no translation is a fallback by design: not said.
 * `npm run content:check -- --strict` fails on both (FALLBACK_CODES).
 */
import type { LocaleRegistry } from "../../../schemas/locales.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError } from "../../content-files/errors.ts";
import type { SourceFile } from "../../content-files/source.ts";
import type { FallbackReport } from "../i18n/locale-routes.ts";
import { TRANSLATED_SHARE } from "../i18n/page-language.ts";
import { TRANSLATIONS_DIR } from "./read.ts";

export const FALLBACK_CODES: readonly string[] = [catalogue.PageInFallback.code, catalogue.LocaleInFallback.code];

export function fallbackWarnings(reports: readonly FallbackReport[], registry: LocaleRegistry, translationOf: (locale: string, file: string) => SourceFile | undefined): ContentError[] {
  const warnings: ContentError[] = [];
  const said = new Set<string>();
  const nameOf = (code: string) => registry.locales.find((l) => l.code === code)?.name ?? code;
  for (const report of reports) {
    const once = `${report.locale} ${report.because === "shared" ? "" : report.file}`;
    if (report.because === "item" || said.has(once)) continue;
    if (report.because === "shared") {
      said.add(once);
      const pages = reports.filter((r) => r.locale === report.locale && r.because === "shared").length;
      warnings.push(at(`${TRANSLATIONS_DIR}/${report.locale}/site.json`, { line: 1, column: 1 }, `Translations ${report.locale}`, catalogue.LocaleInFallback(nameOf(report.locale), pages)));
      continue;
    }
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
