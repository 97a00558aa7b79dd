import { Box, Container, Flex, Text } from "@chakra-ui/react";
import { useId } from "react";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function LogoStrip({ title, names, tone }: BlockProps<typeof definition>) {
  // A page may have more than one strip: each needs its own id for its label.
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId} bg={tone === "muted" ? "gray.50" : "white"} py="12" borderTopWidth="1px" borderColor="gray.100">
      <Container maxW="6xl">
        <Text id={titleId} textAlign="center" textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="semibold" color="gray.600">
          {title}
        </Text>
        <Flex as="ul" mt="6" wrap="wrap" justify="center" gap={{ base: "6", md: "12" }} listStyleType="none">
          {names.map((n) => (
            <Text as="li" key={n} fontSize={{ base: "lg", md: "xl" }} fontWeight="bold" color="gray.600" letterSpacing="tight">
              {n}
            </Text>
          ))}
        </Flex>
      </Container>
    </Box>
  );
}
