import { Box, Flex, Heading, Text } from "@chakra-ui/react";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function Timeline({ heading, data, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone} heading={heading}>
      <Box as="ol" listStyleType="none" maxW="3xl" mx="auto" borderStartWidth="2px" borderColor="brand.200" ps={{ base: "6", md: "10" }}>
        {data.map((m) => (
          <Box as="li" key={m.id} position="relative" pb="10" _last={{ pb: "0" }}>
            <Box position="absolute" insetStart={{ base: "-31px", md: "-47px" }} top="1" w="4" h="4" rounded="full" bg="brand.600" borderWidth="3px" borderColor="white" />
            <Flex direction={{ base: "column", md: "row" }} gap={{ base: "1", md: "6" }} align="baseline">
              <Text fontSize="xl" fontWeight="semibold" color="brand.700" minW="20">{m.year}</Text>
              <Box>
                <Heading as="h3" size="lg">{m.title}</Heading>
                <Text mt="1" color="gray.600">{m.text}</Text>
              </Box>
            </Flex>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
