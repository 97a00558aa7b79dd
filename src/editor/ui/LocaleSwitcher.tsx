/**
 * The editor's language switch: the file in the site's own language (its blocks, the source of
 * every translation) or its translation into another locale. Links, so each version has its
 * address (`?page=about&locale=hi`, `?texts=site&locale=hi`) and the browser's back button
 * works. A site-wide file's source is not edited here: it offers its translations only.
 */
import { Button, Flex } from "@chakra-ui/react";
import { followInPage } from "../../page/location.ts";
import { EDITOR_PATH, SETTINGS_PATH } from "../../runtime/studio-paths.ts";
import type { SiteWideKind } from "../../../schemas/translations.ts";
import type { EditorContext } from "../model.ts";
import { isSiteWide, type TranslatedKind } from "../document/translation.ts";
import { texts } from "../texts.ts";
import { translationTexts as t } from "../translation-texts.ts";

/** The site-wide files whose own language is edited in the studio too, and where: the site settings. */
const SOURCE_PATHS: Partial<Record<SiteWideKind, string>> = { site: SETTINGS_PATH };
const sourcePath = (kind: TranslatedKind) => (isSiteWide(kind) ? SOURCE_PATHS[kind] : undefined);

/** The editor's address of a file in a locale (none: the default's; the blog taxonomy has a locale always). */
export const localeUrl = (kind: TranslatedKind, name: string, locale?: string) =>
  (locale === undefined && sourcePath(kind)) ||
  `${EDITOR_PATH}?${isSiteWide(kind) ? `${SITE_WIDE_PARAM}=${kind}` : `${kind}=${encodeURIComponent(name)}`}${locale ? `&locale=${encodeURIComponent(locale)}` : ""}`;

/** The query parameter naming a site-wide file's translation: `?texts=site&locale=hi`. */
export const SITE_WIDE_PARAM = "texts";

export function LocaleSwitcher({ locales: all, kind, name, current, dirty }: { locales: EditorContext["locales"]; kind: TranslatedKind; name: string; current: string; dirty: boolean }) {
  // A site-wide file without a source here offers its translations only.
  const sourced = !isSiteWide(kind) || sourcePath(kind) !== undefined;
  const locales = sourced ? all : all.slice(1);
  if (locales.length < 2) return null;
  return (
    <Flex as="nav" aria-label={t.language} gap="0" data-testid="locale-switcher">
      {locales.map((locale, i) => (
        <Button
          key={locale.code}
          asChild
          size="sm"
          variant={locale.code === current ? "solid" : "outline"}
          roundedStart={i > 0 ? "0" : undefined}
          roundedEnd={i < locales.length - 1 ? "0" : undefined}
        >
          <a
            href={localeUrl(kind, name, i === 0 && sourced ? undefined : locale.code)}
            hrefLang={locale.code}
            lang={locale.code}
            aria-current={locale.code === current ? "page" : undefined}
            onClick={(e) => (dirty && !window.confirm(texts.leave) ? e.preventDefault() : followInPage(e))}
          >
            {locale.name}
          </a>
        </Button>
      ))}
    </Flex>
  );
}
