import { Box, Container } from "@chakra-ui/react";
import { useUiString } from "../page/ui-strings.ts";

/**
 * Above a page in fallback (its main content not translated): says, in the page's language,
 * that its text is shown in another one (i18n/page-language.ts), so a reader is not left to
 * wonder why a Hindi page reads in English.
 */
export function FallbackNote({ name }: { name: string }) {
  const t = useUiString();
  return (
    <Box role="note" bg="orange.50" borderBottomWidth="1px" borderColor="orange.200" color="gray.800" py="3">
      <Container maxW="6xl" fontSize="sm">
        {t("page.fallbackNote", { language: name })}
      </Container>
    </Box>
  );
}
