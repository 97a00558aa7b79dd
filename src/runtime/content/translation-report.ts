/**
 * The translations part of npm run content:check's output: per locale, how much is translated
 * (and per source file where a translation has begun, with its stale texts counted), then each
 * warning, a stale text's at its place in the translation file. A file with no
 * translation file at all (or a locale with no UI strings catalogue, or a legal document not translated) is counted in the figure rather than printed, so a locale that has only just
 * been added does not bury the rest under one warning per page (--json lists them all).
 */
import type { LocaleRegistry } from "../../../schemas/locales.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { type ContentError, formatError } from "../../content-files/errors.ts";
import type { Completeness } from "./translations-check.ts";

const staleCount = (page: Completeness) => page.texts.filter((t) => t.state === "stale").length;

export function translationReport(registry: LocaleRegistry, warnings: readonly ContentError[], completeness: readonly Completeness[]): string {
  const lines: string[] = [];
  for (const locale of registry.locales) {
    if (locale.code === registry.default.code) continue;
    const pages = completeness.filter((c) => c.locale === locale.code);
    const translated = pages.reduce((n, c) => n + c.translated, 0);
    const total = pages.reduce((n, c) => n + c.total, 0);
    const percent = total === 0 ? 100 : Math.floor((translated * 100) / total);
    const untranslated = pages.filter((p) => !p.translationFile && p.total > 0).length;
    const status = [locale.status, locale.requireComplete && "must be complete"].filter(Boolean).join(", ");
    const staleIn = pages.filter((p) => staleCount(p) > 0);
    lines.push(
      `Translations ${locale.code} ${locale.name} (${status}): ${percent} %, ${translated} of ${total} texts` +
        (untranslated > 0 ? `; ${untranslated} of ${pages.length} files not translated yet` : "") +
        // A stale text is still published: said here, so it never stays so unnoticed.
        (staleIn.length > 0 ? `; ${staleIn.reduce((n, p) => n + staleCount(p), 0)} stale (made from an English text since changed) in ${staleIn.length} ${staleIn.length === 1 ? "file" : "files"}` : ""),
    );
    for (const page of pages.filter((p) => p.translationFile)) {
      const stale = staleCount(page);
      lines.push(`  ${page.translationFile}  ${page.percent} % (${page.translated} of ${page.total})${stale > 0 ? `, ${stale} stale` : ""}`);
    }
  }
  const untranslated: readonly string[] = [catalogue.PageNotTranslated.code, catalogue.SourceNotTranslated.code, catalogue.UiStringsNotTranslated.code, catalogue.LegalNotTranslated.code];
  const shown = warnings.filter((w) => !untranslated.includes(w.code));
  if (shown.length > 0) lines.push("", shown.map((w) => formatError(w).replace(/^/, "warning ")).join("\n\n"), "");
  return lines.join("\n");
}
