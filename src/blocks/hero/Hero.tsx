import { Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { useSiteConfig } from "../../page/site-config.ts";
import { ActionRow } from "../../ui/ActionButton.tsx";
import { PAGE_HEADER_ASIDE_SIZES, PageHeader } from "../../ui/PageHeader.tsx";
import { Picture } from "../../ui/Picture.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function Hero({ eyebrow, title, subtitle, actions, showClaims, image, imageSide }: BlockProps<typeof definition>) {
  const site = useSiteConfig();
  // The hero opens its page: its picture is the largest thing above the fold, so it loads first (priority).
  const beside = image && imageSide === "right" ? <Picture image={image} sizes={PAGE_HEADER_ASIDE_SIZES} priority /> : undefined;
  const behind = image && imageSide === "background" ? <Picture image={image} sizes="100vw" fill priority /> : undefined;
  const centred = beside ? { base: "center", md: "flex-start" } : "center";
  return (
    <PageHeader aside={beside} backdrop={behind}>
      {eyebrow && (
        <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="semibold" color="brand.200" mb="4">
          {eyebrow}
        </Text>
      )}
      <Heading as="h1" size="3xl">
        {title}
      </Heading>
      <Text mt="6" fontSize={{ base: "lg", md: "xl" }} color="whiteAlpha.900" maxW="3xl" mx={beside ? { base: "auto", md: "0" } : "auto"}>
        {subtitle}
      </Text>
      {actions.length > 0 && (
        <Flex mt="10" gap="4" justify={centred} wrap="wrap">
          <ActionRow actions={actions} onDarkBackground />
        </Flex>
      )}
      {showClaims && (
        <SimpleGrid as="dl" columns={{ base: 2, md: beside ? 2 : 4 }} gap="6" mt="14">
          {site.claims.map((c) => (
            <Flex key={c.label} direction="column-reverse" align={beside ? centred : "center"}>
              <Text as="dt" color="whiteAlpha.800" fontSize="sm">{c.label}</Text>
              <Text as="dd" fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">{c.value}</Text>
            </Flex>
          ))}
        </SimpleGrid>
      )}
    </PageHeader>
  );
}
