import { Box, Container, Flex, IconButton, Link as ChakraLink, Stack } from "@chakra-ui/react";
import { useShellLang, useSiteConfig } from "../page/site-config.ts";
import type { ShellData } from "./data.ts";
import { Island } from "../page/Island.tsx";
import { servicesMenu } from "./ServicesMenu.island.ts";
import { isCurrent, usePage } from "../page/context.tsx";
import { ActionButton } from "../ui/ActionButton.tsx";
import { Icon } from "../ui/Icon.tsx";
import { SHELL } from "./behaviours.ts";
import { NavItem } from "./NavItem.tsx";
import { ScrollProgress } from "./ScrollProgress.tsx";
import { LanguageSwitcher, type Languages } from "./LanguageSwitcher.tsx";
import { useUiString } from "../page/ui-strings.ts";

const GLASS = "blur(12px) saturate(160%)";
const GLASS_BG = "rgba(23, 33, 76, 0.82)";
const MENU_ID = "mobile-menu";
const menuOpen = `header:has(#${MENU_ID}:popover-open)`;

/**
 * The navigation bar: static HTML on every page. Solid brand colour at the top, so its white
 * links read on every page; glass-like (translucent, blurred) once the page is scrolled past
 * the threshold (behaviours.ts sets data-scrolled) or while the mobile menu is open. The
 * mobile menu is a native popover: it opens from the first paint, with no script at all,
 * and closes with Escape or a tap outside. The services dropdown and Get Quote are islands.
 */
export function Navbar({ services, languages }: Pick<ShellData, "services"> & { languages?: Languages | undefined }) {
  const { path } = usePage();
  const t = useUiString();
  const site = useSiteConfig();
  const lang = useShellLang();
  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetInline="0"
      zIndex="sticky"
      color="white"
      data-testid="navbar"
      {...{ [SHELL.navbar]: "", "data-scrolled": "false", "data-scrolled-after": site.navigation.translucentAfterPx }}
      bg="brand.950"
      transition="background-color 0.25s, box-shadow 0.25s"
      css={{
        // Safari before 18 knows only the prefixed property (styles/provider.tsx: Emotion writes no prefixes).
        [`&[data-scrolled=true], &:has(#${MENU_ID}:popover-open)`]: { bg: GLASS_BG, backdropFilter: GLASS, WebkitBackdropFilter: GLASS },
        "&[data-scrolled=true]": { boxShadow: "md" },
      }}
    >
      {/* Inside the banner landmark: no content of the page sits outside a landmark. */}
      <ScrollProgress />
      <Container maxW="7xl" as="nav" aria-label={t("shell.mainNavigation")}>
        <Flex h="16" align="center" justify="space-between" gap="6">
          <ChakraLink href="/" fontWeight="semibold" fontSize={{ base: "lg", md: "xl" }} color="white" letterSpacing="tight" _hover={{ textDecoration: "none" }}>
            {site.name}
          </ChakraLink>
          <Flex as="ul" listStyleType="none" gap="1" align="center" display={{ base: "none", lg: "flex" }}>
            {site.navigation.links.map((link, i) => (
              <Box as="li" key={link.href} position="relative">
                {link.menu === "services" ? (
                  <Island of={servicesMenu} props={{ label: link.label, ...lang("navigation", "links", i, "label"), menuLabel: t("shell.submenu", { label: link.label }), href: link.href, current: isCurrent(link.href, path), services }} />
                ) : (
                  <NavItem label={link.label} href={link.href} current={isCurrent(link.href, path)} {...lang("navigation", "links", i, "label")} />
                )}
              </Box>
            ))}
          </Flex>
          <Flex align="center" gap="2">
            {languages && <LanguageSwitcher {...languages} />}
            <Box display={{ base: "none", sm: "block" }} {...lang("navigation", "cta", "label")}>
              <ActionButton action={site.navigation.cta} size="sm" onDarkBackground />
            </Box>
            <IconButton
              display={{ base: "inline-flex", lg: "none" }}
              popoverTarget={MENU_ID}
              aria-label={t("shell.menu")}
              variant="ghost"
              color="white"
              _hover={{ bg: "whiteAlpha.200" }}
              css={{ "& [data-when=open]": { display: "none" }, [`${menuOpen} & [data-when=open]`]: { display: "inline-block" }, [`${menuOpen} & [data-when=closed]`]: { display: "none" } }}
            >
              <Icon name="menu" boxSize="6" data-when="closed" />
              <Icon name="x-close" boxSize="6" data-when="open" />
            </IconButton>
          </Flex>
        </Flex>
        {/* In the top layer when open, just below the bar, glass-like as the bar is then. */}
        <Box
          id={MENU_ID}
          popover="auto"
          data-testid="mobile-menu"
          position="fixed"
          top="16"
          bottom="auto"
          insetInline="0"
          w="full"
          maxW="none"
          h="auto"
          maxH="calc(100dvh - 4rem)"
          overflowY="auto"
          color="white"
          bg={GLASS_BG}
          backdropFilter={GLASS}
          css={{ WebkitBackdropFilter: GLASS, [`&:popover-open`]: { display: "block" } }}
          hideFrom="lg"
        >
          <Container maxW="7xl">
            <Stack as="ul" listStyleType="none" gap="1" pb="6">
              {[...site.navigation.links.map((link, i) => ({ link, place: ["links", i] })), ...site.navigation.mobileLinks.map((link, i) => ({ link, place: ["mobileLinks", i] }))].map(({ link, place }) => (
                <Box as="li" key={link.href}>
                  <NavItem label={link.label} href={link.href} current={isCurrent(link.href, path)} block {...lang("navigation", ...place, "label")} />
                </Box>
              ))}
              <Box as="li" pt="2" display={{ sm: "none" }} {...lang("navigation", "cta", "label")}>
                <ActionButton action={site.navigation.cta} size="md" onDarkBackground w="full" />
              </Box>
            </Stack>
          </Container>
        </Box>
      </Container>
    </Box>
  );
}
