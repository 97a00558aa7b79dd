/**
 * Asks before a post is deleted. A native modal <dialog>: the browser traps focus, Escape
 * cancels, and focus returns to the Delete button that opened it. The safe choice (keep)
 * takes the first focus.
 */
import { Button, chakra, Flex, Heading, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import type { AdminPost } from "./model.ts";
import { texts } from "./texts.ts";

const t = texts.confirm;

export function ConfirmDelete({ post, busy, onConfirm, onCancel }: { post?: AdminPost; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (post && !d.open) d.showModal();
    if (!post && d.open) d.close();
  }, [post]);

  return (
    <chakra.dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="confirm-delete-title"
      aria-describedby="confirm-delete-text"
      onCancel={(e) => {
        e.preventDefault(); // Escape: let React state close it, so state and dialog agree
        onCancel();
      }}
      data-testid="confirm-delete"
      maxW="md"
      w="calc(100% - 2rem)"
      m="auto"
      p="6"
      rounded="xl"
      borderWidth="0"
      boxShadow="xl"
      css={{ "&::backdrop": { background: "rgba(15, 23, 42, 0.55)" } }}
    >
      <Heading as="h2" id="confirm-delete-title" size="lg">
        {t.title}
      </Heading>
      <Text id="confirm-delete-text" mt="3" color="gray.700">
        {post ? t.message(post.title) : ""}
      </Text>
      <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
        <Button variant="outline" onClick={onCancel} disabled={busy} autoFocus>
          {t.cancel}
        </Button>
        <Button colorPalette="red" onClick={onConfirm} disabled={busy} aria-disabled={busy || undefined}>
          {t.confirm}
        </Button>
      </Flex>
    </chakra.dialog>
  );
}
