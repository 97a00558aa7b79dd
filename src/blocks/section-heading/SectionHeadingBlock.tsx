import { Box, Container } from "@chakra-ui/react";
import { SectionHeading, tones } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function SectionHeadingBlock({ id, heading, tone }: BlockProps<typeof definition>) {
  return (
    // Only top spacing: the block below (e.g. the application form) continues the section.
    <Box id={id} scrollMarginTop="16" bg={tones[tone].bg} color={tones[tone].color} pt={{ base: "14", md: "20" }}>
      <Container maxW="6xl">
        <SectionHeading heading={heading} inverted={tone === "brand"} />
      </Container>
    </Box>
  );
}
