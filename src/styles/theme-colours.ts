/**
 * The theme's colours from the published settings, written over the bundle's: the Chakra
 * system is made once per build, with the settings of that time (./brand-colours.ts), and a
 * rebuild after the settings are published renders with the same bundle (server/build/rebuild.ts).
 * The root writes this rule into every page's <head> from the shell's data, so a new brand
 * colour reaches every page that publish rebuilds.
 */
import type { SiteConfig } from "../../schemas/site.ts";
import { system } from "./theme.ts";

/** `--chakra-colors-brand-600` for `colors.brand.600`. */
const variable = (token: string) => system.token.var(token).replace(/^var\((.*)\)$/, "$1");

/** More specific than the system's own :root rule, wherever the two land in <head>. */
export const themeColoursCss = (theme: SiteConfig["theme"]) => `html:root{${variable("colors.brand.600")}:${theme.brand};${variable("colors.accent")}:${theme.accent}}`;
