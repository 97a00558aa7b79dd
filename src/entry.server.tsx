/**
 * Renders a route to HTML at build time (prerendering). Unlike the default, it always waits
 * for the whole page, Suspense boundaries included, so every prerendered file is complete
 * HTML that reads well without JavaScript and needs no inline streaming scripts.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { blocks } from "./blocks/registry.ts";
import { preloadDeferredForm } from "./forms/DeferredForm.tsx";

// Block components load on demand in the browser. Here they are loaded before rendering, so
// no block suspends: a suspended block would be streamed as a hidden segment moved into
// place by an inline script, unreadable without JavaScript and a cause of layout shift.
const allBlocksLoaded = Promise.all([...Object.values(blocks).map((b) => b.preload()), preloadDeferredForm()]);

export const streamTimeout = 10_000;

// For incremental rebuilds, which render with this server build (scripts/lib/keep-server-build.ts).
export { rebuildKit } from "./runtime/incremental.server.ts";

export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  await allBlocksLoaded;
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      // Never outline large Suspense boundaries into hidden segments: a static file gains
      // nothing from it, and JavaScript would be needed to put them in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        failed = true;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
