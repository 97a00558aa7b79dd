/**
 * What the persistent shell (navigation, footer) needs from content: the site config (in the
 * page's locale), the services for the menus and the footer, and the footer's newsletter form. From the build's checked content
 * (content.server.ts) and from the page editor's draft alike.
 */
import type { Collections } from "../../schemas/collections/index.ts";
import type { SiteConfig } from "../../schemas/site.ts";
import { resolveLocalForm } from "../forms/resolve.ts";
import { shellPlace } from "../page/site-config.ts";

/** The content a shell is made from: a locale's (with what it shows in another language), or the default's. */
export interface ShellContent {
  site: SiteConfig;
  collections: Collections;
  /** In another locale: the default locale's collections, whose texts a form sends. */
  sourceCollections?: Collections | undefined;
  /** The site config's texts shown in another language (SiteContent.siteLanguages): marked with their `lang`. */
  siteLanguages?: Readonly<Record<string, string>> | undefined;
  /** The collections' texts shown in another language (SiteContent.collectionLanguages): an untranslated service title is marked with its `lang`. */
  collectionLanguages?: Readonly<Record<string, string>> | undefined;
}

/** `locale`: the page's, when it is not the default locale's: the newsletter's submissions record it. */
export function shellDataFrom({ site, collections, sourceCollections, siteLanguages, collectionLanguages }: ShellContent, locale?: string) {
  const newsletterId = site.footer.newsletter?.form;
  const newsletter = newsletterId === undefined ? undefined : collections.forms.find((f) => f.id === newsletterId);
  if (newsletterId !== undefined && !newsletter) {
    throw new Error(`content/site.json footer.newsletter.form: no form has the id "${newsletterId}" (content/collections/forms.json).`);
  }
  return {
    site,
    services: collections.services.map(({ id, title, icon }, i) => {
      const lang = collectionLanguages?.[shellPlace(["services", i, "title"])];
      return { id, title, icon, ...(lang && { lang }) };
    }),
    ...(newsletter && { newsletter: resolveLocalForm(newsletter, { collections, site, ...(sourceCollections && { sourceCollections }) }) }),
    ...(locale && { locale }),
    ...(siteLanguages && Object.keys(siteLanguages).length > 0 && { siteLanguages }),
  };
}

export type ShellData = ReturnType<typeof shellDataFrom>;
