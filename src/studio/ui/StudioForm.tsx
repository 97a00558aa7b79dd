/**
 * A studio form: named for assistive technology, sent by script (never a page load), its
 * fields, then its one submit button (busy while the call runs), then anything after it.
 */
import { Button, chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** `destructive`: its button says so in red (erasing a person's data), never in the brand's colour of a main action. */
export function StudioForm({ label, submit, busy, disabled, destructive, onSubmit, children, after }: { label: string; submit: string; busy: boolean; disabled?: boolean; destructive?: boolean; onSubmit: () => Promise<unknown>; children: ReactNode; after?: ReactNode }) {
  return (
    <chakra.form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <Button type="submit" colorPalette={destructive ? "red" : "brand"} variant={destructive ? "outline" : "solid"} loading={busy} disabled={disabled} w="full">
        {submit}
      </Button>
      {after}
    </chakra.form>
  );
}
