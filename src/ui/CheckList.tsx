import { Flex, SimpleGrid, type SimpleGridProps, Text } from "@chakra-ui/react";
import { Icon } from "./Icon.tsx";

/** A list of short statements, each after a check mark (features, what a plan includes). */
export function CheckList({ items, ...props }: { items: string[] } & SimpleGridProps) {
  return (
    <SimpleGrid as="ul" listStyleType="none" gap="3" {...props}>
      {items.map((item) => (
        <Flex as="li" key={item} gap="3" align="flex-start">
          <Flex flexShrink={0} mt="0.5" w="5" h="5" rounded="full" bg="brand.50" color="brand.700" align="center" justify="center" aria-hidden="true">
            <Icon name="check" boxSize="3" />
          </Flex>
          <Text color="gray.700">{item}</Text>
        </Flex>
      ))}
    </SimpleGrid>
  );
}
