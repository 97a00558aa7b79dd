/**
 * The open file's history: its edits, newest first, each one person's publishes
 * in one sitting with what they changed in words (the commits only in a details line for
 * developers); a chosen edit's version against the current one, field by field in words;
 * and, for editors and admins, Restore this version, which publishes that version's content as
 * a new commit (POST /api/studio/revert: checked like a publish, history never rewritten), its
 * translations as they were with it: the question says first which translated texts that removes.
 * After a restore the editor reads the file again and the list shows the new commit.
 */
import { Box, Button, chakra, Flex, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useId, useState } from "react";
import { Dialog, DialogFooter } from "../../ui/Dialog.tsx";
import { notify } from "../../ui/toaster.ts";
import type { EditorContext, EditorFailure, FieldChange, HistoryEdit, TranslationsRemoved } from "../model.ts";
import type { StudioApi } from "../studio-api.ts";
import { when } from "../../studio/ui/when.ts";
import { texts } from "../texts.ts";

const h = texts.studio.history;

/** An answer on its way, arrived, or refused (its message and hint, as the catalogue words them). */
type Loading<T> = { state: "loading" } | { state: "loaded"; value: T } | { state: "failed"; message: string };

const refusal = (failure: EditorFailure) => `${failure.error.message} ${failure.error.hint}`;

interface HistoryPanelProps {
  api: StudioApi;
  file: string;
  /** The document as a marketer calls it: "About Us (/about)", a post's title. */
  name: string;
  /** Editors and admins restore; contributors are told who does. */
  canRestore: boolean;
  /** Reads the file again into the editor, its draft dropped. */
  onRestored: () => Promise<unknown>;
  /** The site's locales, to name a translation a restore removes. */
  locales?: EditorContext["locales"];
}

export function HistoryPanel({ api, file, name, canRestore, onRestored, locales = [] }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<Loading<HistoryEdit[]>>({ state: "loading" });
  const [selected, setSelected] = useState<string>();

  const load = useCallback(async () => {
    setRevisions({ state: "loading" });
    const answer = await api.history(file);
    setRevisions(answer.ok ? { state: "loaded", value: answer.data.edits } : { state: "failed", message: refusal(answer.failure) });
  }, [api, file]);

  const show = () => {
    setOpen(true);
    setSelected(undefined);
    void load();
  };

  const restored = async () => {
    setSelected(undefined);
    await onRestored();
    await load();
  };

  const list = revisions.state === "loaded" ? revisions.value : [];
  const index = list.findIndex((r) => r.rev === selected);

  return (
    <>
      <Button size="sm" variant="outline" onClick={show} data-testid="history-button">
        {h.button}
      </Button>
      <Dialog open={open} title={h.title(name)} onClose={() => setOpen(false)} testId="history" wide>
        <Grid mt="4" gap="5" templateColumns={{ base: "1fr", md: "minmax(0, 1fr) minmax(0, 1fr)" }}>
          <Box as="section" aria-labelledby="history-versions">
            <Heading as="h3" id="history-versions" size="sm" mb="2">
              {h.versions}
            </Heading>
            {revisions.state === "loading" && <Text role="status">{h.loading}</Text>}
            {revisions.state === "failed" && (
              <Stack gap="2" align="flex-start">
                <Text role="alert" color="red.700">
                  {h.failed} {revisions.message}
                </Text>
                <Button size="sm" variant="outline" onClick={() => void load()}>
                  {h.retry}
                </Button>
              </Stack>
            )}
            {revisions.state === "loaded" && list.length === 0 && <Text data-testid="history-empty">{h.empty}</Text>}
            {list.length > 0 && (
              <Stack as="ul" listStyleType="none" gap="1" data-testid="history-versions">
                {list.map((edit, i) => (
                  <li key={edit.rev}>
                    <Button
                      variant={edit.rev === selected ? "solid" : "ghost"}
                      aria-pressed={edit.rev === selected}
                      onClick={() => setSelected(edit.rev)}
                      w="full"
                      h="auto"
                      py="2"
                      justifyContent="flex-start"
                      textAlign="start"
                      whiteSpace="normal"
                      data-testid="history-version"
                    >
                      <Stack gap="0.5" align="flex-start">
                        <Text fontWeight="medium">{edit.created ? h.created : edit.restored ? h.restoredEdit(h.summary(edit.changes.map((c) => c.words))) : h.summary(edit.changes.map((c) => c.words))}</Text>
                        <Text fontSize="xs" fontWeight="normal">
                          {h.by(edit.author.name, when(edit.to))}
                          {h.publishes(edit.commits.length)}
                          {i === 0 && ` · ${h.current}`}
                        </Text>
                      </Stack>
                    </Button>
                    {/* What git holds, for developers only. */}
                    <chakra.details px="4" pb="1" fontSize="xs" color="gray.700" data-testid="history-commits">
                      <chakra.summary cursor="pointer" py="1" lineHeight="6">{h.developers}</chakra.summary>
                      <chakra.ul listStyleType="none" mt="1">
                        {edit.commits.map((commit) => (
                          <li key={commit.rev}>
                            <chakra.code fontSize="xs">{commit.rev.slice(0, 7)}</chakra.code> {commit.subject}
                          </li>
                        ))}
                      </chakra.ul>
                    </chakra.details>
                  </li>
                ))}
              </Stack>
            )}
          </Box>
          {list.length > 0 && (
            <VersionChanges key={selected} api={api} file={file} name={name} edit={list[index]} current={index === 0} canRestore={canRestore} onRestored={restored} locales={locales} />
          )}
        </Grid>
        <DialogFooter label={h.close} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** One edit's version against the current one: what differs, in words, and Restore this version. */
function VersionChanges({ api, file, name, edit: revision, current, canRestore, onRestored, locales }: { api: StudioApi; file: string; name: string; edit: HistoryEdit | undefined; current: boolean; canRestore: boolean; onRestored: () => Promise<void>; locales: EditorContext["locales"] }) {
  const headingId = useId();
  const [changes, setChanges] = useState<Loading<FieldChange[]>>({ state: "loading" });
  const [removes, setRemoves] = useState<TranslationsRemoved>([]);
  const rev = revision?.rev;
  useEffect(() => {
    if (!rev) return;
    let latest = true;
    void api.changesSince(file, rev).then((answer) => {
      if (!latest) return;
      setChanges(answer.ok ? { state: "loaded", value: answer.data.changes } : { state: "failed", message: refusal(answer.failure) });
      setRemoves(answer.ok ? answer.data.removes : []);
    });
    return () => void (latest = false);
  }, [api, file, rev]);

  return (
    <Box as="section" aria-labelledby={headingId} data-testid="history-changes">
      <Heading as="h3" id={headingId} size="sm" mb="2">
        {h.changes}
      </Heading>
      <Box aria-live="polite">
        {!revision && <Text color="gray.700">{h.choose}</Text>}
        {revision && changes.state === "loading" && <Text>{h.changesLoading}</Text>}
        {revision && changes.state === "failed" && (
          <Text role="alert" color="red.700">
            {changes.message}
          </Text>
        )}
        {revision && changes.state === "loaded" && (current || changes.value.length === 0) && <Text>{current ? h.isCurrent : h.same}</Text>}
        {revision && changes.state === "loaded" && changes.value.length > 0 && (
          <Stack as="ul" pl="5" gap="1" mt={current ? "2" : undefined} data-testid="history-change-list">
            {changes.value.map((change, i) => (
              <li key={i}>
                <Text fontSize="sm">{change.words}</Text>
              </li>
            ))}
          </Stack>
        )}
      </Box>
      {revision && !current && (canRestore ? <Restore api={api} file={file} name={name} edit={revision} onRestored={onRestored} removes={removes.map((r) => h.confirm.removes(locales.find((l) => l.code === r.locale)?.name ?? r.locale, r.texts, r.all))} /> : <Text mt="4" fontSize="sm" color="gray.700" data-testid="history-contributor">{h.contributor}</Text>)}
    </Box>
  );
}

/** Restore this version, confirmed first; a refusal (a check, a changed tree) is told in the dialog. */
function Restore({ api, file, name, edit: revision, onRestored, removes }: { api: StudioApi; file: string; name: string; edit: HistoryEdit; onRestored: () => Promise<void>; removes: readonly string[] }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const c = h.confirm;

  const restore = async () => {
    setBusy(true);
    const answer = await api.revert(file, revision.rev);
    setBusy(false);
    if (!answer.ok) return setRefused(refusal(answer.failure));
    setConfirming(false);
    notify("success", h.restored.title, h.restored.text(name));
    await onRestored();
  };

  return (
    <>
      <Button mt="4" onClick={() => (setRefused(undefined), setConfirming(true))}>
        {h.restore}
      </Button>
      <Dialog open={confirming} title={c.title} description={c.text(name, revision.author.name, when(revision.to))} onClose={() => !busy && setConfirming(false)} role="alertdialog" testId="history-confirm">
        {removes.map((words) => (
          <Text key={words} mt="3" fontWeight="semibold" data-testid="history-removes">
            {words}
          </Text>
        ))}
        {refused && (
          <Text mt="3" role="alert" color="red.700">
            {refused}
          </Text>
        )}
        <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy} autoFocus>
            {c.cancel}
          </Button>
          <Button onClick={() => void restore()} loading={busy} loadingText={c.restoring}>
            {c.restore}
          </Button>
        </Flex>
      </Dialog>
    </>
  );
}
