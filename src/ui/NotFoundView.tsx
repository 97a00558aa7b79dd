import { Box, Container, Heading, Text } from "@chakra-ui/react";
import type { Link } from "../../schemas/fields.ts";
import { LinkButton } from "./LinkButton.tsx";

/** The not-found screen: shared by the not-found block and blocks that find out at runtime (a post fetched by slug). */
export function NotFoundView({ title, text, back }: { title: string; text: string; back: Link }) {
  return (
    <Box as="section" bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800" color="white" pt={{ base: "32", md: "40" }} pb="24">
      <Container maxW="2xl" textAlign="center">
        <Text fontSize="3xl" fontWeight="semibold" color="brand.200" aria-hidden="true">404</Text>
        <Heading as="h1" size="2xl" mt="2">{title}</Heading>
        <Text mt="4" fontSize="lg" color="whiteAlpha.900">{text}</Text>
        <LinkButton href={back.href} mt="8" size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
          {back.label}
        </LinkButton>
      </Container>
    </Box>
  );
}
