import { Portal, Stack, Toast, Toaster } from "@chakra-ui/react";
import { useEffect } from "react";
import { toaster } from "../ui/toast-store.ts";
import { toastsMounted } from "../ui/toaster.ts";

// Chakra's solid success (green.600) and error (red.600) toasts, with the description at 80%
// opacity, fall below WCAG AA contrast for white text; one shade darker passes (≥ 5:1).
const AA_CONTRAST = { "&[data-type=success]": { bg: "green.700" }, "&[data-type=error]": { bg: "red.700" } };

export default function Toasts() {
  useEffect(toastsMounted, []);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="toast" css={AA_CONTRAST}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
