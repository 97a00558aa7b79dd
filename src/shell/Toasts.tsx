import { Portal, Stack, Toast, Toaster } from "@chakra-ui/react";
import { useEffect } from "react";
import { toaster } from "../ui/toast-store.ts";
import { toastsMounted } from "../ui/toaster.ts";

export default function Toasts() {
  useEffect(toastsMounted, []);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
