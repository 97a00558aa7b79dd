/**
 * The review workflow in the page editor and the translation editor (server/studio/reviews-api.ts). Under the
 * toolbar, the page's latest review as a plain notice: waiting (for an editor: Send back…; for
 * its sender: Withdraw), or sent back (the reviewer's name, the date and the comment). A
 * contributor, who cannot publish, gets Send for review with an optional note. Approving is
 * the editor's Publish: the publish answers the review, and this notice reads it again.
 */
import { Box, Button, chakra, Flex, Stack, Text, Textarea } from "@chakra-ui/react";
import { useCallback, useEffect, useId, useState } from "react";
import type { ReviewView } from "../../../schemas/studio-review.ts";
import { REVIEW_TEXT_MAX } from "../../../schemas/studio-review.ts";
import { when } from "../../studio/ui/when.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { notify } from "../../ui/toaster.ts";
import type { EditorBackend } from "../backend.ts";
import type { EditorFailure } from "../model.ts";
import { texts } from "../texts.ts";

const t = texts.studio.review;

type Studio = NonNullable<EditorBackend["studio"]>;

/** How often an open page asks for its review's answer. */
const REVIEW_POLL_MS = 30_000;

/** `version`: the file's published version; a publish changes it, and the review is read again. */
export function ReviewBar({ studio, file, version }: { studio: Studio; file: string; version: string | null }) {
  const { api, canPublish, flush } = studio;
  const [review, setReview] = useState<ReviewView>();
  const [asking, setAsking] = useState<"send" | "return">();
  const refresh = useCallback(async () => {
    const listed = await api.reviews(file);
    if (listed.ok) setReview(listed.data.reviews[0]);
  }, [api, file]);
  useEffect(() => {
    void refresh();
    // An answer given meanwhile (sent back, published elsewhere) shows without a reload.
    const timer = setInterval(() => void refresh(), REVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh, version]);

  const failed = (failure: EditorFailure) => notify("error", failure.error.title, `${failure.error.message} ${failure.error.hint}`);
  const send = async (note: string) => {
    await flush();
    const sent = await api.sendForReview(file, note);
    if (!sent.ok) return failed(sent.failure);
    setReview(sent.data.review);
    setAsking(undefined);
    notify("success", t.sent.title, t.sent.text);
  };
  const sendBack = async (comment: string) => {
    const returned = await api.returnReview(review!.id, comment);
    if (!returned.ok) return failed(returned.failure);
    setReview(returned.data.review);
    setAsking(undefined);
    notify("success", t.sentBack.title, t.sentBack.text);
  };
  const withdraw = async () => {
    const withdrawn = await api.withdrawReview(review!.id);
    if (!withdrawn.ok) return failed(withdrawn.failure);
    setReview(withdrawn.data.review);
    notify("success", t.withdrawn.title, t.withdrawn.text);
  };

  const waiting = review?.state === "pending";
  const returned = review?.state === "returned";
  if (!waiting && !returned && canPublish) return null;
  return (
    <Box px="4" py="2" borderBottomWidth="1px" borderColor={returned ? "orange.300" : "gray.200"} bg={returned ? "orange.50" : waiting ? "blue.50" : "white"} data-testid="review-bar" data-state={review?.state}>
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Box role="status" flex="1" minW="15rem">
          {waiting && (
            <>
              <Text fontSize="sm" color="gray.900">{review.mine ? t.waitingMine(when(review.at)) : `${t.waiting(review.by.name, when(review.at))}${canPublish ? ` ${t.waitingEditor}` : ""}`}</Text>
              {review.note && <Text fontSize="sm" color="gray.800" wordBreak="break-word">{review.mine ? t.yourNote(review.note) : t.theirNote(review.note)}</Text>}
            </>
          )}
          {returned && (
            <>
              <Text fontSize="sm" fontWeight="semibold" color="gray.900">{t.returned(review.reviewer?.name ?? t.someone, when(review.answeredAt ?? review.at))}</Text>
              <Text whiteSpace="pre-wrap" wordBreak="break-word" data-testid="review-comment">{review.comment}</Text>
            </>
          )}
        </Box>
        <Flex gap="2" wrap="wrap">
          {waiting && canPublish && (
            <Button size="sm" variant="outline" onClick={() => setAsking("return")}>{t.sendBack}</Button>
          )}
          {waiting && review.mine && (
            <Button size="sm" variant="outline" onClick={() => void withdraw()}>{t.withdraw}</Button>
          )}
          {!waiting && !canPublish && (
            <Button size="sm" onClick={() => setAsking("send")} data-testid="send-for-review">{t.send}</Button>
          )}
        </Flex>
      </Flex>
      <TextDialog
        open={asking === "send"}
        title={t.sendTitle}
        intro={t.sendIntro}
        label={t.note}
        submit={t.sendSubmit}
        required={false}
        onSubmit={send}
        onClose={() => setAsking(undefined)}
        testId="send-for-review-dialog"
      />
      <TextDialog
        open={asking === "return"}
        title={t.sendBackTitle}
        intro={t.sendBackIntro(review?.by.name ?? t.someone)}
        label={t.comment}
        submit={t.sendBackSubmit}
        required
        onSubmit={sendBack}
        onClose={() => setAsking(undefined)}
        testId="send-back-dialog"
      />
    </Box>
  );
}

/** A dialog asking for one text (a note, a comment) and sending it. */
function TextDialog({ open, title, intro, label, submit, required, onSubmit, onClose, testId }: {
  open: boolean;
  title: string;
  intro: string;
  label: string;
  submit: string;
  required: boolean;
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
  testId: string;
}) {
  const [text, setText] = useState("");
  const [working, setWorking] = useState(false);
  const id = useId();
  useEffect(() => void (open && setText("")), [open]);
  const go = async () => {
    setWorking(true);
    await onSubmit(text);
    setWorking(false);
  };
  return (
    <Dialog open={open} title={title} onClose={onClose} testId={testId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void go();
        }}
      >
        <Stack gap="3" mt="3">
          <Text color="gray.800">{intro}</Text>
          <Box>
            <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">{label}</chakra.label>
            <Textarea id={id} mt="1.5" rows={4} value={text} maxLength={REVIEW_TEXT_MAX} required={required} onChange={(e) => setText(e.target.value)} bg="white" />
          </Box>
          <Flex gap="3" justify="flex-end" wrap="wrap">
            <Button type="button" variant="outline" onClick={onClose}>{t.cancel}</Button>
            <Button type="submit" loading={working} loadingText={t.working} disabled={required && text.trim() === ""}>{submit}</Button>
          </Flex>
        </Stack>
      </form>
    </Dialog>
  );
}
