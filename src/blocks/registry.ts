/**
 * The block registry: one line per block type. The key is the `type` content uses.
 * Adding a block type = a folder with definition.ts and a component + one line here.
 */
import { block } from "./define.tsx";

export const blocks = {
  hero: block(() => import("./hero/definition.ts"), () => import("./hero/Hero.tsx")),
  stats: block(() => import("./stats/definition.ts"), () => import("./stats/Stats.tsx")),
  "service-grid": block(() => import("./service-grid/definition.ts"), () => import("./service-grid/ServiceGrid.tsx")),
  technologies: block(() => import("./technologies/definition.ts"), () => import("./technologies/Technologies.tsx")),
  testimonials: block(() => import("./testimonials/definition.ts"), () => import("./testimonials/Testimonials.tsx")),
  "logo-strip": block(() => import("./logo-strip/definition.ts"), () => import("./logo-strip/LogoStrip.tsx")),
  "card-grid": block(() => import("./card-grid/definition.ts"), () => import("./card-grid/CardGrid.tsx")),
  timeline: block(() => import("./timeline/definition.ts"), () => import("./timeline/Timeline.tsx")),
  cta: block(() => import("./cta/definition.ts"), () => import("./cta/Cta.tsx")),
  "not-found": block(() => import("./not-found/definition.ts"), () => import("./not-found/NotFound.tsx")),
};

export type BlockType = keyof typeof blocks;
export const blockTypes = Object.keys(blocks).sort() as BlockType[];

export const isBlockType = (type: unknown): type is BlockType => typeof type === "string" && Object.hasOwn(blocks, type);
