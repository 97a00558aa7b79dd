/**
 * The two transient states a page or block can be in while data comes from the network:
 * loading (a spinner with a live "Loading..." label) and failed (title, message, hint and a
 * Retry button). Texts come from site.config.ts (`loading`, `loadError`).
 */
import { Box, Button, Container, Heading, Spinner, Text } from "@chakra-ui/react";
import site from "../../site.config.ts";

export function LoadingState({ label = site.loading.label }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" textAlign="center" py="24" data-state="loading">
      <Spinner size="xl" color="brand.600" borderWidth="4px" aria-hidden="true" />
      <Text mt="4" color="gray.600">{label}</Text>
    </Box>
  );
}

export function LoadError({ onRetry, headingLevel = "h1" }: { onRetry: () => void; headingLevel?: "h1" | "h2" }) {
  const { title, message, hint, retry } = site.loadError;
  return (
    <Container maxW="2xl" textAlign="center" py="24" role="alert" data-state="error">
      <Heading as={headingLevel} size="2xl">{title}</Heading>
      <Text mt="4" fontSize="lg" color="gray.700">{message}</Text>
      <Text mt="2" color="gray.600">{hint}</Text>
      <Button mt="8" size="lg" onClick={onRetry}>{retry}</Button>
    </Container>
  );
}
