import { Box, Container } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Around a block in a translation's preview (never on a built page): its texts translated from
 * an older English, which the site still publishes, outlined and counted, so the marketer sees
 * on the page itself what the translation editor lists to update. Worded for the marketer, in
 * English, whatever the page's language.
 */
export function StaleMark({ count, children }: { count: number; children: ReactNode }) {
  return (
    <Box data-stale-texts={count} outline="3px dashed" outlineColor="orange.500" outlineOffset="-3px">
      <Box role="note" lang="en" dir="ltr" bg="orange.100" color="gray.900" py="1.5">
        <Container maxW="6xl" fontSize="sm" fontWeight="semibold">
          {`${count === 1 ? "1 stale text" : `${count} stale texts`} here: translated from an older English, still published until updated.`}
        </Container>
      </Box>
      {children}
    </Box>
  );
}
