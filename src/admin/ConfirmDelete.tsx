/**
 * Asks before a post is deleted: an alertdialog (src/ui/Dialog.tsx). Escape cancels, focus
 * returns to the Delete button that opened it, and the safe choice (keep) takes the first focus.
 */
import { Button, Flex } from "@chakra-ui/react";
import { Dialog } from "../ui/Dialog.tsx";
import type { AdminPost } from "./model.ts";
import { texts } from "./texts.ts";

const t = texts.confirm;

export function ConfirmDelete({ post, busy, onConfirm, onCancel }: { post?: AdminPost; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open={post !== undefined} title={t.title} description={post ? t.message(post.title) : ""} onClose={onCancel} role="alertdialog" testId="confirm-delete">
      <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
        <Button variant="outline" onClick={onCancel} disabled={busy} autoFocus>
          {t.cancel}
        </Button>
        <Button colorPalette="red" onClick={onConfirm} disabled={busy} aria-disabled={busy || undefined}>
          {t.confirm}
        </Button>
      </Flex>
    </Dialog>
  );
}
