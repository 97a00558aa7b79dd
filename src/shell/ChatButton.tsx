import { Box } from "@chakra-ui/react";
import { useSiteConfig } from "../page/site-config.ts";
import { whatsAppLink } from "../ui/links.ts";
import { SHELL } from "./behaviours.ts";

/**
 * The floating chat shortcut: appears after the configured delay (behaviours.ts shows it),
 * opens a prefilled chat in a new tab.
 */
export function ChatButton() {
  const site = useSiteConfig();
  // In a landmark of its own, like all content of the page (axe: region).
  return (
    <aside aria-label={site.chat.label} hidden {...{ [SHELL.appearAfter]: site.chat.delayMs }}>
      <Box
        asChild
        position="fixed"
        bottom={{ base: "4", md: "6" }}
        insetEnd={{ base: "4", md: "6" }}
        zIndex="overlay"
        w="14"
        h="14"
        rounded="full"
        bg="#0b7a3b"
        color="white"
        display="flex"
        alignItems="center"
        justifyContent="center"
        shadow="lg"
        _hover={{ bg: "#096332" }}
        _focusVisible={{ outline: "3px solid", outlineColor: "brand.600", outlineOffset: "3px" }}
        css={{ animation: "fade-in 0.3s ease-out" }}
      >
        <a href={whatsAppLink(site.contact.phoneE164, site.chat.greeting)} target="_blank" rel="noopener noreferrer" aria-label={site.chat.label} data-testid="chat-button">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor" aria-hidden="true">
            <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
          </svg>
        </a>
      </Box>
    </aside>
  );
}
