import { Suspense } from "react";
import { blocks } from "../blocks/registry.ts";
import type { RenderedBlock } from "./page-data.ts";

/** Renders a page's blocks in order, each through its registered component. */
export function PageRenderer({ blocks: list }: { blocks: RenderedBlock[] }) {
  return (
    <>
      {list.map((b, i) => {
        const { Component } = blocks[b.type];
        return (
          <Suspense key={`${b.type}-${i}`}>
            <Component {...b.props} data={b.data} />
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
