import { Flex, Heading, Text } from "@chakra-ui/react";
import { ActionRow } from "../../ui/ActionButton.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PAGE_HEADER_ASIDE_SIZES, PageHeader } from "../../ui/PageHeader.tsx";
import { Picture } from "../../ui/Picture.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function ServiceHero({ actions, data }: BlockProps<typeof definition>) {
  // The service's illustration opens its page: the largest picture above the fold, loaded first.
  const beside = data.image && <Picture image={data.image} sizes={PAGE_HEADER_ASIDE_SIZES} priority />;
  const centred = beside ? { base: "center", md: "flex-start" } : "center";
  return (
    <PageHeader maxW="4xl" aside={beside || undefined}>
      <Flex w="16" h="16" mx={beside ? { base: "auto", md: "0" } : "auto"} mb="6" rounded="2xl" bg="whiteAlpha.200" align="center" justify="center">
        <Icon name={data.icon} boxSize="8" />
      </Flex>
      <Heading as="h1" size="3xl">
        {data.title}
      </Heading>
      <Text mt="5" fontSize={{ base: "lg", md: "xl" }} fontWeight="medium" color="brand.100">
        {data.subtitle}
      </Text>
      <Text mt="5" color="whiteAlpha.900" maxW="3xl" mx={beside ? { base: "auto", md: "0" } : "auto"}>
        {data.description}
      </Text>
      {actions.length > 0 && (
        <Flex mt="10" gap="4" justify={centred} wrap="wrap">
          <ActionRow actions={actions} onDarkBackground />
        </Flex>
      )}
    </PageHeader>
  );
}
