/**
 * Typed identities for config files written in TypeScript. They import types only,
 * so the browser bundle that reads site.config.ts does not pull in zod.
 */
import type { SiteConfig } from "./site.ts";

export function defineSiteConfig(config: SiteConfig): SiteConfig {
  return config;
}
