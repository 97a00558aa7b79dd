/**
 * The page editor's studio parts: who else is editing the open file
 * (presence heartbeats), sharing a preview link of the draft, and a publish refused because the file changed since the draft
 * began, told field by field in words, with Reload or Apply mine on top (fields both changed chosen side by side).
 */
import { Box, Button, Flex, Grid, Input, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Dialog, DialogFooter } from "../../ui/Dialog.tsx";
import { conflictWords } from "../document/conflict-words.ts";
import type { MergeChoice } from "../document/merge.ts";
import type { DocumentSession, Merging } from "../document/session.ts";
import type { SharedChange } from "../document/shared-draft.ts";
import type { EditorFailure, FieldChange, StudioAuthor } from "../model.ts";
import type { EditorBackend } from "../backend.ts";
import type { DraftSaving } from "../document/studio-store.ts";
import type { DocumentStatus } from "../document/state.ts";
import { errors } from "../../errors/catalogue.ts";
import { notify } from "../../ui/toaster.ts";
import type { StudioApi } from "../studio-api.ts";
import { day } from "../../studio/ui/when.ts";
import { texts } from "../texts.ts";
import { gatePasses, PublishGate, type GateState, type ShowFinding } from "./PublishGate.tsx";
import type { NewImage } from "../../../schemas/studio-media.ts";
import { OVERRIDDEN_ACCESSIBILITY, type PublishOverride } from "../../../schemas/studio-publish.ts";
export { NotPushedNote } from "./NotPushedNote.tsx";
export { SchedulePublish } from "./SchedulePublish.tsx";
export { useNewImages } from "./new-images.ts";

const t = texts.studio;

/** Where the open file's draft stands on the server (idle without one). */
export function useDraftSaving(studio: EditorBackend["studio"], file: string): DraftSaving {
  const [saving, setSaving] = useState<DraftSaving>({ state: "idle" });
  useEffect(() => studio.watchDraft(file, setSaving), [studio, file]);
  return saving;
}

const clock = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });

/** The editor's status in a few words: checking, the errors, else where the draft stands. */
export const statusWords = (status: DocumentStatus, blocking: number, saving: DraftSaving, dirty: boolean) =>
  status === "checking" ? texts.editor.status.checking : status === "errors" ? texts.editor.status.errors(blocking) : draftWords(saving, dirty);

/** The draft's state in a few words, for the editor's status: `dirty`, the page differs from the published one. */
function draftWords(saving: DraftSaving, dirty: boolean): string {
  const d = texts.editor.draft;
  if (saving.state === "saving") return d.saving;
  if (saving.state === "kept") return d.keptAt(clock(saving.at));
  if (saving.state === "refused" || saving.state === "unreachable") return d.notKept;
  return dirty ? d.kept : d.published;
}

/** Why the server did not keep the draft, and what to do next, by the refusal's code; the catalogue's words where they say it. */
function whyNotKept(saving: DraftSaving & { state: "refused" | "unreachable" }): string {
  const why = texts.editor.draft.why;
  if (saving.state === "unreachable") return why.unreachable;
  switch (saving.error.code) {
    case errors.StudioTooLarge.code:
      return why.tooLarge;
    case errors.StudioDraftNotDocument.code:
      return why.notDocument;
    default:
      // The limits (StudioDraftsPerPerson, StudioDraftsFull) say what to do in their message.
      return saving.error.message;
  }
}

/** A draft the server did not keep: said plainly, with the next step and Try again (nothing is retried in silence). */
export function DraftNotKept({ saving, onRetry }: { saving: DraftSaving; onRetry: () => void }) {
  if (saving.state !== "refused" && saving.state !== "unreachable") return null;
  return (
    <Flex role="alert" align="center" gap="3" wrap="wrap" px="4" py="2" bg="red.50" borderBottomWidth="1px" borderColor="red.300" data-testid="draft-not-kept">
      <Text flex="1" minW="15rem" fontSize="sm" color="red.900">
        <strong>{texts.editor.draft.notKept}.</strong> {whyNotKept(saving)}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {texts.editor.draft.retry}
      </Button>
    </Flex>
  );
}

/** A heartbeat this often while a file is open; the server counts one for a minute. */
export const HEARTBEAT_MS = 20_000;

/** Who else has the file open, from the heartbeats' answers. */
export function usePresence(api: StudioApi | undefined, file: string): StudioAuthor[] {
  const [editors, setEditors] = useState<StudioAuthor[]>([]);
  useEffect(() => {
    if (!api) return;
    let current = true;
    const beat = () => void api.presence(file).then((result) => current && result.ok && setEditors(result.data.editors));
    // Closed, or gone to another page: the others stop seeing this person at once; back (Back, from the cache): here again.
    const leave = () => void api.leave(file);
    const back = (event: PageTransitionEvent) => event.persisted && beat();
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", back);
    return () => {
      current = false;
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", back);
      leave();
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

/**
 * A publish refused because the file changed since the draft began: `refused`
 * shows what changed and merges the published version with the draft; `dialog` is the
 * PublishConflict that offers Reload (`reload`) and Apply mine on top.
 */
export function usePublishConflict(session: DocumentSession, reload: () => void) {
  const [changes, setChanges] = useState<FieldChange[]>();
  const [merging, setMerging] = useState<Merging>();
  const refused = useCallback(
    async (failure: EditorFailure) => {
      session.dismissConflict();
      setMerging(undefined);
      setChanges(failure.changes ?? []);
      const merged = await session.rebase();
      if (merged.ok) setMerging(merged);
      else notify("error", merged.failure.error.title, merged.failure.error.message);
    },
    [session],
  );
  const close = () => setChanges(undefined);
  const dialog = (
    <PublishConflict
      changes={changes}
      merging={merging}
      onReload={() => (close(), reload())}
      onApplyMine={(choices) => (close(), merging?.apply(choices))}
      onClose={close}
    />
  );
  return { refused, dialog };
}

/** How many of others' changes to the shared draft are listed, the newest. */
const SHARED_SHOWN = 5;

/** Who changed what in the shared draft since the editor opened it (merged into it, nothing lost). */
export function SharedChangesNote({ changes }: { changes: readonly SharedChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Box role="status" px="4" py="2" bg="blue.50" borderBottomWidth="1px" borderColor="blue.200" data-testid="shared-changes">
      <Text fontSize="sm" fontWeight="semibold" color="blue.900">
        {texts.shared.title}
      </Text>
      <Stack as="ul" pl="5" gap="0.5" mt="1">
        {changes.slice(-SHARED_SHOWN).map((change, i) => (
          <li key={i}>
            <Text fontSize="sm" color="blue.900">
              {texts.shared.by(change.by, change.words)}
            </Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The changes another publish made since the draft began (nothing was overwritten), and the
 * merge of the draft with them: where both changed one field, its two values side by side, one
 * to choose for each field before Apply mine on top takes the merge as the draft.
 */
export function PublishConflict({
  changes,
  merging,
  onReload,
  onApplyMine,
  onClose,
}: {
  changes: FieldChange[] | undefined;
  /** The merge, once the published version is loaded. */
  merging: Merging | undefined;
  onReload: () => void;
  onApplyMine: (choices: Record<string, MergeChoice>) => void;
  onClose: () => void;
}) {
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  useEffect(() => setChoices({}), [merging]);
  const conflicts = useMemo(() => (merging ? merging.conflicts.map((c) => ({ at: c.at, ...conflictWords(c, merging.mine, merging.theirs) })) : []), [merging]);
  const unchosen = conflicts.filter((c) => choices[c.at] === undefined).length;
  return (
    <Dialog open={changes !== undefined} title={t.conflict.title} onClose={onClose} role="alertdialog" testId="publish-conflict" wide={conflicts.length > 0}>
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
      {!merging && changes !== undefined && (
        <Text mt="3" fontSize="sm" color="gray.700" role="status">
          {t.conflict.merging}
        </Text>
      )}
      {conflicts.length > 0 && (
        <Stack mt="4" gap="3" data-testid="merge-conflicts">
          <Text fontWeight="semibold">{t.conflict.both}</Text>
          {conflicts.map((c) => (
            <Box as="fieldset" key={c.at} borderWidth="1px" borderColor="gray.300" rounded="md" p="3">
              <Text as="legend" px="1" fontWeight="medium" fontSize="sm">
                {c.place}
              </Text>
              <Grid templateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="2">
                {(["theirs", "mine"] as const).map((side) => (
                  <Flex as="label" key={side} gap="2" align="flex-start" p="2" rounded="md" bg={choices[c.at] === side ? "blue.50" : "gray.50"} cursor="pointer" fontSize="sm">
                    <input type="radio" name={`conflict-${c.at}`} value={side} checked={choices[c.at] === side} onChange={() => setChoices((chosen) => ({ ...chosen, [c.at]: side }))} />
                    <span>{side === "theirs" ? t.conflict.theirs(c.theirs) : t.conflict.yours(c.mine)}</span>
                  </Flex>
                ))}
              </Grid>
            </Box>
          ))}
          {unchosen > 0 && (
            <Text fontSize="sm" color="gray.700">
              {t.conflict.chooseFirst(unchosen)}
            </Text>
          )}
        </Stack>
      )}
      <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
        <Button variant="ghost" onClick={onClose}>
          {t.conflict.keep}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={onReload}>
          {t.conflict.reload}
        </Button>
        <Button onClick={() => onApplyMine(choices)} disabled={!merging || unchosen > 0} autoFocus>
          {t.conflict.applyMine}
        </Button>
      </Flex>
    </Dialog>
  );
}

type Shared = { state: "idle" } | { state: "working" } | { state: "shared"; id: string; url: string; expiresAt: string } | { state: "revoked" } | { state: "failed"; message: string };

/**
 * Share preview: sends the draft now, makes a link that shows it without an account (7 days,
 * revocable), and shows it to copy or revoke. The page editor's and the blog admin's (a post's
 * draft is previewed as its /blog/<slug> page).
 */
/** How many changes the publish question lists before "…and N more". */
const LISTED_CHANGES = 12;


/** An admin's publish anyway: the reason, and what the preview's own accessibility check found (the server cannot run it; its audit log keeps it). */
function overrideOf(gate: GateState | undefined, reason: string): PublishOverride {
  const accessibility = gate?.state === "ready" ? gate.report.findings.filter((f) => f.severity === "error" && f.axe).map((f) => f.axe!.slice(0, OVERRIDDEN_ACCESSIBILITY.length)) : [];
  return { reason: reason.trim(), ...(accessibility.length > 0 && { accessibility: accessibility.slice(0, OVERRIDDEN_ACCESSIBILITY.max) }) };
}

/**
 * Publish asks once: what goes live, in words, and the publish gate's findings on the page as it
 * will be published (`gate`: none for a post). With problems, Publish waits until they
 * are fixed, or, for an admin, until a reason is given (`onPublish` gets it).
 */
export function PublishConfirm({
  open,
  name,
  changes,
  images = [],
  translationsLeaving,
  gate = { state: "none" },
  canOverride = false,
  onShow,
  canShow,
  placeOf,
  onPublish,
  onClose,
}: {
  open: boolean;
  name: string;
  changes: readonly FieldChange[];
  /** The new images it names, published with it. */
  images?: readonly NewImage[];
  /** Blocks it removes, and the languages their texts leave with them, when there are both (server/studio/document-translations.ts). */
  translationsLeaving?: { blocks: number; languages: readonly string[] };
  gate?: GateState;
  canOverride?: boolean;
  onPublish: (override?: PublishOverride) => void;
  onClose: () => void;
} & ShowFinding) {
  const c = texts.studio.confirm;
  const listed = changes.slice(0, LISTED_CHANGES);
  const [reason, setReason] = useState("");
  // Publish clicked while the preview's own check is under way: it publishes once the check passes (found problems show instead).
  const [waiting, setWaiting] = useState(false);
  useEffect(() => (setReason(""), setWaiting(false)), [open]);
  const stopped = gate.state === "ready" && gate.report.blocking > 0;
  const previewChecking = gate.state === "checking" && gate.preview === true;
  useEffect(() => {
    if (!waiting || previewChecking) return;
    setWaiting(false);
    if (!stopped) onPublish();
  }, [waiting, previewChecking, stopped, onPublish]);
  return (
    <Dialog open={open} title={c.title(name)} onClose={onClose} testId="publish-confirm" wide>
      {changes.length === 0 ? (
        <Text mt="3">{c.none}</Text>
      ) : (
        <>
          <Text mt="3">{c.intro}</Text>
          <Stack as="ul" mt="2" pl="5" gap="1" listStyleType="disc" data-testid="publish-changes">
            {listed.map((change, i) => (
              <li key={i}>{change.words}</li>
            ))}
          </Stack>
          {changes.length > listed.length && <Text mt="2">{c.more(changes.length - listed.length)}</Text>}
        </>
      )}
      {translationsLeaving && (
        <Text mt="2" data-testid="publish-translations">
          {c.removedBlocks(translationsLeaving.blocks, translationsLeaving.languages)}
        </Text>
      )}
      {images.length > 0 && (
        <Text mt="2" data-testid="publish-images">
          {c.images(images.map((image) => image.name))}
        </Text>
      )}
      <PublishGate gate={gate} canOverride={canOverride} reason={reason} onReason={setReason} onShow={onShow} canShow={canShow} placeOf={placeOf} />
      <Flex mt="6" gap="3" justify="flex-end" wrap="wrap">
        <Button variant="outline" onClick={onClose}>
          {c.cancel}
        </Button>
        {(!stopped || canOverride) && (
          <Button
            onClick={() => (previewChecking ? setWaiting(true) : onPublish(stopped ? overrideOf(gate, reason) : undefined))}
            disabled={!previewChecking && !gatePasses(gate, reason)}
            loading={waiting}
            loadingText={c.publish}
            colorPalette={stopped ? "red" : undefined}
          >
            {stopped ? texts.studio.gate.publishAnyway : c.publish}
          </Button>
        )}
      </Flex>
    </Dialog>
  );
}

export function SharePreview({ api, file, flush }: { api: StudioApi; file: string; flush: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [shared, setShared] = useState<Shared>({ state: "idle" });
  const s = t.share;
  const share = async () => {
    setOpen(true);
    setShared({ state: "working" });
    await flush();
    const made = await api.sharePreview(file);
    setShared(made.ok ? { state: "shared", ...made.data, url: new URL(made.data.url, window.location.origin).href } : { state: "failed", message: `${made.failure.error.message} ${made.failure.error.hint}` });
  };
  const revoke = async (id: string) => {
    const revoked = await api.revokePreview(id);
    setShared(revoked.ok ? { state: "revoked" } : { state: "failed", message: `${revoked.failure.error.message} ${revoked.failure.error.hint}` });
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => void share()} data-testid="share-preview">
        {s.button}
      </Button>
      <Dialog open={open} title={s.title} onClose={() => setOpen(false)} testId="share-dialog">
        {shared.state === "working" && <Text mt="3">{s.working}</Text>}
        {shared.state === "failed" && (
          <Text mt="3" color="red.700" role="alert">
            {shared.message}
          </Text>
        )}
        {shared.state === "revoked" && (
          <Text mt="3" role="status">
            {s.revoked}
          </Text>
        )}
        {shared.state === "shared" && (
          <Stack mt="3" gap="3">
            <Text color="gray.800">{s.text(day(shared.expiresAt))}</Text>
            <Input readOnly value={shared.url} aria-label={s.link} onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
            <Flex gap="3" justify="flex-end" wrap="wrap">
              <Button variant="outline" colorPalette="red" onClick={() => void revoke(shared.id)}>
                {s.revoke}
              </Button>
              <Button onClick={() => void navigator.clipboard?.writeText(shared.url)}>{s.copy}</Button>
            </Flex>
          </Stack>
        )}
        <DialogFooter label={s.close} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}
