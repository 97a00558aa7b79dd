import { Component, Fragment, type ReactNode, Suspense } from "react";
import { blocks } from "../blocks/registry.ts";
import { LoadError } from "../ui/States.tsx";
import { FallbackNote } from "../ui/FallbackNote.tsx";
import { StaleMark } from "../ui/StaleMark.tsx";
import type { PageData, RenderedBlock } from "./page-data.ts";

/**
 * Renders a page's blocks in order, each through its registered component. At build time
 * every block's code has loaded (entry.server.tsx); in a page rendered in the browser
 * (client-render.tsx) each block's code loads on demand, and a block whose code could not
 * load shows the load error with a Retry that asks for it again. A block in another language
 * than the page's says so with `lang`; a page in fallback opens with a note saying so. In a
 * translation's preview, a block with stale texts is outlined and says how many.
 */
export function PageRenderer({ blocks: list, fallback }: { blocks: RenderedBlock[]; fallback?: PageData["fallback"] }) {
  return (
    <>
      {fallback && <FallbackNote name={fallback.name} />}
      {list.map((b, i) => {
        const { Component: Block } = blocks[b.type];
        const shown = (
          <BlockBoundary>
            <Block {...b.props} data={b.data} />
          </BlockBoundary>
        );
        const block = b.stale ? <StaleMark count={b.stale}>{shown}</StaleMark> : shown;
        return b.lang ? (
          <div key={`${b.type}-${i}`} lang={b.lang}>
            {block}
          </div>
        ) : (
          <Fragment key={`${b.type}-${i}`}>{block}</Fragment>
        );
      })}
    </>
  );
}

/** A block that failed (its code did not load): the load error in its place, and a Retry (React logs the error). */
class BlockBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <LoadError headingLevel="h2" onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))} />;
    return <Suspense key={this.state.attempt}>{this.props.children}</Suspense>;
  }
}
