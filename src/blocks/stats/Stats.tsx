import { Box, Container, Flex, SimpleGrid, Text } from "@chakra-ui/react";
import { useSiteConfig } from "../../page/site-config.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function Stats({ items, tone }: BlockProps<typeof definition>) {
  const site = useSiteConfig();
  const figures = items ?? site.claims;
  return (
    <Box as="section" aria-label="Key figures" bg={tone === "brand" ? "brand.950" : tone === "muted" ? "gray.50" : "white"} py="12">
      <Container maxW="6xl">
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="8">
          {figures.map((f) => (
            <Flex key={f.label} direction="column-reverse" align="center" textAlign="center">
              <Text as="dt" color={tone === "brand" ? "whiteAlpha.800" : "gray.600"} fontWeight="medium">{f.label}</Text>
              <Text as="dd" fontSize="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums" color={tone === "brand" ? "white" : "brand.700"}>
                {f.value}
              </Text>
            </Flex>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
