import { Flex, Heading, Text } from "@chakra-ui/react";
import { ActionRow } from "../../ui/ActionButton.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function ServiceHero({ actions, data }: BlockProps<typeof definition>) {
  return (
    <PageHeader maxW="4xl">
      <Flex w="16" h="16" mx="auto" mb="6" rounded="2xl" bg="whiteAlpha.200" align="center" justify="center">
        <Icon name={data.icon} boxSize="8" />
      </Flex>
      <Heading as="h1" size={{ base: "4xl", md: "5xl" }} lineHeight="1.1" letterSpacing="tight">
        {data.title}
      </Heading>
      <Text mt="5" fontSize={{ base: "lg", md: "xl" }} fontWeight="medium" color="brand.100">
        {data.subtitle}
      </Text>
      <Text mt="5" color="whiteAlpha.900" maxW="3xl" mx="auto">
        {data.description}
      </Text>
      {actions.length > 0 && (
        <Flex mt="10" gap="4" justify="center" wrap="wrap">
          <ActionRow actions={actions} onDarkBackground />
        </Flex>
      )}
    </PageHeader>
  );
}
