import { Box } from "@chakra-ui/react";
import { SHELL } from "./behaviours.ts";
import { useUiString } from "../page/ui-strings.ts";

/** A thin bar at the top showing how far the page is scrolled (behaviours.ts moves it). */
export function ScrollProgress() {
  const ui = useUiString();
  return (
    <Box
      {...{ [SHELL.progress]: "" }}
      role="progressbar"
      aria-label={ui("shell.readingProgress")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-testid="scroll-progress"
      position="fixed"
      top="0"
      insetStart="0"
      w="100%"
      h="3px"
      bg="accent"
      transformOrigin="left"
      transform="scaleX(0)"
      zIndex="banner"
      pointerEvents="none"
    />
  );
}
