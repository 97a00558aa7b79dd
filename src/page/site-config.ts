/**
 * The site config as the page's locale shows it (navigation, footer, claims, hours, chat…):
 * the root provides its locale's, localised by the checker (runtime/i18n/locale-content.ts);
 * the default locale's (content/site.json) where nothing provides one, e.g. in an island
 * hydrated in the browser, whose own props carry any text it shows.
 */
import { createContext, useContext } from "react";
import site from "./site-settings.ts";
import type { SiteConfig } from "../../schemas/site.ts";

const SiteConfigContext = createContext<SiteConfig>(site);

export const SiteConfigProvider = SiteConfigContext.Provider;

export const useSiteConfig = () => useContext(SiteConfigContext);
