/**
 * FORMS_API_URL: where forms post when the pages are on a static host, e.g.
 * https://api.example.com (a server running this project, which answers its forms with CORS
 * for the site's origin). Read at build time only: vite.config.ts bakes it into the pages'
 * form actions (src/forms/endpoint.ts), the build records its origin in the site manifest
 * for the pages' Content-Security-Policy. Unset: forms post to their own site.
 */
export function formsApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.FORMS_API_URL?.trim();
  if (!value) return "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`FORMS_API_URL must be an absolute http(s) URL such as https://api.example.com, not "${value}".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`FORMS_API_URL must start with https:// (or http:// for a local test), not "${value}".`);
  if (url.search || url.hash) throw new Error(`FORMS_API_URL is an origin with an optional path, without "?" or "#": "${value}".`);
  // Form endpoints start with "/" (/api/contact): no trailing slash, so they join cleanly.
  return url.href.replace(/\/+$/, "");
}

export const formsApiOrigin = (env: NodeJS.ProcessEnv = process.env) => {
  const url = formsApiUrl(env);
  return url ? new URL(url).origin : undefined;
};
