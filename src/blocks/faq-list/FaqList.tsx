import { Box, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function FaqList({ heading, data, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone} heading={heading}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="6">
        {data.map((f) => (
          <Box as="li" key={f.id} bg="white" color="gray.800" rounded="xl" borderWidth="1px" borderColor="gray.200" p="7">
            <Heading as="h3" size="md" lineHeight="short">{f.question}</Heading>
            <Text mt="3" color="gray.600">{f.answer}</Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
