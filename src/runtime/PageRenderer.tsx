import { Suspense, useEffect } from "react";
import { blocks } from "../blocks/registry.ts";
import { hydration } from "./hydration.ts";
import type { RenderedBlock } from "./page-data.ts";

/** Rendered after a block, inside its Suspense boundary: its effect runs once the block has hydrated. */
function BlockHydrated() {
  useEffect(() => hydration.block(), []);
  return null;
}

/** Renders a page's blocks in order, each through its registered component. */
export function PageRenderer({ blocks: list }: { blocks: RenderedBlock[] }) {
  useEffect(() => hydration.expect(list.length), [list.length]);
  return (
    <>
      {list.map((b, i) => {
        const { Component } = blocks[b.type];
        return (
          <Suspense key={`${b.type}-${i}`}>
            <Component {...b.props} data={b.data} />
            <BlockHydrated />
          </Suspense>
        );
      })}
    </>
  );
}

/** Loads the code of every block on a page, so client navigation renders without a gap. */
export function preloadBlocks(list: RenderedBlock[]) {
  return Promise.all(list.map((b) => blocks[b.type].preload()));
}
