import { Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function Technologies({ heading, data, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone} heading={heading}>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
        {data.map((group) => (
          <Flex key={group.id} direction="column" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="6">
            <Flex align="center" gap="3">
              <Icon name={group.icon} boxSize="5" color="brand.700" />
              <Heading as="h3" size="md">{group.name}</Heading>
            </Flex>
            <Flex as="ul" listStyleType="none" wrap="wrap" gap="2" mt="4">
              {group.items.map((item) => (
                <Text as="li" key={item} fontSize="sm" px="3" py="1" rounded="full" bg="gray.100" color="gray.800">
                  {item}
                </Text>
              ))}
            </Flex>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
