import { Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { useSiteConfig } from "../../page/site-config.ts";
import { ActionRow } from "../../ui/ActionButton.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function Hero({ eyebrow, title, subtitle, actions, showClaims }: BlockProps<typeof definition>) {
  const site = useSiteConfig();
  return (
    <PageHeader>
      {eyebrow && (
        <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="semibold" color="brand.200" mb="4">
          {eyebrow}
        </Text>
      )}
      <Heading as="h1" size={{ base: "4xl", md: "6xl" }} lineHeight="1.1" letterSpacing="tight">
        {title}
      </Heading>
      <Text mt="6" fontSize={{ base: "lg", md: "xl" }} color="whiteAlpha.900" maxW="3xl" mx="auto">
        {subtitle}
      </Text>
      {actions.length > 0 && (
        <Flex mt="10" gap="4" justify="center" wrap="wrap">
          <ActionRow actions={actions} onDarkBackground />
        </Flex>
      )}
      {showClaims && (
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="6" mt="14">
          {site.claims.map((c) => (
            <Flex key={c.label} direction="column-reverse" align="center">
              <Text as="dt" color="whiteAlpha.800" fontSize="sm">{c.label}</Text>
              <Text as="dd" fontSize="3xl" fontWeight="bold">{c.value}</Text>
            </Flex>
          ))}
        </SimpleGrid>
      )}
    </PageHeader>
  );
}
