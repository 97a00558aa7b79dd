/**
 * FORMS_API_URL: where forms post when the pages are on a static host, e.g.
 * https://api.example.com (a server running this project, which answers its forms with CORS
 * for the site's origin). Read at build time only: vite.config.ts bakes it into the pages'
 * form actions (src/forms/endpoint.ts), the build records its origin in the site manifest
 * for the pages' Content-Security-Policy. Unset: forms post to their own site.
 */
import { errors } from "../errors/catalogue.ts";
export function formsApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.FORMS_API_URL?.trim();
  if (!value) return "";
  const refuse = (problem: string): never => {
    const { code, title, message, hint } = errors.InvalidFormsApiUrl(value, problem);
    throw Object.assign(new Error(`${title}: ${message}\n  Hint: ${hint}`), { code });
  };
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    refuse("is not an absolute URL");
  }
  if (url!.protocol !== "https:" && url!.protocol !== "http:") refuse("must start with https:// (or http:// for a local test)");
  if (url!.search || url!.hash) refuse('must not have a query ("?") or a fragment ("#")');
  // Form endpoints start with "/" (/api/contact): no trailing slash, so they join cleanly.
  return url!.href.replace(/\/+$/, "");
}

export const formsApiOrigin = (env: NodeJS.ProcessEnv = process.env) => {
  const url = formsApiUrl(env);
  return url ? new URL(url).origin : undefined;
};
