import { Flex, Link as ChakraLink } from "@chakra-ui/react";
import { useUiString } from "../page/ui-strings.ts";
import { SAME_PATH_ATTRIBUTE, SAME_PATH_SCRIPT } from "../page/same-path.ts";

/** The page's language and its versions in other built locales (page-data.ts PageLanguage). */
export interface Languages {
  current: string;
  versions: { lang: string; name: string; path: string }[];
  /** A not-found page: its versions are each locale's home, and a script points them at the same path there (page/same-path.ts). */
  samePath?: boolean;
}

/**
 * The language switcher: plain links to this page in each locale where it is translated,
 * each named in its own language (lang) and marked with its hreflang, the current one
 * aria-current. No script and no redirect: a visitor or a crawler picks the language.
 * A link with hreflang is left as it is when a localised page's links are put in its locale
 * (i18n/local-links.ts). On a not-found page they lead to the same path in each locale.
 */
export function LanguageSwitcher({ current, versions, samePath = false }: Languages) {
  const t = useUiString();
  if (versions.length < 2) return null;
  return (
    <>
      <Flex as="ul" aria-label={t("shell.languages")} listStyleType="none" gap="1" align="center" data-testid="language-switcher">
        {versions.map((v) => (
          <li key={v.lang}>
            <ChakraLink
              href={v.path}
              hrefLang={v.lang}
              lang={v.lang}
              {...(samePath && { [SAME_PATH_ATTRIBUTE]: v.path === "/" ? "" : v.path })}
              aria-current={v.lang === current ? "page" : undefined}
              color="white"
              fontSize="sm"
              px="2"
              py="1"
              rounded="md"
              textDecoration={v.lang === current ? "underline" : "none"}
              textUnderlineOffset="4px"
              _hover={{ bg: "whiteAlpha.200" }}
            >
              {v.name}
            </ChakraLink>
          </li>
        ))}
      </Flex>
      {samePath && <script dangerouslySetInnerHTML={{ __html: SAME_PATH_SCRIPT }} />}
    </>
  );
}
