/** A call that failed (the server or its database down, a refusal): why, and a way to ask again. */
import { Box, Button } from "@chakra-ui/react";
import type { Answer } from "./answer.ts";
import { ErrorNotice } from "./ErrorNotice.tsx";

export function Failed({ answer, retry, label }: { answer: Answer<unknown> | undefined; retry: () => void; label: string }) {
  if (answer?.state !== "failed") return null;
  return (
    <Box data-state="failed">
      <ErrorNotice error={answer.error} />
      <Button variant="outline" onClick={() => retry()}>{label}</Button>
    </Box>
  );
}
