/**
 * Where a form posts. On a static host the pages and the form API live on different origins:
 * a build made with FORMS_API_URL (src/forms/api-url.server.ts, baked in by vite.config.ts as
 * __FORMS_API_URL__) sends the site's own endpoints (/api/contact) there. External endpoints
 * (https://...) are left as they are.
 */
declare const __FORMS_API_URL__: string | undefined;

const api: string = typeof __FORMS_API_URL__ === "string" ? __FORMS_API_URL__ : "";

export const formEndpoint = (endpoint: string, base = api) => (base && endpoint.startsWith("/") ? base + endpoint : endpoint);

/**
 * A submission from a page in another locale names it to the site's own form API: `?locale=hi`
 * (stored with it, and named in the notification). An external endpoint is left as it is.
 */
export const withLocale = (endpoint: string, locale: string | undefined) => (locale && endpoint.startsWith("/") ? `${endpoint}?locale=${encodeURIComponent(locale)}` : endpoint);
