/**
 * The block contract. A block type is a folder under src/blocks/ with:
 * - definition.ts: its props schema (zod, with .describe() texts) and an optional `load`
 *   that picks what the block needs from collections at build time;
 * - a component that receives the parsed props plus `data` (what `load` returned).
 * registry.ts ties the two together with one line per block, and the types here make a
 * component that does not fit its schema (or a block without one of the halves) a type error.
 */
import { type ComponentType, type ReactElement, use } from "react";
import type { z } from "zod";
import type { BlogIndex } from "../../schemas/blog.ts";
import { lazyModule } from "../page/lazy.ts";
import type { Collections } from "../../schemas/collections/index.ts";
import type { SiteConfig } from "../../schemas/site.ts";
import type { MediaAsset } from "../page/media/variants.ts";

/** What a block's `load` may read. Everything here exists at build time. */
export interface LoadContext {
  site: SiteConfig;
  collections: Collections;
  /** The collection item a template page is rendered for (e.g. the service on /services/{id}). */
  item?: Record<string, unknown>;
  path: string;
  /** The blog (WordPress or content/blog/, whichever the build uses): posts newest first, terms, authors. */
  blog: BlogIndex;
  /** The images pages draw, by asset id (the library's, and a remote blog's featured images). */
  media?: ReadonlyMap<string, MediaAsset>;
  /** On a page in another locale: the default locale's collections, whose texts a form sends (forms/resolve.ts). */
  sourceCollections?: Collections;
  /** On a page in another locale: its code (a form's submission records it). */
  locale?: string;
}

/** The language a block's page is in: its locale's, else the site's (dates and numbers are written in it, page/format.ts). */
export const pageLocale = (context: Pick<LoadContext, "locale" | "site">): string => context.locale ?? context.site.locale;

export interface BlockDefinition<S extends z.ZodObject = z.ZodObject, D = unknown> {
  schema: S;
  load?: (props: z.infer<S>, context: LoadContext) => D | Promise<D>;
  /**
   * schema.org objects the block adds to its page's JSON-LD, from its props and loaded data
   * (e.g. FAQPage for a list of questions, Service for a service page). Build time only.
   */
  // Method syntax: checked bivariantly, so a block with its own props still fits BlockDefinition.
  jsonLd?(props: z.infer<S>, data: Awaited<D>, context: LoadContext): Record<string, unknown>[];
}

export function defineBlock<S extends z.ZodObject, D = undefined>(definition: BlockDefinition<S, D>) {
  return definition;
}

type LoadedData<Def> = Def extends { load?: (...args: never[]) => infer R } ? Awaited<R> : undefined;

/** The props a block's component receives: its content props and the loaded data. */
export type BlockProps<Def extends BlockDefinition> = z.infer<Def["schema"]> & { data: LoadedData<Def> };

export interface RegisteredBlock<Def extends BlockDefinition = BlockDefinition> {
  definition: () => Promise<Def>;
  Component: (props: Record<string, unknown>) => ReactElement;
  /** Starts loading the component's code; resolves when it is ready. After a failed load, loads again. */
  preload: () => Promise<unknown>;
}

/**
 * Registers a block. Both halves load on demand: the definition (zod) only runs at build
 * time, and each component is its own chunk, loaded where a page is rendered in the browser
 * (client-render.tsx). A chunk that failed to load is asked for again on the next attempt,
 * so the page's Retry can bring the block back.
 */
export function block<Def extends BlockDefinition>(
  definition: () => Promise<{ default: Def }>,
  component: () => Promise<{ default: ComponentType<BlockProps<Def>> }>,
): RegisteredBlock<Def> {
  const code = lazyModule(component, (m) => m.default as unknown as ComponentType<Record<string, unknown>>);
  function Block(props: Record<string, unknown>) {
    const Loaded = use(code.load());
    return <Loaded {...props} />;
  }
  return { definition: () => definition().then((m) => m.default), Component: Block, preload: code.load };
}
