/**
 * A page's own path in a locale (a page translation's `path`: /contact is /hi/sampark), and
 * what the checker asks of it. Every link to the page, the switcher, hreflang, canonical and
 * the sitemap follow from the route table (locale-routes.ts); islands, which render links in
 * the browser, get the locale's translated paths as patterns (page/local-href.ts).
 */
import type { PageTranslation } from "../../../schemas/translations.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { type ContentError, located } from "../../content-files/errors.ts";
import { fileLabeller } from "../../content-files/issues.ts";
import type { SourceFile } from "../../content-files/source.ts";

/**
 * A route's path with its page's translated path: the template's item slug kept.
 * @param pattern the page's path (/services/:id); @param path the route's (/services/web-development)
 */
export function translatedPath(translated: string, pattern: string, path: string): string {
  const at = pattern.split("/").indexOf(":id");
  return at === -1 ? translated : translated.replace(":id", path.split("/")[at]!);
}

/** Whether a translated path can stand for its page's: the same ":id" (a template page), and the home page never moved. */
export function checkTranslatedPath(sourcePath: string, translation: PageTranslation, source: SourceFile): ContentError[] {
  const path = translation.path;
  if (path === undefined) return [];
  const reason =
    sourcePath === "/" && path !== "/"
      ? "the home page is its locale's prefix"
      : sourcePath.includes(":id") !== path.includes(":id")
        ? sourcePath.includes(":id")
          ? 'a template page\'s path has its ":id"'
          : 'only a template page\'s path has an ":id"'
        : undefined;
  return reason ? [located(source, ["path"], fileLabeller(source.file.replace(/^content\//, "")), catalogue.TranslatedPathInvalid(path, sourcePath, reason))] : [];
}
