import { Box } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { ShellData } from "./data.ts";
import { ChatButton } from "./ChatButton.tsx";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";
import { SkipLink } from "./SkipLink.tsx";
import type { Languages } from "./LanguageSwitcher.tsx";

/**
 * The persistent elements around every page (spec §2): static HTML, with islands where they
 * need JavaScript (the services dropdown, Get Quote, the newsletter form). What they do on
 * their own (scroll, the chat button's delay) is shell/behaviours.ts; toasts mount on the
 * first notice (ui/toaster.ts).
 */
export function Shell({ services, newsletter, locale, languages, children }: Pick<ShellData, "services" | "newsletter" | "locale"> & { languages?: Languages; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Navbar services={services} languages={languages} />
      <Box as="main" id="main" tabIndex={-1} _focus={{ outline: "none" }} minH="60vh">
        {children}
      </Box>
      <Footer services={services} newsletter={newsletter} locale={locale} />
      <ChatButton />
    </>
  );
}
