/**
 * A studio form: named for assistive technology, sent by script (never a page load), its
 * fields, then its one submit button (busy while the call runs), then anything after it.
 */
import { Button, chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";

export function StudioForm({ label, submit, busy, disabled, onSubmit, children, after }: { label: string; submit: string; busy: boolean; disabled?: boolean; onSubmit: () => Promise<unknown>; children: ReactNode; after?: ReactNode }) {
  return (
    <chakra.form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <Button type="submit" colorPalette="brand" loading={busy} disabled={disabled} w="full">
        {submit}
      </Button>
      {after}
    </chakra.form>
  );
}
