/**
 * The live preview: an iframe titled "Preview" on /admin/preview, sent each new frame of
 * the draft as it changes (../preview/messages.ts), at the width of a desktop or a phone.
 * Clicks in it come back as selections. Each painted frame is announced on the editor's
 * window as a "preview-painted" event (npm run bench:editor measures keystroke to paint).
 */
import { Box, chakra } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { PREVIEW_PATH } from "../model.ts";
import type { PreviewFrame } from "../preview/data.ts";
import { type FromPreview, isMessage, type ToPreview } from "../preview/messages.ts";
import { texts } from "../texts.ts";

export type Device = "desktop" | "phone";
export const PHONE_WIDTH = 390;
/** A desktop preview is laid out at this width and scaled down to fit the pane. */
export const DESKTOP_WIDTH = 1280;

export function PreviewPane({ frame, selected, reveal, device, onSelect }: { frame: PreviewFrame | undefined; selected: string; reveal: number; device: Device; onSelect: (key: string, text?: string) => void }) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: DESKTOP_WIDTH, height: 800 });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = pane.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setSize({ width: entry!.contentRect.width, height: entry!.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const rev = useRef(0);
  const lastReveal = useRef(reveal);
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== iframe.current?.contentWindow || !isMessage<FromPreview>(event.data)) return;
      const message = event.data;
      if (message.type === "ready") setReady(true);
      else if (message.type === "select") select.current(message.key, message.text);
      else if (message.type === "painted") window.dispatchEvent(new CustomEvent("preview-painted", { detail: { rev: message.rev } }));
    };
    window.addEventListener("message", receive);
    return () => window.removeEventListener("message", receive);
  }, []);

  useEffect(() => {
    const target = iframe.current?.contentWindow;
    if (!ready || !frame || !target) return;
    const message: ToPreview = { type: "render", rev: ++rev.current, blocks: frame.blocks, shell: frame.shell, selected, reveal: lastReveal.current !== reveal };
    lastReveal.current = reveal;
    target.postMessage(message, window.location.origin);
    window.dispatchEvent(new CustomEvent("preview-sent", { detail: { rev: message.rev } }));
  }, [ready, frame, selected, reveal]);

  const width = device === "phone" ? PHONE_WIDTH : DESKTOP_WIDTH;
  const scale = Math.min(1, size.width / width);
  return (
    <Box ref={pane} flex="1" minH="0" bg="gray.100" overflow="hidden" position="relative" data-testid="preview-pane" data-device={device}>
      <chakra.iframe
        ref={iframe}
        title={texts.editor.preview}
        src={PREVIEW_PATH}
        position="absolute"
        top="0"
        left={`${Math.max(0, (size.width - width * scale) / 2)}px`}
        width={`${width}px`}
        height={`${size.height / scale}px`}
        transform={scale < 1 ? `scale(${scale})` : undefined}
        transformOrigin="top left"
        bg="white"
        borderInlineWidth={device === "phone" ? "1px" : "0"}
        borderColor="gray.400"
      />
    </Box>
  );
}
