/**
 * npm run content:check — validates every content file and the site as a whole.
 * Prints every error with its location and exits 1 if there is any; then, for each locale
 * other than the default, how much is translated and every missing, stale or orphaned
 * translation (warnings: they do not fail the check, unless the locale requires completeness).
 *   --json     print the errors, warnings and completeness as JSON
 *   --routes   also list every route and redirect
 *   --strict   also fail when a page of a published locale that has a translation is a fallback,
 *              not indexed (PageInFallback), or a shared text of the navigation, footer or blog
 *              taxonomy is shown untranslated (SharedTextsUntranslated: docs/i18n.md); CI runs this
 */
import site from "../src/page/site-settings.ts";
import { checkContent } from "../src/runtime/content/check.ts";
import { formatError } from "../src/content-files/errors.ts";
import { translationReport } from "../src/runtime/content/translation-report.ts";
import { FALLBACK_CODES } from "../src/runtime/content/fallback-check.ts";

const args = new Set(process.argv.slice(2));
const started = performance.now();
const { errors, warnings, completeness, locales, table } = await checkContent({ root: process.cwd() });
const ms = Math.round(performance.now() - started);
const strict = args.has("--strict") ? warnings.filter((w) => FALLBACK_CODES.includes(w.code)) : [];

if (args.has("--json")) {
  // Each text's state is the page editor's (its badges); the figures are what a reader of this wants.
  console.log(JSON.stringify({ errors, warnings, completeness: completeness.map(({ texts: _texts, ...figures }) => figures) }, null, 2));
} else {
  if (args.has("--routes") && table) {
    for (const path of [...table.routes.keys()].sort()) console.log(`  ${path}`);
    for (const [from, to] of table.redirects) console.log(`  ${from} → ${to} (301)`);
  }
  if (locales) console.log(translationReport(locales, warnings, completeness));
  if (errors.length > 0) {
    console.error(errors.map(formatError).join("\n\n"));
    console.error(`\n✖ ${errors.length} content error${errors.length === 1 ? "" : "s"} (${ms} ms)`);
  } else {
    console.log(`✔ Content OK: ${table?.routes.size ?? 0} routes, ${table?.redirects.size ?? 0} redirects (${ms} ms)`);
  }
  if (strict.length > 0) console.error(`✖ --strict: ${strict.length} warning${strict.length === 1 ? "" : "s"} above (a translated page not indexed, or shared texts untranslated)`);
}
process.exit(errors.length > 0 || strict.length > 0 ? 1 : 0);
