/**
 * Renders a route to HTML at build time (prerendering) and on the dev server. Unlike the
 * default, it waits for the whole page, Suspense boundaries included, so every prerendered
 * file is complete HTML that reads well without JavaScript and needs no inline streaming
 * scripts. The page is rendered with its islands' elements empty; then each island is
 * rendered as a root of its own into its element (runtime/islands/render.server.tsx).
 */
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { blocks } from "./blocks/registry.ts";
import { publicIslands } from "./islands.ts";
import { islandRegistry } from "./page/define-island.ts";
import { IslandCollectorContext } from "./page/Island.tsx";
import { collectIslands, preloadIslands, renderIslands } from "./runtime/islands/render.server.tsx";
import { RouterScripts } from "./runtime/router-scripts.ts";
import { keepLinksInLocale } from "./runtime/content.server.ts";
import type { Head } from "./runtime/page-data.ts";
import { createStyleCache, PageStyleCache } from "./styles/provider.tsx";
import { studioIslands } from "./islands.studio.ts";

// Block components and islands load on demand in the browser. Here they are loaded before
// rendering, so nothing suspends: a suspended part would be streamed as a hidden segment
// moved into place by an inline script, unreadable without JavaScript. Every build renders
// the studio's screens too (src/routes.ts).
const allLoaded = Promise.all([...Object.values(blocks).map((b) => b.preload()), preloadIslands(islandRegistry([...publicIslands, ...studioIslands]))]);

export const streamTimeout = 10_000;

// For incremental rebuilds, which render with this server build (scripts/lib/keep-server-build.ts).
export { rebuildKit } from "./runtime/incremental.server.ts";

export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  await allLoaded;
  const cache = createStyleCache();
  const islands = collectIslands(cache);
  let failed = false;
  const html = await new Promise<string>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <RouterScripts value={import.meta.env.DEV || context.isSpaMode}>
        <PageStyleCache value={cache}>
          <IslandCollectorContext value={islands}>
            <ServerRouter context={context} url={request.url} />
          </IslandCollectorContext>
        </PageStyleCache>
      </RouterScripts>,
      {
        // Never outline large Suspense boundaries into hidden segments: a static file gains
        // nothing from it, and JavaScript would be needed to put them in place.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A page that failed to render answers 500: the prerenderer stops the build on it.
  // Only a page of another locale (its loader data says which) has its links moved into it.
  const localised = Object.values(context.staticHandlerContext.loaderData ?? {}).some((data) => (data as { head?: Head } | undefined)?.head?.language?.prefix);
  const rendered = renderIslands(html, islands);
  const page = localised ? await keepLinksInLocale(new URL(request.url).pathname, rendered) : rendered;
  return new Response(page, { headers, status: failed ? 500 : status });
}
