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

/**
 * The site config's texts a page of another locale shows untranslated, by dotted place
 * (footer.quickLinksTitle → en): the shell writes each with its `lang`, so English in a Hindi
 * page's navigation is not read as Hindi, and the page stays indexed (docs/i18n.md).
 */
const SiteLanguagesContext = createContext<Readonly<Record<string, string>>>({});

export const SiteLanguagesProvider = SiteLanguagesContext.Provider;

/** A site config text's place as SiteLanguages names it: ["footer", "quickLinks", 0, "label"] → footer.quickLinks.0.label. */
export const shellPlace = (path: readonly (string | number)[]) => path.join(".");

/** `lang` for the site config text at a place: its language where it is not the page's, else nothing. */
export function useShellLang(): (...path: (string | number)[]) => { lang?: string } {
  const languages = useContext(SiteLanguagesContext);
  return (...path) => {
    const lang = languages[shellPlace(path)];
    return lang ? { lang } : {};
  };
}
