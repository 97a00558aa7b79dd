/**
 * An island: a part of a page that needs JavaScript. It is defined beside its component
 * (`Foo.island.ts` next to `Foo.tsx`), used in a page by value (`<Island of={foo} …>`), and
 * listed once in src/islands.ts, where the browser's runtime finds it by name.
 */
import type { ComponentType } from "react";
import type { HydrateOn } from "./island-markup.ts";
import { type LazyModule, lazyModule } from "./lazy.ts";

export interface IslandOptions {
  /** Renders Chakra components itself (not only in static children): hydrating it needs the Chakra system. */
  styled?: boolean;
  /** When it hydrates unless a page says otherwise (island-markup.ts); default `interaction`. */
  hydrate?: HydrateOn;
  /** Its links need its code before they are followed (early-events.ts). */
  captureLinks?: boolean;
}

export interface IslandDefinition<P> extends LazyModule<ComponentType<P>> {
  /** Written into the page; the runtime looks the island up by it. */
  name: string;
  styled: boolean;
  hydrate: HydrateOn;
  captureLinks: boolean;
}

/**
 * Any island, whatever its props (a registry holds islands of every kind). `any`: a
 * component type both takes and holds its props (defaultProps), so no narrower type fits all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyIsland = IslandDefinition<any>;

/**
 * An island: a component module loaded on demand (and again after a failed load), with how it
 * hydrates. Free of side effects, as the annotation tells the bundler: a definition nobody uses
 * (the admin's, in a public build) is dropped with its module and the code it would load
 * (checked: tests/e2e/admin.spec.ts, "no shipped JavaScript holds admin code").
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineIsland<P>(name: string, importer: () => Promise<{ default: ComponentType<P> }>, options: IslandOptions = {}): IslandDefinition<P> {
  const module = lazyModule(importer, (m) => m.default);
  return {
    name,
    load: module.load,
    get current() {
      return module.current;
    },
    styled: options.styled ?? false,
    hydrate: options.hydrate ?? "interaction",
    captureLinks: options.captureLinks ?? false,
  };
}

/** The islands by name; two with one name are a mistake caught when the registry is built. */
export type IslandRegistry = ReadonlyMap<string, AnyIsland>;

export function islandRegistry(islands: AnyIsland[]): IslandRegistry {
  const byName = new Map<string, AnyIsland>();
  for (const island of islands) {
    if (byName.has(island.name)) throw new Error(`Two islands are named "${island.name}".`);
    byName.set(island.name, island);
  }
  return byName;
}
