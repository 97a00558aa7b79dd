import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { SectionHeading } from "../../../schemas/fields.ts";
import { CheckList } from "../../ui/CheckList.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

function ColumnHeading({ heading }: { heading: SectionHeading }) {
  return (
    <Box mb="6">
      {heading.eyebrow && (
        <Text textTransform="uppercase" letterSpacing="wider" fontSize="sm" fontWeight="semibold" color="brand.700" mb="2">
          {heading.eyebrow}
        </Text>
      )}
      <Heading as="h2" size="2xl">{heading.title}</Heading>
      {heading.intro && <Text mt="3" color="gray.600">{heading.intro}</Text>}
    </Box>
  );
}

export default function ServiceFeatures({ featuresHeading, technologiesHeading, data, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone}>
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: "12", lg: "16" }}>
        <Box gridColumn={{ lg: "span 3" }}>
          <ColumnHeading heading={featuresHeading} />
          <CheckList items={data.features} columns={{ base: 1, md: 2 }} gap="4" />
        </Box>
        <Box gridColumn={{ lg: "span 2" }}>
          <ColumnHeading heading={technologiesHeading} />
          <Flex as="ul" listStyleType="none" wrap="wrap" gap="2">
            {data.technologies.map((t) => (
              <Box as="li" key={t} px="3" py="1.5" rounded="full" bg="gray.100" color="gray.800" fontSize="sm" fontWeight="medium">
                {t}
              </Box>
            ))}
          </Flex>
        </Box>
      </SimpleGrid>
    </Section>
  );
}
