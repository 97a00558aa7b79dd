/**
 * The toaster: a React root of its own, created on the first notice (ui/toaster.ts) in any
 * page, a built one or one rendered in the browser.
 */
import { Portal, Stack, Toast, Toaster } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { IslandStyles } from "../styles/provider.tsx";
import { type Notice, toaster } from "./toast-store.ts";
import { pageNoticeLabels } from "./notice-labels.ts";

// Chakra's solid success (green.600) and error (red.600) toasts, with the description at 80%
// opacity, fall below WCAG AA contrast for white text; one shade darker passes (≥ 5:1).
const AA_CONTRAST = { "&[data-type=success]": { bg: "green.700" }, "&[data-type=error]": { bg: "red.700" } };

function Toasts({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  // Read once: the page's language does not change under the toaster.
  const [labels] = useState(pageNoticeLabels);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: "4" }} aria-label={labels.region}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }} data-testid="toast" css={AA_CONTRAST}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={labels.close} />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

let mounted: Promise<void> | undefined;
function mount(): Promise<void> {
  return new Promise((resolve) => {
    const container = document.createElement("div");
    document.body.append(container);
    createRoot(container).render(
      <IslandStyles>
        <Toasts onMount={resolve} />
      </IslandStyles>,
    );
  });
}

export async function showToast(notice: Notice) {
  await (mounted ??= mount());
  // The newest notice replaces the one on screen; with max 1 alone it would wait in a queue.
  toaster.remove();
  toaster.create({ ...notice, closable: true });
}
