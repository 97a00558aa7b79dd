/**
 * Around every studio screen: the studio's bar (the site's name, the screens a signed-in person
 * may open, signing out) and the page's one <main>. Signed out, the bar shows only the name.
 * The blog admin and the page editor's list show the same bar in studio mode.
 */
import { Box, Button, Container, Flex, Link, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import site from "../../page/site-settings.ts";
import { ACCOUNT_PATH, ADMIN_PATH, ANALYTICS_PATH, AUDIT_PATH, EDITOR_PATH, MEDIA_PATH, SETTINGS_PATH, SIGN_IN_PATH, STUDIO_HOME_PATH, SUBMISSIONS_PATH, USERS_PATH } from "../../runtime/studio-paths.ts";
import { type Me, studio } from "../client.ts";
import { texts } from "../texts.ts";

const t = texts.nav;

/** The screens in the bar, in order, and who sees each. */
const SCREENS: readonly { href: string; label: string; shown?: (role: Me["user"]["role"]) => boolean }[] = [
  { href: STUDIO_HOME_PATH, label: t.home },
  { href: ADMIN_PATH, label: t.posts },
  { href: EDITOR_PATH, label: t.pages },
  { href: SETTINGS_PATH, label: t.settings },
  { href: SUBMISSIONS_PATH, label: t.submissions, shown: (role) => role !== "contributor" },
  { href: ANALYTICS_PATH, label: t.analytics, shown: (role) => role !== "contributor" },
  { href: ACCOUNT_PATH, label: t.account },
  { href: USERS_PATH, label: t.users, shown: (role) => role === "admin" },
  { href: AUDIT_PATH, label: t.audit, shown: (role) => role === "admin" },
  { href: MEDIA_PATH, label: t.media },
];

/** This page's path, read once mounted in the browser: none where the bar is prerendered, so hydrating it matches. */
function usePathname() {
  const [pathname, setPathname] = useState("");
  useEffect(() => setPathname(window.location.pathname), []);
  return pathname;
}

/** The studio's bar: the site's name and, for someone signed in, the screens they may open (the one shown marked) and Sign out. */
export function StudioNav({ me }: { me?: Me }) {
  const here = usePathname();
  const nav = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls sideways: the screen shown is brought into it (the row alone, never the page under a restored scroll position).
  useEffect(() => {
    const row = nav.current;
    const shown = row?.querySelector("[aria-current=page]");
    if (!row || !shown) return;
    const past = shown.getBoundingClientRect().right - row.getBoundingClientRect().right;
    if (past > 0) row.scrollLeft += past;
  }, [here]);
  const signOut = async () => {
    const result = await studio.signOut();
    if (result.ok) window.location.assign(SIGN_IN_PATH);
  };
  return (
    <Box as="header" bg="gray.900" color="white">
      <Container maxW="6xl" py="3">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <Text fontWeight="semibold">
            {site.name} · {texts.studio}
          </Text>
          {me && (
            // On a phone one row that scrolls sideways, not four rows above every screen's content.
            <Flex ref={nav} as="nav" aria-label={t.label} gap="4" align="center" wrap={{ base: "nowrap", md: "wrap" }} overflowX={{ base: "auto", md: "visible" }} whiteSpace="nowrap" w={{ base: "full", md: "auto" }} pb={{ base: "1", md: "0" }} css={{ "& > *": { flexShrink: 0 } }}>
              {SCREENS.filter((screen) => screen.shown?.(me.user.role) ?? true).map(({ href, label }) => (
                <Link key={href} href={href} color="white" aria-current={here === href ? "page" : undefined} css={{ "&[aria-current=page]": { textDecoration: "underline", textDecorationThickness: "2px", textUnderlineOffset: "6px" } }}>
                  {label}
                </Link>
              ))}
              <Button size="sm" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }} onClick={() => void signOut()}>
                {t.signOut}
              </Button>
            </Flex>
          )}
        </Flex>
      </Container>
    </Box>
  );
}

export function Frame({ me, width = "4xl", children }: { me?: Me; width?: string; children: ReactNode }) {
  return (
    <>
      <StudioNav {...(me && { me })} />
      <Container as="main" id="main" maxW={width} py={{ base: "8", md: "12" }}>
        {children}
      </Container>
    </>
  );
}
