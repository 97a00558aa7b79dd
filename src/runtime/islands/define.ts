import type { ComponentType } from "react";
import { type LazyModule, lazyModule } from "../lazy.ts";
import type { HydrateOn } from "./markup.ts";

export interface IslandOptions {
  /** Renders Chakra components itself (not only in static children): hydrating it needs the Chakra system. */
  styled?: boolean;
  /** When it hydrates unless a page says otherwise (markup.ts); default `interaction`. */
  hydrate?: HydrateOn;
  /** Its links need its code before they are followed (early-events.ts). */
  captureLinks?: boolean;
}

export interface IslandDefinition<P> extends LazyModule<ComponentType<P>> {
  styled: boolean;
  hydrate: HydrateOn;
  captureLinks: boolean;
}

/** An island: a component module loaded on demand (and again after a failed load), with how it hydrates. */
export function defineIsland<P>(importer: () => Promise<{ default: ComponentType<P> }>, options: IslandOptions = {}): IslandDefinition<P> {
  const module = lazyModule(importer, (m) => m.default);
  return {
    load: module.load,
    get current() {
      return module.current;
    },
    styled: options.styled ?? false,
    hydrate: options.hydrate ?? "interaction",
    captureLinks: options.captureLinks ?? false,
  };
}
