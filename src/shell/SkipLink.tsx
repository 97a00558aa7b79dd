import { useUiString } from "../page/ui-strings.ts";
import { Box } from "@chakra-ui/react";

export function SkipLink() {
  const t = useUiString();
  return (
    <Box
      asChild
      position="absolute"
      top="-40"
      insetStart="4"
      zIndex="toast"
      bg="white"
      color="brand.800"
      px="4"
      py="2"
      rounded="md"
      fontWeight="semibold"
      _focus={{ top: "4" }}
    >
      <a href="#main">{t("shell.skipToContent")}</a>
    </Box>
  );
}
