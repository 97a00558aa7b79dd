/**
 * Island: the Services link with a two-column dropdown of the catalogue. It opens on hover,
 * or with the arrow button by keyboard (Escape closes it). It hydrates when the pointer or
 * the focus comes near it (early-events.ts), and opens at once if the pointer is already on it.
 */
import { localHref } from "../page/local-href.ts";
import { Box, Flex, IconButton, Link as ChakraLink, SimpleGrid, Text } from "@chakra-ui/react";
import { useEffect, useId, useRef, useState } from "react";
import type { IconName } from "../../schemas/icons.ts";
import { Icon } from "../ui/Icon.tsx";
import { NavItem } from "./NavItem.tsx";

export interface ServicesMenuProps {
  label: string;
  /** The label's language, where it is not the page's (an untranslated site config text). */
  lang?: string;
  /** The submenu's name, in the page's language (UI string shell.submenu: "Services menu"). */
  menuLabel: string;
  href: string;
  current: boolean;
  /** Each with its title's language where it is not the page's (an untranslated service). */
  services: { id: string; title: string; icon: IconName; lang?: string }[];
}

export default function ServicesMenu({ label, lang, menuLabel, href, current, services }: ServicesMenuProps) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const show = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hide = () => {
    closeTimer.current = window.setTimeout(() => setOpen(false), 120);
  };
  // The hover that woke the island came before its handlers: honour it.
  useEffect(() => {
    if (box.current?.matches(":hover")) show();
  }, []);

  return (
    <Box
      ref={box}
      onMouseEnter={show}
      onMouseLeave={hide}
      onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}
      data-testid="services-menu"
    >
      <Flex align="center">
        <NavItem label={label} href={href} current={current} lang={lang} />
        <IconButton
          aria-label={menuLabel}
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
      <Box id={menuId} hidden={!open} position="absolute" top="100%" insetStart="-40" pt="2" w="xl" data-testid="services-dropdown">
        {/* Rendered only while open: it needs JavaScript to open anyway, and leaving it out
            keeps 15 links and their styles out of every page's HTML ahead of the hero. */}
        {open && (
          <SimpleGrid as="ul" listStyleType="none" columns={2} gap="1" bg="white" color="gray.800" rounded="xl" shadow="xl" p="3" borderWidth="1px" borderColor="gray.100">
            {services.map((s) => (
              <li key={s.id}>
                <ChakraLink href={localHref(`/services/${s.id}`)} display="flex" alignItems="center" gap="3" px="3" py="2" rounded="md" color="gray.800" _hover={{ bg: "brand.50", textDecoration: "none" }}>
                  <Icon name={s.icon} boxSize="4" color="brand.700" />
                  <Text as="span" fontSize="sm" fontWeight="medium" lang={s.lang}>{s.title}</Text>
                </ChakraLink>
              </li>
            ))}
          </SimpleGrid>
        )}
      </Box>
    </Box>
  );
}
