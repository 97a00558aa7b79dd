/** A text's translation state as a badge: missing (yellow) or stale (orange), in the translation editor and the Media screen alike. */
import { Badge } from "@chakra-ui/react";

export function StateBadge({ state, label }: { state: "missing" | "stale"; label: string }) {
  return (
    <Badge colorPalette={state === "stale" ? "orange" : "yellow"} color={state === "stale" ? "orange.900" : "yellow.900"} data-testid={`badge-${state}`}>
      {label}
    </Badge>
  );
}
