/**
 * A localised page's links stay in its locale: in its finished HTML, every link to a page of
 * the default locale (an <a href> to a route or redirect, or an island's `href` prop, which it
 * renders into one) is moved to its version in the locale: /services/web-development →
 * /hi/services/web-development, a post's /blog/<slug> → its locale's post (localPath). It is done on the HTML, after rendering, so every link is
 * caught wherever it was made (a block's own, the shell's, a Markdown body's) and no block
 * needs i18n code. Left alone: links that name their language (hreflang: the language
 * switcher), files (/assets, images), the API, and other sites.
 */

/** @param localPath where a written path (no query, no fragment) is in the locale: undefined leaves it as it is */
export function localiseLinks(html: string, localPath: (path: string) => string | undefined): string {
  const move = (href: string) => {
    const path = href.replace(/[?#].*$/, "") || "/";
    const local = localPath(path);
    return local === undefined ? href : local + href.slice(path.length);
  };
  return html
    .replace(/<a\b[^>]*>/g, (tag) => (/\shreflang=/i.test(tag) ? tag : tag.replace(/(\shref=")(\/[^"]*)"/, (_m, attr: string, href: string) => `${attr}${move(href)}"`)))
    .replace(/(&quot;href&quot;:&quot;)(\/[^&]*)(&quot;)/g, (_m, before: string, href: string, after: string) => before + move(href) + after);
}
