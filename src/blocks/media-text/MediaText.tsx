import { Box, Flex, Grid, Heading, Text } from "@chakra-ui/react";
import { ActionRow } from "../../ui/ActionButton.tsx";
import { Picture } from "../../ui/Picture.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

// Half of the 6xl container (less the gap) from 48em; the full width on phones.
const IMAGE_SIZES = "(min-width: 72em) 530px, (min-width: 48em) 46vw, 100vw";

export default function MediaText({ eyebrow, title, text, actions, image, imageSide, tone }: BlockProps<typeof definition>) {
  const inverted = tone === "brand";
  return (
    <Section tone={tone}>
      <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap={{ base: "8", md: "12" }} alignItems="center">
        <Box order={{ base: 0, md: imageSide === "start" ? 0 : 1 }} lineHeight="0" rounded="xl" overflow="hidden">
          <Picture image={image} sizes={IMAGE_SIZES} />
        </Box>
        <Box>
          {eyebrow && (
            <Text textTransform="uppercase" letterSpacing="wider" fontSize="sm" fontWeight="semibold" color={inverted ? "brand.200" : "brand.700"} mb="2">
              {eyebrow}
            </Text>
          )}
          <Heading as="h2" size="2xl">
            {title}
          </Heading>
          {text.split(/\n\s*\n/).map((paragraph) => (
            <Text key={paragraph} mt="4" fontSize="lg" color={inverted ? "whiteAlpha.900" : "gray.700"}>
              {paragraph}
            </Text>
          ))}
          {actions.length > 0 && (
            <Flex mt="8" gap="4" wrap="wrap">
              <ActionRow actions={actions} onDarkBackground={inverted} />
            </Flex>
          )}
        </Box>
      </Grid>
    </Section>
  );
}
