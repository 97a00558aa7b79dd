import { type RefObject, Suspense, useEffect, useRef } from "react";
import { blocks } from "../blocks/registry.ts";
import { BLOCK_ATTRIBUTE } from "./early-clicks.ts";
import { hydration } from "./hydration.ts";
import type { RenderedBlock } from "./page-data.ts";

/** Rendered after a block, inside its Suspense boundary: its effect runs once the block has hydrated. */
function BlockHydrated({ frame }: { frame: RefObject<HTMLDivElement | null> }) {
  useEffect(() => hydration.block(frame.current), [frame]);
  return null;
}

/**
 * One block in its own Suspense boundary, hydrated once its code has loaded. Its frame (a box
 * that does not take part in layout) tells the early-click script (early-clicks.ts) which
 * clicks must wait for this block's code.
 */
function BlockSlot({ block: b }: { block: RenderedBlock }) {
  const frame = useRef<HTMLDivElement>(null);
  const { Component } = blocks[b.type];
  return (
    <Suspense>
      <div ref={frame} {...{ [BLOCK_ATTRIBUTE]: b.type }} style={{ display: "contents" }}>
        <Component {...b.props} data={b.data} />
      </div>
      <BlockHydrated frame={frame} />
    </Suspense>
  );
}

/** Renders a page's blocks in order, each through its registered component. */
export function PageRenderer({ blocks: list }: { blocks: RenderedBlock[] }) {
  useEffect(() => hydration.expect(list.length), [list.length]);
  return (
    <>
      {list.map((b, i) => (
        <BlockSlot key={`${b.type}-${i}`} block={b} />
      ))}
    </>
  );
}

/** Loads the code of every block on a page, so client navigation renders without a gap. */
export function preloadBlocks(list: RenderedBlock[]) {
  return Promise.all(list.map((b) => blocks[b.type].preload()));
}
