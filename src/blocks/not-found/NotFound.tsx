import { Box, Button, Container, Heading, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function NotFound({ title, text, back }: BlockProps<typeof definition>) {
  return (
    <Box as="section" bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800" color="white" pt={{ base: "32", md: "40" }} pb="24">
      <Container maxW="2xl" textAlign="center">
        <Text fontSize="6xl" fontWeight="extrabold" color="brand.200" aria-hidden="true">404</Text>
        <Heading as="h1" size="3xl" mt="2">{title}</Heading>
        <Text mt="4" fontSize="lg" color="whiteAlpha.900">{text}</Text>
        <Button asChild mt="8" size="lg" bg="white" color="brand.800" _hover={{ bg: "brand.50" }}>
          <RouterLink to={back.href}>{back.label}</RouterLink>
        </Button>
      </Container>
    </Box>
  );
}
