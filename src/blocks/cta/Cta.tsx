import { Flex, Heading, Text } from "@chakra-ui/react";
import { ActionRow } from "../../ui/ActionButton.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function Cta({ title, text, actions, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone}>
      <Flex direction="column" align="center" textAlign="center" maxW="3xl" mx="auto">
        <Heading as="h2" size="2xl">{title}</Heading>
        <Text mt="4" fontSize="lg" color={tone === "brand" ? "whiteAlpha.900" : "gray.600"}>{text}</Text>
        <Flex mt="8" gap="4" wrap="wrap" justify="center">
          <ActionRow actions={actions} onDarkBackground={tone === "brand"} />
        </Flex>
      </Flex>
    </Section>
  );
}
