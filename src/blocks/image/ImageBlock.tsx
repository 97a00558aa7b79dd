import { Box, Container, Text } from "@chakra-ui/react";
import { tones } from "../../ui/Section.tsx";
import { Picture } from "../../ui/Picture.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

type Width = BlockProps<typeof definition>["width"];

/** How wide each width is shown, for the image's `sizes` (the 3xl and 6xl containers less their padding). */
const widths: Record<Width, { maxW: string; sizes: string }> = {
  content: { maxW: "3xl", sizes: "(min-width: 48em) 720px, 100vw" },
  wide: { maxW: "6xl", sizes: "(min-width: 72em) 1088px, 100vw" },
  full: { maxW: "full", sizes: "100vw" },
};

export default function ImageBlock({ image, caption, width, tone }: BlockProps<typeof definition>) {
  const { maxW, sizes } = widths[width];
  const full = width === "full";
  return (
    <Box as="section" bg={tones[tone].bg} color={tones[tone].color} py={{ base: "10", md: "14" }} data-tone={tone}>
      <Container as="figure" maxW={maxW} px={full ? "0" : undefined}>
        <Box lineHeight="0" rounded={full ? undefined : "xl"} overflow="hidden">
          <Picture image={image} sizes={sizes} />
        </Box>
        {caption && (
          <Text as="figcaption" mt="3" px={full ? "4" : undefined} textAlign="center" fontSize="sm" color={tone === "brand" ? "whiteAlpha.800" : "gray.600"}>
            {caption}
          </Text>
        )}
      </Container>
    </Box>
  );
}
