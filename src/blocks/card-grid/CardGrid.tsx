import { Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function CardGrid({ heading, data, columns, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone} heading={heading}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: Math.min(columns, 2), lg: columns }} gap="6">
        {data.map((c) => (
          <Flex as="li" key={c.title} direction="column" bg="white" color="gray.800" rounded="xl" borderWidth="1px" borderColor="gray.200" p="7">
            {c.icon && (
              <Flex w="12" h="12" rounded="full" bg="brand.50" color="brand.700" align="center" justify="center" mb="4">
                <Icon name={c.icon} boxSize="6" />
              </Flex>
            )}
            <Heading as="h3" size="lg">{c.title}</Heading>
            <Text mt="3" color="gray.600">{c.text}</Text>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
