/**
 * The page editor's parts that exist only in studio mode: who else is editing the open file
 * (presence heartbeats), and a publish refused because the file changed since the draft
 * began, told field by field in words, with Reload or Apply mine on top.
 */
import { Button, Flex, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Dialog } from "../../ui/Dialog.tsx";
import type { FieldChange } from "../document/changes.ts";
import type { StudioAuthor } from "../model.ts";
import type { StudioApi } from "../studio-api.ts";
import { texts } from "../texts.ts";

const t = texts.studio;

/** A heartbeat this often while a file is open; the server counts one for a minute. */
export const HEARTBEAT_MS = 20_000;

/** Who else has the file open, from the heartbeats' answers. */
export function usePresence(api: StudioApi | undefined, file: string): StudioAuthor[] {
  const [editors, setEditors] = useState<StudioAuthor[]>([]);
  useEffect(() => {
    if (!api) return;
    let current = true;
    const beat = () => void api.presence(file).then((result) => current && result.ok && setEditors(result.data.editors));
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [api, file]);
  return editors;
}

export function PresenceNote({ editors }: { editors: StudioAuthor[] }) {
  if (editors.length === 0) return null;
  return (
    <Flex role="status" px="4" py="2" bg="blue.50" borderBottomWidth="1px" borderColor="blue.200" data-testid="presence">
      <Text fontSize="sm" color="blue.900">
        {t.editing(editors.map((e) => e.name))}
      </Text>
    </Flex>
  );
}

/** The changes another publish made since the draft began; nothing was overwritten. */
export function PublishConflict({ changes, onReload, onApplyMine, onClose }: { changes: FieldChange[] | undefined; onReload: () => void; onApplyMine: () => void; onClose: () => void }) {
  return (
    <Dialog open={changes !== undefined} title={t.conflict.title} onClose={onClose} role="alertdialog" testId="publish-conflict">
      <Text mt="3" color="gray.800">
        {t.conflict.text}
      </Text>
      {changes && changes.length > 0 ? (
        <Stack as="ul" mt="3" pl="5" gap="1" data-testid="publish-conflict-changes">
          {changes.map((change, i) => (
            <li key={i}>
              <Text fontSize="sm">{change.words}</Text>
            </li>
          ))}
        </Stack>
      ) : (
        <Text mt="3" fontSize="sm" color="gray.700">
          {t.conflict.none}
        </Text>
      )}
      <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
        <Button variant="ghost" onClick={onClose}>
          {t.conflict.keep}
        </Button>
        <Button variant="outline" onClick={onReload}>
          {t.conflict.reload}
        </Button>
        <Button onClick={onApplyMine} autoFocus>
          {t.conflict.applyMine}
        </Button>
      </Flex>
    </Dialog>
  );
}
