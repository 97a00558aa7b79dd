/**
 * The two transient states a page or block can be in while data comes from the network:
 * loading (a spinner with a live "Loading..." label) and failed (title, message, hint and a
 * Retry button). Texts come from the site config of the page's locale (`loading`, `loadError`:
 * useSiteConfig), which an island hydrated in the browser provides from its props (PendingPost.tsx).
 */
import { Box, Button, Container, Heading, Spinner, Text } from "@chakra-ui/react";
import { useSiteConfig } from "../page/site-config.ts";

export function LoadingState({ label }: { label?: string }) {
  const site = useSiteConfig();
  return (
    <Box role="status" aria-live="polite" textAlign="center" py="24" data-state="loading">
      <Spinner size="xl" color="brand.600" borderWidth="4px" aria-hidden="true" />
      <Text mt="4" color="gray.600">{label ?? site.loading.label}</Text>
    </Box>
  );
}

export function LoadError({ onRetry, headingLevel = "h1" }: { onRetry: () => void; headingLevel?: "h1" | "h2" }) {
  const { title, message, hint, retry } = useSiteConfig().loadError;
  return (
    <Container maxW="2xl" textAlign="center" py="24" role="alert" data-state="error">
      <Heading as={headingLevel} size="xl">{title}</Heading>
      <Text mt="4" fontSize="lg" color="gray.700">{message}</Text>
      <Text mt="2" color="gray.600">{hint}</Text>
      <Button mt="8" size="lg" onClick={onRetry}>{retry}</Button>
    </Container>
  );
}
