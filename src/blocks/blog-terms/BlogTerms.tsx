import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { fillText } from "../../blog/summary.ts";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** All categories or all tags as cards: name, description, post count. */
export default function BlogTerms({ list, data, noDescription, countOne, countMany, tone }: BlockProps<typeof definition>) {
  const base = list === "categories" ? "/blog/category" : "/blog/tag";
  return (
    <Section tone={tone}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: list === "tags" ? 4 : 3 }} gap="5" data-testid="term-list">
        {data.map((t) => (
          <Box as="li" key={t.slug}>
            <a href={`${base}/${t.slug}`}>
              <Flex direction="column" h="full" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" shadow="sm" _hover={{ shadow: "md", borderColor: "brand.300" }} transition="box-shadow 0.2s, border-color 0.2s" data-testid="term-card">
                <Heading as="h2" size="lg">{list === "tags" ? `#${t.name}` : t.name}</Heading>
                <Text mt="2" color="gray.600" flex="1">{t.description || noDescription}</Text>
                <Text mt="4" fontSize="sm" fontWeight="semibold" color="brand.700">{t.count === 1 ? countOne : fillText(countMany, { count: t.count })}</Text>
              </Flex>
            </a>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}
