/** schema.org JSON-LD derived from the site config and the route table. */
import type { SiteConfig } from "../../schemas/site.ts";
import { UI_STRINGS } from "../page/ui-strings.ts";
import { LOGO_ICON } from "./site-icons.ts";

/** A page's title as a trail of pages names it: before " | ", where most titles name the site ("Careers | Arcbyte" → "Careers"). */
export const shortTitle = (title: string) => title.split(" | ")[0]!;

export function organization(site: SiteConfig): Record<string, unknown> {
  const { address } = site.contact;
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${site.url}/#organization`,
    name: site.name,
    description: site.description,
    url: site.url + "/",
    logo: site.url + LOGO_ICON,
    email: site.contact.email,
    telephone: site.contact.phoneE164,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    openingHoursSpecification: site.hours
      .filter((h) => h.opens && h.closes)
      .map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.days.map((d) => dayNames[d]),
        opens: h.opens,
        closes: h.closes,
      })),
    sameAs: site.social.map((s) => s.href).filter((h) => h.startsWith("https://")),
  };
}

const dayNames = { Mo: "Monday", Tu: "Tuesday", We: "Wednesday", Th: "Thursday", Fr: "Friday", Sa: "Saturday", Su: "Sunday" } as const;

/**
 * Home → Services → Web Development, for pages below the top level. `at`: where a default-locale
 * path is in the page's locale (/about → /hi/about); crumbs follow the default's paths. `home`:
 * the home page's name in the page's language.
 */
export function breadcrumbList(path: string, site: SiteConfig, titleOf: (path: string) => string | undefined, at = (p: string) => p, home: string = UI_STRINGS["shell.home"]): Record<string, unknown>[] {
  const segments = path.split("/").filter(Boolean);
  if (segments.length < 2) return [];
  const crumbs = ["/", ...segments.map((_, i) => "/" + segments.slice(0, i + 1).join("/"))]
    .map((p) => ({ path: at(p), name: p === "/" ? home : titleOf(at(p)) }))
    .filter((c): c is { path: string; name: string } => c.name !== undefined);
  return [
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((c, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: c.name,
        item: site.url + (c.path === "/" ? "/" : c.path),
      })),
    },
  ];
}
