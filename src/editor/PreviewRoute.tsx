/**
 * /admin/preview: the page editor's live preview, shown in an iframe titled "Preview". It
 * renders what the editor sends (../preview/messages.ts) with the real shell, theme and
 * block components. A block whose draft does not parse yet keeps its last good rendering.
 * A click selects the block under it in the editor, and the text under it, where a field
 * holds that text; links and buttons do not act, so the page never navigates away.
 * Local mode only (src/routes.ts), like the editor.
 */
import { Box, Text } from "@chakra-ui/react";
import { Component, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { MetaFunction } from "react-router";
import site from "../../site.config.ts";
import { blocks } from "../blocks/registry.ts";
import { hydration } from "../runtime/hydration.ts";
import type { RenderedBlock } from "../runtime/page-data.ts";
import { Shell } from "../shell/Shell.tsx";
import { type FromPreview, isMessage, type ToPreview } from "./preview/messages.ts";

export const meta: MetaFunction = () => [{ title: `Preview | ${site.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** The site's shell is drawn here, from the draft: the root layout must not draw its own. */
export const handle = { shell: false };

const post = (message: FromPreview) => window.parent.postMessage(message, window.location.origin);

export default function PreviewRoute() {
  const [frame, setFrame] = useState<ToPreview>();
  const lastGood = useRef(new Map<string, RenderedBlock>());
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => hydration.expect(0), []);
  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent || !isMessage<ToPreview>(event.data)) return;
      if (event.data.type === "render") setFrame(event.data);
    };
    window.addEventListener("message", receive);
    post({ type: "ready" });
    return () => window.removeEventListener("message", receive);
  }, []);

  // Painted: the frame after this commit has been drawn (a message after the next animation frame).
  useLayoutEffect(() => {
    if (!frame) return;
    const rev = frame.rev;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => post({ type: "painted", rev });
      channel.port2.postMessage(null);
    });
  }, [frame]);

  useEffect(() => {
    if (!frame?.reveal || !frame.selected) return;
    root.current?.querySelector(`[data-editor-block="${CSS.escape(frame.selected)}"]`)?.scrollIntoView({ block: "start", behavior: "instant" });
  }, [frame?.reveal, frame?.selected, frame?.rev]);

  // Click to edit: the block under the pointer, and the text under it.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const interactive = target?.closest("a, button, input, select, textarea, label, summary, form");
      if (interactive) event.preventDefault();
      const block = target?.closest<HTMLElement>("[data-editor-block]");
      if (!block) return;
      event.stopPropagation();
      const text = (target?.closest("h1, h2, h3, h4, p, li, a, button, span, figcaption, blockquote, dt, dd, label, td, th") ?? target)?.textContent?.trim();
      post({ type: "select", key: block.dataset.editorBlock!, ...(text && { text }) });
    };
    const onSubmit = (event: SubmitEvent) => event.preventDefault();
    document.addEventListener("click", onClick, true);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, []);

  if (!frame) return null;
  const shell = frame.shell ?? { services: [] };
  return (
    <Shell {...shell}>
      <div ref={root} data-testid="preview-page">
        {frame.blocks.map(({ key, block, failed }) => {
          if (block) lastGood.current.set(key, block);
          const shown = block ?? lastGood.current.get(key);
          return (
            <Box
              key={key}
              data-editor-block={key}
              data-selected={frame.selected === key || undefined}
              data-failed={failed || undefined}
              position="relative"
              cursor="pointer"
              outlineOffset="-3px"
              _hover={{ outline: "2px dashed", outlineColor: "brand.400" }}
              css={{ "&[data-selected]": { outline: "3px solid", outlineColor: "var(--chakra-colors-brand-600)" } }}
            >
              {shown ? (
                <BlockBoundary block={shown}>
                  <Suspense>
                    <RenderBlock block={shown} />
                  </Suspense>
                </BlockBoundary>
              ) : (
                <Placeholder />
              )}
            </Box>
          );
        })}
      </div>
    </Shell>
  );
}

function RenderBlock({ block }: { block: RenderedBlock }) {
  const { Component: Block } = blocks[block.type];
  return <Block {...block.props} data={block.data} />;
}

/** A block that has never rendered: its fields say what is missing. */
function Placeholder() {
  return (
    <Box py="10" px="6" bg="gray.50" borderWidth="1px" borderStyle="dashed" borderColor="gray.400" textAlign="center">
      <Text color="gray.700">This block appears once its fields are filled in.</Text>
    </Box>
  );
}

/** One block's rendering failing never blanks the preview; the next version of the block gets another try. */
class BlockBoundary extends Component<{ block: RenderedBlock; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { block: RenderedBlock }) {
    if (this.state.failed && previous.block !== this.props.block) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <Placeholder /> : this.props.children;
  }
}
