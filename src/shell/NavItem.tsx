import { Link as ChakraLink } from "@chakra-ui/react";

/** A link of the navigation bar or the mobile menu; the current page (or its section) is marked. */
export function NavItem({ label, href, current, block, lang }: { label: string; href: string; current: boolean; block?: boolean; lang?: string }) {
  return (
    <ChakraLink
      lang={lang}
      href={href}
      aria-current={current ? "page" : undefined}
      display={block ? "block" : "inline-block"}
      px="3"
      py="2"
      rounded="md"
      color="white"
      fontWeight="medium"
      _hover={{ bg: "whiteAlpha.200", textDecoration: "none" }}
      css={{ "&[aria-current=page]": { bg: "whiteAlpha.200" } }}
    >
      {label}
    </ChakraLink>
  );
}
