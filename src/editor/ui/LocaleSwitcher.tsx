/**
 * The editor's language switch: the file in the site's own language (its blocks, the source of
 * every translation) or its translation into another locale, each a link to its address
 * (studio/editor-paths.ts). A site-wide file's source is not edited here: it offers its
 * translations only.
 */
import { Button, Flex } from "@chakra-ui/react";
import { isSiteWide } from "../../../schemas/translations.ts";
import { followInPage } from "../../page/location.ts";
import { localeUrl, sourcePath } from "../../studio/editor-paths.ts";
import type { EditorContext } from "../model.ts";
import type { TranslatedKind } from "../document/translation.ts";
import { texts } from "../texts.ts";
import { translationTexts as t } from "../translation-texts.ts";

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
