import { Box, Flex, Heading, List, SimpleGrid, Text } from "@chakra-ui/react";
import { ActionButton } from "../../ui/ActionButton.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { Picture } from "../../ui/Picture.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

// A card is a third of the 6xl container from 62em (about 340px), half the viewport from 48em.
const CARD_IMAGE_SIZES = "(min-width: 62em) 340px, (min-width: 48em) 45vw, 90vw";

export default function ServiceGrid({ heading, data, linkLabel, more, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone} heading={heading}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
        {data.map((s) => (
          <Flex as="li" key={s.id} direction="column" bg="white" color="gray.800" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" shadow="sm" _hover={{ shadow: "md", borderColor: "brand.300" }} transition="box-shadow 0.2s, border-color 0.2s">
            {s.image && (
              <Box mx="-6" mt="-6" mb="4" bg="brand.50" roundedTop="xl" overflow="hidden" lineHeight="0">
                <Picture image={s.image} sizes={CARD_IMAGE_SIZES} />
              </Box>
            )}
            <Flex w="12" h="12" rounded="lg" bg="brand.50" color="brand.700" align="center" justify="center">
              <Icon name={s.icon} boxSize="6" />
            </Flex>
            <Heading as="h3" size="lg" mt="4">{s.title}</Heading>
            <Text mt="2" color="gray.600" flex="1">{s.text}</Text>
            {s.features.length > 0 && (
              <List.Root mt="4" gap="1" ps="5" color="gray.700" fontSize="sm">
                {s.features.map((f) => <List.Item key={f}>{f}</List.Item>)}
              </List.Root>
            )}
            <Box mt="5">
              <a href={`/services/${s.id}`} className="card-link" aria-label={`${linkLabel}: ${s.title}`}>
                <Text as="span" color="brand.700" fontWeight="semibold" _hover={{ textDecoration: "underline" }}>{linkLabel} →</Text>
              </a>
            </Box>
          </Flex>
        ))}
      </SimpleGrid>
      {more && (
        <Flex justify="center" mt="10">
          <ActionButton action={more} />
        </Flex>
      )}
    </Section>
  );
}
