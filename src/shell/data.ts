/**
 * What the persistent shell (navigation, footer) needs from content: the site config (in the
 * page's locale), the services for the menus and the footer, and the footer's newsletter form. From the build's checked content
 * (content.server.ts) and from the page editor's draft alike.
 */
import type { Collections } from "../../schemas/collections/index.ts";
import type { SiteConfig } from "../../schemas/site.ts";
import { resolveLocalForm } from "../forms/resolve.ts";

/**
 * `locale`: the page's, when it is not the default locale's: the newsletter's submissions record it.
 * `languages`: the site config's texts shown in another language (SiteContent.siteLanguages): marked with their `lang`.
 */
export function shellDataFrom(site: SiteConfig, collections: Collections, sourceCollections?: Collections, locale?: string, languages?: Readonly<Record<string, string>>) {
  const newsletterId = site.footer.newsletter?.form;
  const newsletter = newsletterId === undefined ? undefined : collections.forms.find((f) => f.id === newsletterId);
  if (newsletterId !== undefined && !newsletter) {
    throw new Error(`content/site.json footer.newsletter.form: no form has the id "${newsletterId}" (content/collections/forms.json).`);
  }
  return {
    site,
    services: collections.services.map(({ id, title, icon }) => ({ id, title, icon })),
    ...(newsletter && { newsletter: resolveLocalForm(newsletter, { collections, site, ...(sourceCollections && { sourceCollections }) }) }),
    ...(locale && { locale }),
    ...(languages && Object.keys(languages).length > 0 && { siteLanguages: languages }),
  };
}

export type ShellData = ReturnType<typeof shellDataFrom>;
