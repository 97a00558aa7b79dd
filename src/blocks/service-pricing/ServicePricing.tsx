import { Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { ActionButton } from "../../ui/ActionButton.tsx";
import { CheckList } from "../../ui/CheckList.tsx";
import { Section } from "../../ui/Section.tsx";
import { formatPrice } from "../../page/format.ts";
import { usePageLocale, useUiString } from "../../page/ui-strings.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function ServicePricing({ heading, action, data, tone }: BlockProps<typeof definition>) {
  const locale = usePageLocale();
  const ui = useUiString();
  if (!data) return null;
  return (
    <Section tone={tone} heading={heading}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="6" alignItems="stretch">
        {data.map((t) => (
          <Flex
            as="li"
            key={t.tier}
            direction="column"
            bg="white"
            color="gray.800"
            rounded="2xl"
            borderWidth={t.tier === "standard" ? "2px" : "1px"}
            borderColor={t.tier === "standard" ? "brand.600" : "gray.200"}
            shadow={t.tier === "standard" ? "lg" : "sm"}
            p="8"
          >
            <Heading as="h3" size="lg">{t.name}</Heading>
            <Text mt="3" fontSize="2xl" fontWeight="semibold" color="brand.700">{formatPrice(t.price, locale, ui)}</Text>
            <CheckList items={t.features} mt="6" flex="1" alignContent="start" />
            {action && (
              <Box mt="8">
                <ActionButton action={action} w="full" aria-label={`${action.label}: ${t.name}`} />
              </Box>
            )}
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
