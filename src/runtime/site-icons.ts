/**
 * The site's icons: its mark (public/favicon.svg), drawn as PNGs by `npm run icons`
 * (scripts/icons.ts) for the places a browser or a search engine looks for one. Pages name
 * PNGs, not the SVG: Chromium draws an SVG favicon as an SVG document of its own, made on the
 * page's main thread once the page has loaded (on /privacy, a task of 80–105 ms with 4x CPU
 * slowdown, after the first paint), where a 32 px PNG decodes in no time.
 */
export const SITE_MARK = "public/favicon.svg";

export interface SiteIcon {
  /** Its path on the site (and in public/). */
  href: string;
  /** Square: its width and height in pixels. */
  size: number;
  /** The <link> that names it on every page; none for the manifest's own. */
  rel?: "icon" | "apple-touch-icon";
  /** Listed in the web app manifest (public/site.webmanifest), for a home screen. */
  manifest?: true;
}

export const SITE_ICONS: readonly SiteIcon[] = [
  // A tab's icon: 16 px at 2x.
  { href: "/favicon-32.png", size: 32, rel: "icon" },
  // iOS asks for this path even when no page names it.
  { href: "/apple-touch-icon.png", size: 180, rel: "apple-touch-icon" },
  { href: "/icon-192.png", size: 192, manifest: true },
  { href: "/icon-512.png", size: 512, manifest: true },
];

/** The <link> elements every page carries, as React Router's links() takes them. */
export const iconLinks = SITE_ICONS.flatMap(({ href, size, rel }) => (rel ? [{ rel, href, type: "image/png", sizes: `${size}x${size}` }] : []));

/** The same links as HTML, for a page made without React (the form's answer without JavaScript). */
export const iconLinksHtml = iconLinks.map(({ rel, href, type, sizes }) => `<link rel="${rel}" href="${href}" type="${type}" sizes="${sizes}">`).join("");

/** The web app manifest's icons. */
export const manifestIcons = SITE_ICONS.filter((icon) => icon.manifest).map(({ href, size }) => ({ src: href, sizes: `${size}x${size}`, type: "image/png" }));

/** The organisation's logo in structured data: Google asks for at least 112 px, in a format Google Images indexes. */
export const LOGO_ICON = "/icon-512.png";
