import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** Numbered steps; the list is an <ol>, so the visible numbers are decoration for sighted readers. */
export default function ProcessSteps({ id, heading, data, tone }: BlockProps<typeof definition>) {
  const columns = [3, 5, 6].includes(data.length) ? 3 : Math.min(data.length, 4);
  const inverted = tone === "brand";
  return (
    <Section id={id} tone={tone} heading={heading}>
      <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, sm: 2, lg: columns }} gap="6">
        {data.map((step, i) => (
          <Flex as="li" key={step.title} direction="column" gap="3">
            <Flex align="center" gap="4">
              <Flex
                aria-hidden="true"
                flexShrink={0}
                w="12"
                h="12"
                rounded="full"
                align="center"
                justify="center"
                fontWeight="semibold"
                fontSize="lg"
                bg={inverted ? "white" : "brand.600"}
                color={inverted ? "brand.900" : "white"}
              >
                {String(i + 1).padStart(2, "0")}
              </Flex>
              {i < data.length - 1 && <Box flex="1" h="0.5" bg={inverted ? "whiteAlpha.400" : "brand.100"} hideBelow="lg" aria-hidden="true" />}
            </Flex>
            <Heading as="h3" size="lg">{step.title}</Heading>
            {step.text && <Text color={inverted ? "whiteAlpha.900" : "gray.600"}>{step.text}</Text>}
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
