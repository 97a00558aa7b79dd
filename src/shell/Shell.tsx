import { Box } from "@chakra-ui/react";
import { lazy, type ReactNode, Suspense } from "react";
import type { ShellData } from "../runtime/content.server.ts";
import { ChatButton } from "./ChatButton.tsx";
import { Footer } from "./Footer.tsx";
import { Navbar } from "./Navbar.tsx";
import { SkipLink } from "./SkipLink.tsx";
import { useToastsWanted } from "../ui/toaster.ts";

const Toasts = lazy(() => import("./Toasts.tsx"));

/** The persistent elements around every page (spec §2). */
export function Shell({ services, newsletter, children }: ShellData & { children: ReactNode }) {
  const toastsWanted = useToastsWanted();
  return (
    <>
      <SkipLink />
      <Navbar services={services} />
      <Box as="main" id="main" tabIndex={-1} _focus={{ outline: "none" }} minH="60vh">
        {children}
      </Box>
      <Footer services={services} newsletter={newsletter} />
      <ChatButton />
      {toastsWanted && (
        <Suspense>
          <Toasts />
        </Suspense>
      )}
    </>
  );
}
