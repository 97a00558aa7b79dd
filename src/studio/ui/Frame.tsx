/**
 * Around every studio screen: the studio's bar (the site's name, the screens a signed-in person
 * may open, signing out) and the page's one <main>. Signed out, the bar shows only the name.
 * The blog admin and the page editor's list show the same bar in studio mode.
 */
import { Box, Button, Container, Flex, Link, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import site from "../../page/site-settings.ts";
import { ACCOUNT_PATH, ADMIN_PATH, ANALYTICS_PATH, AUDIT_PATH, EDITOR_PATH, MEDIA_PATH, SETTINGS_PATH, SIGN_IN_PATH, STUDIO_HOME_PATH, SUBMISSIONS_PATH, USERS_PATH } from "../../runtime/studio-paths.ts";
import { type Me, studio } from "../client.ts";
import { texts } from "../texts.ts";

const t = texts.nav;

/** The studio's bar: the site's name and, for someone signed in, the screens they may open and Sign out. */
export function StudioNav({ me }: { me?: Me }) {
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
            <Flex as="nav" aria-label={t.label} gap="4" align="center" wrap={{ base: "nowrap", md: "wrap" }} overflowX={{ base: "auto", md: "visible" }} whiteSpace="nowrap" w={{ base: "full", md: "auto" }} pb={{ base: "1", md: "0" }} css={{ "& > *": { flexShrink: 0 } }}>
              <Link href={STUDIO_HOME_PATH} color="white">{t.home}</Link>
              <Link href={ADMIN_PATH} color="white">{t.posts}</Link>
              <Link href={EDITOR_PATH} color="white">{t.pages}</Link>
              <Link href={SETTINGS_PATH} color="white">{t.settings}</Link>
              {me.user.role !== "contributor" && <Link href={SUBMISSIONS_PATH} color="white">{t.submissions}</Link>}
              {me.user.role !== "contributor" && <Link href={ANALYTICS_PATH} color="white">{t.analytics}</Link>}
              <Link href={ACCOUNT_PATH} color="white">{t.account}</Link>
              {me.user.role === "admin" && <Link href={USERS_PATH} color="white">{t.users}</Link>}
              {me.user.role === "admin" && <Link href={AUDIT_PATH} color="white">{t.audit}</Link>}
              <Link href={MEDIA_PATH} color="white">{t.media}</Link>
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
