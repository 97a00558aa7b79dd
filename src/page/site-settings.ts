/**
 * The site settings as published (content/site.json: identity, navigation, footer, contact
 * facts, chat button, notices, theme), typed by their schema (schemas/site.ts). The checker
 * (`npm run content:check`, the studio's publish) refuses a file that does not match, so the
 * browser and the build read it as plain data, without zod.
 *
 * This is the build's copy: what a page shows comes from its loader (the checked, localised
 * settings read again at each rebuild), and this is for what is fixed when the bundle is made.
 */
import settings from "../../content/site.json" with { type: "json" };
import type { SiteConfig } from "../../schemas/site.ts";

export default settings as SiteConfig;
