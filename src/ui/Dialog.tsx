/**
 * A modal dialog on the native <dialog>: the browser traps focus, Escape closes it, and focus
 * returns to what opened it. Open while `open` is true. The editor's dialogs and the admin's
 * delete confirmation (an alertdialog with a description) are this one.
 */
import { Button, chakra, Flex, Heading, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useId, useRef } from "react";

interface DialogProps {
  open: boolean;
  title: string;
  /** Read out with the title (aria-describedby): what an alertdialog asks. */
  description?: string;
  onClose: () => void;
  children: ReactNode;
  role?: "dialog" | "alertdialog";
  testId?: string;
  wide?: boolean;
}

export function Dialog({ open, title, description, onClose, children, role = "dialog", testId, wide }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <chakra.dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onCancel={(e) => {
        e.preventDefault(); // Escape: React state closes it, so state and dialog agree
        onClose();
      }}
      data-testid={testId}
      maxW={wide ? "3xl" : "lg"}
      w="calc(100% - 2rem)"
      maxH="calc(100dvh - 2rem)"
      m="auto"
      p="6"
      rounded="xl"
      borderWidth="0"
      boxShadow="xl"
      css={{ "&::backdrop": { background: "rgba(15, 23, 42, 0.55)" } }}
    >
      {open && (
        <>
          <Heading as="h2" id={titleId} size="lg">
            {title}
          </Heading>
          {description !== undefined && (
            <Text id={descriptionId} mt="3" color="gray.700">
              {description}
            </Text>
          )}
          {children}
        </>
      )}
    </chakra.dialog>
  );
}

/** A dialog's last row: one quiet button at the right that closes it (its label in the caller's words). */
export function DialogFooter({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <Flex justify="flex-end" mt="5">
      <Button variant="ghost" onClick={onClose}>
        {label}
      </Button>
    </Flex>
  );
}

/** A dialog's form: its fields in a column, submitted without the browser's own validation (the dialog says what is wrong). */
export function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <chakra.form
      mt="4"
      display="flex"
      flexDirection="column"
      gap="4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </chakra.form>
  );
}
