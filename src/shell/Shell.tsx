import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { ShellData } from "./data.ts";
import { ChatButton } from "./ChatButton.tsx";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";
import { SkipLink } from "./SkipLink.tsx";
import type { Languages } from "./LanguageSwitcher.tsx";
import { DRAW_LATER_ATTR } from "../styles/draw-later.ts";

/**
 * The persistent elements around every page (spec §2): static HTML, with islands where they
 * need JavaScript (the services dropdown, Get Quote, the newsletter form). What they do on
 * their own (scroll, the chat button's delay) is shell/behaviours.ts; toasts mount on the
 * first notice (ui/toaster.ts). On a built page, whose after-paint loader draws them, the blocks
 * after the first and the footer are drawn after the page has painted (styles/draw-later.ts).
 */
export function Shell({ services, newsletter, locale, languages, drawLater, children }: Pick<ShellData, "services" | "newsletter" | "locale"> & { languages?: Languages; drawLater?: boolean; children: ReactNode }) {
  const later = drawLater && { [DRAW_LATER_ATTR]: "" };
  return (
    <>
      <SkipLink />
      <Navbar services={services} languages={languages} />
      <Box as="main" id="main" tabIndex={-1} _focus={{ outline: "none" }} minH="60vh" {...later}>
        {children}
      </Box>
      <Footer services={services} newsletter={newsletter} locale={locale} drawLater={drawLater} />
      <ChatButton />
    </>
  );
}
