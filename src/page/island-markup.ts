/**
 * How an island is written into a page. The element wraps the island's own HTML, rendered
 * at build time as a React root of its own (render.server.tsx), so the browser can hydrate
 * exactly that root (runtime.ts):
 *
 *   <site-island data-island="share-article" data-id="i3" data-hydrate="interaction"
 *                data-props="{…}">…its HTML…<site-slot>…static children…</site-slot>…</site-island>
 *
 * `site-slot` holds children the island shows but does not own: static HTML it keeps as it
 * is (a button the island only listens to). Both elements are `display: contents` (theme.ts),
 * so they never change the layout.
 */
export const ISLAND_TAG = "site-island";
export const SLOT_TAG = "site-slot";

/**
 * When an island hydrates:
 * - `interaction`: when the visitor reaches for it (early-events.ts), the default;
 * - `visible`: when it comes near the viewport (it acts on its own: the carousel advances);
 * - `load`: as soon as the page's runtime starts (its content comes from the browser).
 */
export type HydrateOn = "interaction" | "visible" | "load";

/** The attributes the server writes and the runtime reads. */
export const ATTR = {
  name: "data-island",
  id: "data-id",
  props: "data-props",
  hydrate: "data-hydrate",
  /** Comma-separated query parameters: with any of them in the URL the island hydrates at once (a shared filtered list). */
  hydrateWithQuery: "data-hydrate-query",
  /** Present when a click on a link inside must wait for the island (see early-events.ts). */
  captureLinks: "data-capture-links",
  /** Set by the runtime once the island has hydrated. */
  hydrated: "data-hydrated",
} as const;

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      [ISLAND_TAG]: React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
      [SLOT_TAG]: React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
