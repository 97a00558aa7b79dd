/** A site path made absolute on the site's origin (structured data and og:image name whole URLs); a whole URL stays as it is. */
export const absoluteUrl = (origin: string, url: string) => (url.startsWith("/") ? origin + url : url);
