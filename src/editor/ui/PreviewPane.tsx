/**
 * The live preview: an iframe titled "Preview" on /admin/preview, sent each new frame of
 * the draft as it changes (../preview/messages.ts), at the width of a desktop or a phone.
 * Clicks in it come back as selections; asked, it checks itself with axe. Each painted frame is announced on the editor's
 * window as a "preview-painted" event (npm run bench:editor measures keystroke to paint).
 */
import { Box, chakra } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { PREVIEW_PATH } from "../../runtime/studio-paths.ts";
import type { ShellData } from "../../shell/data.ts";
import type { PreviewBlock, PreviewFrame } from "../preview/data.ts";
import { type AxeProblem, type FromPreview, isMessage, type ToPreview } from "../preview/messages.ts";
import { texts } from "../texts.ts";

export type Device = "desktop" | "phone";
export const PHONE_WIDTH = 390;
/** A desktop preview is laid out at this width and scaled down to fit the pane. */
export const DESKTOP_WIDTH = 1280;

/** `axeAsked`: a new number asks the preview for an accessibility check, answered to `onAxe`. */
export function PreviewPane({
  frame,
  selected,
  reveal,
  device,
  onSelect,
  axeAsked = 0,
  onAxe,
}: {
  frame: PreviewFrame | undefined;
  selected: string;
  reveal: number;
  device: Device;
  onSelect: (key: string, text?: string) => void;
  axeAsked?: number;
  onAxe?: (problems: AxeProblem[]) => void;
}) {
  const iframe = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: DESKTOP_WIDTH, height: 800 });
  /** How many times the preview said it was ready (0: not yet). */
  const [ready, setReady] = useState(0);
  /** What the preview already has: each block's last sent version, and the last sent shell. */
  const sent = useRef<{ blocks: Map<string, PreviewBlock>; shell: { data: ShellData | undefined } | undefined }>({ blocks: new Map(), shell: undefined });
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
  const axeAnswered = useRef(onAxe);
  axeAnswered.current = onAxe;

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== iframe.current?.contentWindow || !isMessage<FromPreview>(event.data)) return;
      const message = event.data;
      if (message.type === "ready") {
        // A (re)loaded preview has nothing yet: send it everything.
        sent.current = { blocks: new Map(), shell: undefined };
        setReady((n) => n + 1);
      }
      else if (message.type === "select") select.current(message.key, message.text);
      else if (message.type === "painted") window.dispatchEvent(new CustomEvent("preview-painted", { detail: { rev: message.rev } }));
      else if (message.type === "axe") axeAnswered.current?.(message.problems);
    };
    window.addEventListener("message", receive);
    return () => window.removeEventListener("message", receive);
  }, []);

  useEffect(() => {
    const target = iframe.current?.contentWindow;
    if (!ready || !frame || !target) return;
    const known = sent.current;
    const changed = frame.blocks.filter((b) => {
      const before = known.blocks.get(b.key);
      return before === undefined || before.block !== b.block || before.failed !== b.failed;
    });
    for (const b of changed) known.blocks.set(b.key, b);
    const shell = known.shell !== undefined && known.shell.data === frame.shell ? undefined : { data: frame.shell };
    if (shell) known.shell = shell;
    const message: ToPreview = { type: "render", rev: ++rev.current, order: frame.blocks.map((b) => b.key), changed, ...(shell && { shell }), path: frame.path, selected, reveal: lastReveal.current !== reveal };
    lastReveal.current = reveal;
    target.postMessage(message, window.location.origin);
    window.dispatchEvent(new CustomEvent("preview-sent", { detail: { rev: message.rev } }));
  }, [ready, frame, selected, reveal]);

  useEffect(() => {
    // Asked after the frame above: the check reads the draft as last sent.
    if (ready && axeAsked > 0) iframe.current?.contentWindow?.postMessage({ type: "axe" } satisfies ToPreview, window.location.origin);
  }, [ready, axeAsked]);

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
