import { Box, Container, Flex, IconButton, Link as ChakraLink, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import { Link as RouterLink, NavLink, useLocation } from "react-router";
import site from "../../site.config.ts";
import type { ShellData } from "../runtime/content.server.ts";
import { ActionButton } from "../ui/ActionButton.tsx";
import { Icon } from "../ui/Icon.tsx";
import { ScrollProgress } from "./ScrollProgress.tsx";

/**
 * Solid brand colour at the top, so its white links read on every page (not only those that
 * open with a dark header); glass-like (translucent, blurred) once the page is scrolled past
 * the configured threshold.
 */
function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export function Navbar({ services }: ShellData) {
  const scrolled = useScrolledPast(site.navigation.translucentAfterPx);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMobileOpen(false), [location.pathname]);
  const glass = scrolled || mobileOpen ? "blur(12px) saturate(160%)" : "none";

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetInline="0"
      zIndex="sticky"
      color="white"
      data-testid="navbar"
      data-scrolled={scrolled ? "true" : "false"}
      bg={scrolled || mobileOpen ? "rgba(23, 33, 76, 0.82)" : "brand.950"}
      backdropFilter={glass}
      // Safari before 18 knows only the prefixed property (styles.tsx: Emotion writes no prefixes).
      css={{ WebkitBackdropFilter: glass }}
      shadow={scrolled ? "md" : "none"}
      transition="background-color 0.25s, box-shadow 0.25s"
    >
      {/* Inside the banner landmark: no content of the page sits outside a landmark. */}
      <ScrollProgress />
      <Container maxW="7xl" as="nav" aria-label="Main">
        <Flex h="16" align="center" justify="space-between" gap="6">
          <ChakraLink asChild fontWeight="extrabold" fontSize="xl" color="white" letterSpacing="tight" _hover={{ textDecoration: "none" }}>
            <RouterLink to="/">{site.name}</RouterLink>
          </ChakraLink>
          <Flex as="ul" listStyleType="none" gap="1" align="center" display={{ base: "none", lg: "flex" }}>
            {site.navigation.links.map((link) => (
              <Box as="li" key={link.href} position="relative">
                {link.menu === "services" ? <ServicesMenu label={link.label} href={link.href} services={services} /> : <NavItem {...link} />}
              </Box>
            ))}
          </Flex>
          <Flex align="center" gap="2">
            <Box display={{ base: "none", sm: "block" }}>
              <ActionButton action={site.navigation.cta} size="sm" onDarkBackground />
            </Box>
            <IconButton
              display={{ base: "inline-flex", lg: "none" }}
              aria-label={mobileOpen ? "Close menu" : "Open menu"}
              aria-expanded={mobileOpen}
              aria-controls="mobile-menu"
              variant="ghost"
              color="white"
              _hover={{ bg: "whiteAlpha.200" }}
              onClick={() => setMobileOpen((o) => !o)}
            >
              <Icon name={mobileOpen ? "x-close" : "menu"} boxSize="6" />
            </IconButton>
          </Flex>
        </Flex>
        {mobileOpen && (
          <Stack id="mobile-menu" as="ul" listStyleType="none" gap="1" pb="6" display={{ lg: "none" }} data-testid="mobile-menu">
            {[...site.navigation.links, ...site.navigation.mobileLinks].map((link) => (
              <Box as="li" key={link.href}>
                <NavItem {...link} block />
              </Box>
            ))}
            <Box as="li" pt="2" display={{ sm: "none" }}>
              <ActionButton action={site.navigation.cta} size="md" onDarkBackground w="full" />
            </Box>
          </Stack>
        )}
      </Container>
    </Box>
  );
}

function NavItem({ label, href, block }: { label: string; href: string; block?: boolean }) {
  return (
    <ChakraLink
      asChild
      display={block ? "block" : "inline-block"}
      px="3"
      py="2"
      rounded="md"
      color="white"
      fontWeight="medium"
      _hover={{ bg: "whiteAlpha.200", textDecoration: "none" }}
      css={{ "&[aria-current=page]": { bg: "whiteAlpha.200" } }}
    >
      <NavLink to={href} end={href === "/"}>
        {label}
      </NavLink>
    </ChakraLink>
  );
}

/** Services link with a two-column dropdown of the catalogue: opens on hover, or with the arrow button by keyboard. */
function ServicesMenu({ label, href, services }: { label: string; href: string } & ShellData) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hide = () => {
    closeTimer.current = window.setTimeout(() => setOpen(false), 120);
  };

  return (
    <Box
      onMouseEnter={show}
      onMouseLeave={hide}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}
      data-testid="services-menu"
    >
      <Flex align="center">
        <NavItem label={label} href={href} />
        <IconButton
          aria-label={`${label} menu`}
          aria-expanded={open}
          aria-controls={menuId}
          size="xs"
          variant="ghost"
          color="white"
          _hover={{ bg: "whiteAlpha.200" }}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="chevron-down" boxSize="4" />
        </IconButton>
      </Flex>
      <Box
        id={menuId}
        hidden={!open}
        position="absolute"
        top="100%"
        insetStart="-40"
        pt="2"
        w="xl"
        data-testid="services-dropdown"
      >
        {/* Rendered only while open: it needs JavaScript to open anyway, and leaving it out
            keeps 15 links and their styles out of every page's HTML ahead of the hero. */}
        {open && (
        <SimpleGrid as="ul" listStyleType="none" columns={2} gap="1" bg="white" color="gray.800" rounded="xl" shadow="xl" p="3" borderWidth="1px" borderColor="gray.100">
          {services.map((s) => (
            <li key={s.id}>
              <ChakraLink asChild display="flex" alignItems="center" gap="3" px="3" py="2" rounded="md" color="gray.800" _hover={{ bg: "brand.50", textDecoration: "none" }}>
                <RouterLink to={`/services/${s.id}`}>
                  <Icon name={s.icon} boxSize="4" color="brand.700" />
                  <Text as="span" fontSize="sm" fontWeight="medium">{s.title}</Text>
                </RouterLink>
              </ChakraLink>
            </li>
          ))}
        </SimpleGrid>
        )}
      </Box>
    </Box>
  );
}
