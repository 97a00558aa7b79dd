/**
 * <Island of={shareArticle} props={…}>children</Island>: marks an interactive part of a
 * page (`shareArticle` is its definition, define-island.ts). Where it renders decides what it becomes:
 *
 * - in the page's build-time render it is written as a root of its own (island-markup.ts): the
 *   collector notes it, and render.server.tsx renders it after the page, so the browser can
 *   hydrate exactly that root, alone, when it is needed (runtime.ts);
 * - inside an island, or in a page rendered wholly in the browser (client-render.tsx, the
 *   page editor's preview), it is simply its component, interactive like any other.
 *
 * `children` are content the island shows but does not change: written once as static HTML
 * in a <site-slot>, never hydrated (a Chakra button the island only listens to), so such an
 * island hydrates without the Chakra system. Props must be JSON: they are written into the page.
 */
import { type ComponentType, createContext, type ReactNode, use, useContext, useEffect } from "react";
import type { AnyIsland, IslandDefinition } from "./define-island.ts";
import { ATTR, type HydrateOn, ISLAND_TAG, SLOT_TAG } from "./island-markup.ts";

/** The props a page gives an island: its component's, but for the static children. */
export type IslandProps<D> = D extends IslandDefinition<infer P> ? Omit<P, "children"> : never;

export interface PendingIsland {
  id: string;
  definition: AnyIsland;
  props: Record<string, unknown>;
  children: ReactNode;
}

/** What the build-time render of a page collects: its islands, rendered after it. */
export interface IslandCollector {
  add(island: Omit<PendingIsland, "id">): string;
}

export const IslandCollectorContext = createContext<IslandCollector | undefined>(undefined);

/** "island" inside an island's own root: a nested <Island> is just its component there. */
const IslandScope = createContext<"page" | "island">("page");

export function Island<D extends AnyIsland>({
  of: definition,
  props,
  children,
  hydrate,
  hydrateWithQuery,
}: {
  of: D;
  props: IslandProps<D>;
  children?: ReactNode;
  /** Overrides the island's own strategy for this use. */
  hydrate?: HydrateOn;
  /** Query parameters that, present in the URL, make it hydrate at once. */
  hydrateWithQuery?: string[];
}) {
  const scope = useContext(IslandScope);
  const collector = useContext(IslandCollectorContext);
  if (scope === "page" && collector) {
    const id = collector.add({ definition, props: props as Record<string, unknown>, children });
    const attributes = {
      [ATTR.name]: definition.name,
      [ATTR.id]: id,
      [ATTR.hydrate]: hydrate ?? definition.hydrate,
      ...(hydrateWithQuery?.length ? { [ATTR.hydrateWithQuery]: hydrateWithQuery.join(",") } : {}),
      ...(definition.captureLinks ? { [ATTR.captureLinks]: "" } : {}),
      [ATTR.props]: JSON.stringify(props),
    };
    return <ISLAND_TAG_ELEMENT {...attributes} />;
  }
  const Component = use(definition.load()) as ComponentType<Record<string, unknown>>;
  return <Component {...(props as Record<string, unknown>)}>{children}</Component>;
}

const ISLAND_TAG_ELEMENT = ISLAND_TAG as unknown as ComponentType<Record<string, string>>;

/**
 * An island's root, the same at build time (render.server.tsx) and when the browser hydrates
 * it (runtime.ts), so the two trees match: its component, wrapped in what it needs (the
 * Chakra system for a styled one), its static children in a slot, and a marker whose effect
 * tells when the whole root has hydrated.
 */
export function IslandRoot({
  Component,
  props,
  slot,
  Wrap,
  onCommit,
}: {
  Component: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
  slot: ReactNode;
  Wrap?: ComponentType<{ children: ReactNode }>;
  onCommit?: () => void;
}) {
  const island = <Component {...props}>{slot}</Component>;
  return (
    <IslandScope value="island">
      {Wrap ? <Wrap>{island}</Wrap> : island}
      <Committed onCommit={onCommit} />
    </IslandScope>
  );
}

function Committed({ onCommit }: { onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return null;
}

/** Static children at build time: rendered as page content again (an <Island> in them is an island of its own). */
export function ServerSlot({ children }: { children: ReactNode }) {
  return (
    <IslandScope value="page">
      <SLOT_ELEMENT>{children}</SLOT_ELEMENT>
    </IslandScope>
  );
}

/** Static children in the browser: the slot's HTML, kept as it is (React never hydrates inside it). */
export function StaticSlot({ html }: { html: string }) {
  return <SLOT_ELEMENT dangerouslySetInnerHTML={{ __html: html }} />;
}

const SLOT_ELEMENT = SLOT_TAG as unknown as ComponentType<{ children?: ReactNode; dangerouslySetInnerHTML?: { __html: string } }>;
