/** The page list's translation figure: per locale but the default, the share of the file's texts translated (the checker's completeness), and how many are stale. */
import { Badge } from "@chakra-ui/react";
import type { EditorContext, TranslationProgress as Progress } from "../model.ts";
import { translationTexts as t } from "../translation-texts.ts";

export function TranslationProgress({ progress, locales }: { progress: readonly Progress[]; locales: EditorContext["locales"] }) {
  return progress
    .filter((p) => p.total > 0)
    .map((p) => {
      const name = locales.find((l) => l.code === p.locale)?.name ?? p.locale;
      const complete = p.percent === 100;
      return (
        <Badge
          key={p.locale}
          variant="subtle"
          colorPalette={complete ? "green" : "orange"}
          color={complete ? "green.800" : "orange.900"}
          title={t.listProgressLabel(name, p.percent, p.translated, p.total, p.stale)}
          data-testid="translation-progress"
          data-locale={p.locale}
        >
          {t.listProgress(name, p.percent, p.stale)}
        </Badge>
      );
    });
}
