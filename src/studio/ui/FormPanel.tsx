/**
 * A boxed section of a studio screen holding one form (inviting someone, filtering the audit
 * log): the section and the form both named by its heading, the form sent by script.
 */
import { Box, chakra, Heading } from "@chakra-ui/react";
import { type ReactNode, useId } from "react";

export function FormPanel({ heading, onSubmit, children }: { heading: string; onSubmit: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" mt="6">
      <Heading as="h2" id={headingId} size="lg" mb="4">{heading}</Heading>
      <chakra.form
        aria-labelledby={headingId}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </chakra.form>
    </Box>
  );
}
