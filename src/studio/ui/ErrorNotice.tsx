/** An API refusal as a person reads it: the catalogue's title, message and hint (never its code). */
import { Box, Text } from "@chakra-ui/react";
import type { ErrorData } from "../../errors/catalogue.ts";

export function ErrorNotice({ error }: { error?: ErrorData }) {
  return (
    // Always in the page, so a screen reader announces the error as it appears.
    <Box role="alert" data-testid="studio-error" data-code={error?.code}>
      {error && (
        <Box bg="red.50" borderWidth="1px" borderColor="red.200" rounded="md" p="4" my="4">
          <Text fontWeight="semibold" color="red.800">{error.title}</Text>
          <Text mt="1" color="gray.800">{error.message}</Text>
          <Text mt="1" fontSize="sm" color="gray.700">{error.hint}</Text>
        </Box>
      )}
    </Box>
  );
}

/** A change done, said where the person is looking, and to screen readers. */
export function DoneNotice({ text }: { text?: string }) {
  return (
    <Box role="status" data-testid="studio-done">
      {text && (
        <Text bg="green.50" borderWidth="1px" borderColor="green.200" rounded="md" p="4" my="4" color="green.900">
          {text}
        </Text>
      )}
    </Box>
  );
}
