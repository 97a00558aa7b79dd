import { Box, Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { SectionHeading as Heading_ } from "../../schemas/fields.ts";

export type Tone = "plain" | "muted" | "brand";

export const tones: Record<Tone, { bg: string; color?: string }> = {
  plain: { bg: "white" },
  muted: { bg: "gray.50" },
  brand: { bg: "brand.950", color: "white" },
};

/** A full-width page section with the site's spacing and an optional heading. */
export function Section({ tone = "plain", heading, id, children }: { tone?: Tone; heading?: Heading_; id?: string; children: ReactNode }) {
  const t = tones[tone];
  return (
    // An anchored section (#positions) scrolls into view below the fixed navigation bar.
    <Box as="section" id={id} scrollMarginTop={id ? "16" : undefined} bg={t.bg} color={t.color} py={{ base: "14", md: "20" }} data-tone={tone}>
      <Container maxW="6xl">
        {heading && <SectionHeading heading={heading} inverted={tone === "brand"} />}
        {children}
      </Container>
    </Box>
  );
}

export function SectionHeading({ heading, inverted }: { heading: Heading_; inverted?: boolean }) {
  return (
    <Box textAlign="center" maxW="3xl" mx="auto" mb={{ base: "8", md: "12" }}>
      {heading.eyebrow && (
        <Text textTransform="uppercase" letterSpacing="wider" fontSize="sm" fontWeight="semibold" color={inverted ? "brand.200" : "brand.700"} mb="2">
          {heading.eyebrow}
        </Text>
      )}
      <Heading as="h2" size="2xl">
        {heading.title}
      </Heading>
      {heading.intro && (
        <Text mt="4" fontSize="lg" color={inverted ? "whiteAlpha.800" : "gray.600"}>
          {heading.intro}
        </Text>
      )}
    </Box>
  );
}
