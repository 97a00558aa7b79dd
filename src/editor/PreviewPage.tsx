/**
 * /admin/preview: the page editor's live preview, shown in an iframe titled "Preview". It
 * renders what the editor sends (../preview/messages.ts) with the real shell, theme and
 * block components. A block whose draft does not parse yet keeps its last good rendering.
 * A click selects the block under it in the editor, and the text under it, where a field
 * holds that text; links and buttons do not act, so the page never navigates away. Asked, it
 * checks itself with axe (./preview/axe-check.ts) and marks what it finds.
 * One of the studio's screens (src/routes.ts), like the editor.
 */
import { Box, Text } from "@chakra-ui/react";
import { Component, memo, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { blocks } from "../blocks/registry.ts";
import type { RenderedBlock } from "../runtime/page-data.ts";
import type { ShellData } from "../shell/data.ts";
import { Shell } from "../shell/Shell.tsx";
import { SiteConfigProvider } from "../page/site-config.ts";
import { PageProvider } from "../page/context.tsx";
import { checkPreview } from "./preview/axe-check.ts";
import { type FromPreview, isMessage, type RenderFrame, type ToPreview } from "./preview/messages.ts";

const post = (message: FromPreview) => window.parent.postMessage(message, window.location.origin);

/** What the preview shows of the page's blocks; the editor sends only what changed (messages.ts). */
interface Shown {
  rev: number;
  order: string[];
  /** Each block as last sent, with its last good rendering kept when it fails to parse. */
  blocks: Map<string, { block?: RenderedBlock; failed?: boolean }>;
  selected?: string;
  reveal?: boolean;
}

/**
 * The blocks live in a small store outside React state, so a keystroke re-renders the block
 * list (and, of its blocks, only the one that changed), never the shell around it.
 */
function createStore() {
  let shown: Shown | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    apply(message: RenderFrame) {
      const blocks = new Map(shown?.blocks);
      for (const { key, block, failed } of message.changed) blocks.set(key, { block: block ?? blocks.get(key)?.block, failed });
      for (const key of blocks.keys()) if (!message.order.includes(key)) blocks.delete(key);
      shown = { rev: message.rev, order: message.order, blocks, selected: message.selected, reveal: message.reveal };
      for (const listener of listeners) listener();
    },
  };
}

export default function PreviewPage() {
  const [store] = useState(createStore);
  const [shell, setShell] = useState<{ data: ShellData | undefined }>();
  const [path, setPath] = useState("/");

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent || !isMessage<ToPreview>(event.data)) return;
      if (event.data.type === "axe") {
        const root = document.querySelector('[data-testid="preview-page"]');
        if (root) void checkPreview(root).then((problems) => post({ type: "axe", problems }));
        return;
      }
      if (event.data.shell) setShell(event.data.shell);
      setPath(event.data.path);
      store.apply(event.data);
    };
    window.addEventListener("message", receive);
    post({ type: "ready" });
    return () => window.removeEventListener("message", receive);
  }, [store]);

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

  if (!shell) return null;
  const shown = (
    <PageProvider value={{ path, pending: false }}>
      <Shell {...(shell.data ?? { services: [] })}>
        <PreviewBlocks store={store} />
      </Shell>
    </PageProvider>
  );
  // The shell's settings are the editor's (a draft of the site settings among them), not the bundle's.
  return shell.data ? <SiteConfigProvider value={shell.data.site}>{shown}</SiteConfigProvider> : shown;
}

function PreviewBlocks({ store }: { store: ReturnType<typeof createStore> }) {
  const shown = useSyncExternalStore(store.subscribe, store.get, store.get);
  const root = useRef<HTMLDivElement>(null);

  // Painted: the frame after this commit has been drawn (a message after the next animation frame).
  useLayoutEffect(() => {
    if (!shown) return;
    const rev = shown.rev;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => post({ type: "painted", rev });
      channel.port2.postMessage(null);
    });
  }, [shown]);

  useEffect(() => {
    if (!shown?.reveal || !shown.selected) return;
    root.current?.querySelector(`[data-editor-block="${CSS.escape(shown.selected)}"]`)?.scrollIntoView({ block: "start", behavior: "instant" });
  }, [shown]);

  if (!shown) return null;
  return (
    <div ref={root} data-testid="preview-page">
      {shown.order.map((key) => {
        const { block, failed } = shown.blocks.get(key) ?? {};
        return <PreviewBlock key={key} id={key} block={block} failed={failed} selected={shown.selected === key} />;
      })}
    </div>
  );
}

/** One block; rendered again only when it, or whether it is selected, changed. */
const PreviewBlock = memo(function PreviewBlock({ id, block, failed, selected }: { id: string; block?: RenderedBlock; failed?: boolean; selected: boolean }) {
  return (
    <Box
      data-editor-block={id}
      data-selected={selected || undefined}
      data-failed={failed || undefined}
      position="relative"
      cursor="pointer"
      outlineOffset="-3px"
      _hover={{ outline: "2px dashed", outlineColor: "brand.400" }}
      css={{ "&[data-selected]": { outline: "3px solid", outlineColor: "var(--chakra-colors-brand-600)" } }}
    >
      {block ? (
        <BlockBoundary block={block}>
          <Suspense>
            <RenderBlock block={block} />
          </Suspense>
        </BlockBoundary>
      ) : (
        <Placeholder />
      )}
    </Box>
  );
});

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
