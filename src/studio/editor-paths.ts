/**
 * The page editor's address of a file in a locale: what its language switch and its list link
 * to, and what the studio's Home links a translation to finish to. Links, so each version has
 * its address (`?page=about&locale=hi`, `?texts=site&locale=hi`) and the browser's back button
 * works.
 */
import { isSiteWide, type SiteWideKind } from "../../schemas/translations.ts";
import { EDITOR_PATH, SETTINGS_PATH } from "../runtime/studio-paths.ts";

/** The site-wide files whose own language is edited in the studio too, and where: the site settings. */
const SOURCE_PATHS: Partial<Record<SiteWideKind, string>> = { site: SETTINGS_PATH };
/** Where a site-wide file's own language is edited, if the studio edits it (a page's, a collection's: none here). */
export const sourcePath = (kind: string) => (isSiteWide(kind) ? SOURCE_PATHS[kind] : undefined);

/** The editor's address of a file in a locale (none: the default's; the blog taxonomy has a locale always). */
export const localeUrl = (kind: string, name: string, locale?: string) =>
  (locale === undefined && sourcePath(kind)) ||
  `${EDITOR_PATH}?${isSiteWide(kind) ? `${SITE_WIDE_PARAM}=${kind}` : `${kind}=${encodeURIComponent(name)}`}${locale ? `&locale=${encodeURIComponent(locale)}` : ""}`;

/** The query parameter naming a site-wide file's translation: `?texts=site&locale=hi`. */
export const SITE_WIDE_PARAM = "texts";
