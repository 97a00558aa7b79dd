/**
 * Sending images to the media library, one request per file with its progress and its answer
 * (added, already in the library, or refused with the catalogue's reason): the Media screen's
 * drop box and the page editor's image picker use the same.
 */
import { Box, Button, chakra, Text } from "@chakra-ui/react";
import { useRef, useState } from "react";
import { ACCEPTED_IMAGES } from "../../../schemas/media.ts";
import type { MediaAsset, UploadResult } from "../../../schemas/studio-media.ts";
import { media } from "../media.ts";
import { texts } from "../texts.ts";

const t = texts.media.upload;

export type Sending = { key: number; name: string; sent: number; result?: UploadResult };

/** Files sent one after another; `onResult` hears each answer as it comes. */
export function useUploads(onResult: (result: UploadResult) => void = () => undefined) {
  const [sending, setSending] = useState<Sending[]>([]);
  const next = useRef(0);
  const send = async (files: File[]) => {
    const batch = files.map((file) => ({ file, key: next.current++ }));
    setSending((now) => [...batch.map(({ file, key }) => ({ key, name: file.name, sent: 0 })), ...now]);
    const update = (key: number, change: Partial<Sending>) => setSending((now) => now.map((s) => (s.key === key ? { ...s, ...change } : s)));
    for (const { file, key } of batch) {
      const answer = await media.upload(file, (sent) => update(key, { sent }));
      const result: UploadResult = answer.ok ? answer.data.results[0]! : { name: file.name, status: "refused", error: answer.error };
      update(key, { sent: 1, result });
      onResult(result);
    }
  };
  return { sending, send };
}

/** A hidden file input for images; `choose` opens it. */
export function useImageInput(onFiles: (files: File[]) => void, { multiple = false, testId }: { multiple?: boolean; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const element = (
    <input
      ref={input}
      type="file"
      multiple={multiple}
      accept={ACCEPTED_IMAGES}
      hidden
      data-testid={testId}
      onChange={(e) => {
        onFiles([...(e.target.files ?? [])]);
        e.target.value = "";
      }}
    />
  );
  return { element, choose: () => input.current?.click() };
}

/** Each file sent: its progress, then what became of it. */
export function UploadList({ sending, label }: { sending: readonly Sending[]; label: string }) {
  return (
    <chakra.ul listStyleType="none" mt="3" aria-label={label} aria-live="polite">
      {sending.map((s) => (
        <chakra.li key={s.key} py="2" borderBottomWidth="1px" data-testid="media-upload" data-status={s.result?.status ?? "sending"}>
          <Text fontWeight="semibold" wordBreak="break-word">{s.name}</Text>
          {!s.result && <chakra.progress value={s.sent} max={1} w="full" aria-label={t.progress(s.name)} />}
          {s.result?.status === "added" && <Text color="green.900">{t.added}</Text>}
          {s.result?.status === "duplicate" && <Text color="gray.800">{t.duplicate(s.result.asset.id)}</Text>}
          {s.result?.status === "refused" && (
            <Box color="red.800" data-code={s.result.error.code}>
              <Text fontWeight="semibold">{s.result.error.title}</Text>
              <Text color="gray.800">{s.result.error.message} {s.result.error.hint}</Text>
            </Box>
          )}
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

/**
 * The page editor's image picker's "Upload an image": one file, sent as on the Media screen,
 * and picked once the library has it (a new image, or the one it had already).
 */
export function PickerUpload({ onPicked }: { onPicked: (image: MediaAsset) => void }) {
  const { sending, send } = useUploads((result) => result.status !== "refused" && onPicked(result.asset));
  const { element, choose } = useImageInput((files) => void send(files.slice(0, 1)), { testId: "picker-upload-input" });
  return (
    <Box mt="2">
      <Button size="sm" variant="outline" onClick={choose}>{t.inPicker}</Button>
      {element}
      <UploadList sending={sending.slice(0, 1)} label={t.listLabel} />
    </Box>
  );
}
