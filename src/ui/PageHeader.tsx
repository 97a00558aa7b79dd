import { Box, Container, type ContainerProps, Grid } from "@chakra-ui/react";
import type { ReactNode } from "react";

export interface PageHeaderProps extends Pick<ContainerProps, "maxW" | "textAlign"> {
  children: ReactNode;
  /** Shown beside the text from 48em (an illustration), under it on phones. */
  aside?: ReactNode;
  /** Covers the whole band behind the text (a picture), darkened so white text stays readable. */
  backdrop?: ReactNode;
}

/**
 * How wide an `aside` is shown, for its image's `sizes`: the 6xl container's second column
 * (about 470px) from 72em, 42% of the viewport from 48em, the phone's width (capped at 24rem) below.
 */
export const PAGE_HEADER_ASIDE_SIZES = "(min-width: 72em) 470px, (min-width: 48em) 42vw, min(100vw, 24rem)";

/**
 * The band's size with a picture behind its text (a hero's `background`), as About Us shows it
 * on a computer (1280 pixels wide) and on a phone (390): its height follows its text. The Media
 * screen previews what a picture there shows at these sizes; tests/e2e/about.spec.ts measures them.
 */
export const BACKDROP_BOX = { 1280: { width: 1280, height: 645 }, 390: { width: 390, height: 697 } } as const;

/** The dark gradient band at the top of a page, under the fixed navigation bar. */
export function PageHeader({ children, maxW = "5xl", textAlign = "center", aside, backdrop }: PageHeaderProps) {
  return (
    <Box
      as="header"
      position="relative"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientVia="brand.800"
      gradientTo="brand.600"
      color="white"
      pt={{ base: "28", md: "36" }}
      pb={{ base: "16", md: "24" }}
      overflow={backdrop ? "hidden" : undefined}
    >
      {backdrop && (
        <>
          {backdrop}
          {/* All three stops its own: without a `via`, the band's (inherited through Chakra's gradient variables) made it opaque. */}
          <Box position="absolute" inset="0" bgGradient="to-b" gradientFrom="brand.950/80" gradientVia="brand.900/75" gradientTo="brand.900/70" />
        </>
      )}
      <Container maxW={aside ? "6xl" : maxW} textAlign={aside ? { base: "center", md: "start" } : textAlign} position={backdrop ? "relative" : undefined}>
        {aside ? (
          <Grid templateColumns={{ base: "1fr", md: "1.1fr 0.9fr" }} gap={{ base: "10", md: "12" }} alignItems="center">
            <Box>{children}</Box>
            <Box maxW={{ base: "24rem", md: "none" }} mx="auto" w="full" lineHeight="0">{aside}</Box>
          </Grid>
        ) : (
          children
        )}
      </Container>
    </Box>
  );
}
