/**
 * The WordPress REST API's calls, without mapping posts (./wordpress.ts maps and sanitises
 * them). What the server asks WordPress (whether a post exists, the change stamp) needs only
 * these, so it never loads the HTML sanitiser (server/plugins/blog-fallback.ts, rebuilds.ts).
 * Uses only fetch: it also runs in the browser.
 */
import { errors } from "../errors/catalogue.ts";
import { BlogSourceError, type BlogSource } from "./source.ts";

const PER_PAGE = 100;

export interface WordPressOptions {
  /** The WordPress site, e.g. https://blog.example.com (the REST API is under /wp-json/wp/v2). */
  url: string;
  /** Per request; the build waits longer than a visitor's browser. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function wordpressApi({ url, timeoutMs = 15_000, fetch: doFetch = globalThis.fetch.bind(globalThis) }: WordPressOptions) {
  const api = `${url.replace(/\/+$/, "")}/wp-json/wp/v2`;

  async function get(route: string): Promise<{ body: unknown; headers: Headers; status: number }> {
    const address = `${api}/${route}`;
    let response: Response;
    try {
      response = await doFetch(address, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (cause) {
      throw new BlogSourceError(errors.WordPressUnreachable(address, cause instanceof Error ? cause.message : String(cause), url), { cause });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const code = (body as { code?: unknown } | undefined)?.code;
      throw new BlogSourceError(errors.WordPressFailed(address, response.status, typeof code === "string" ? code : undefined));
    }
    if (body === undefined) {
      throw new BlogSourceError(errors.WordPressNotJson(address));
    }
    return { body, headers: response.headers, status: response.status };
  }

  /** Every page of a collection (per_page=100), following X-WP-TotalPages. */
  async function all(route: string): Promise<unknown[]> {
    const sep = route.includes("?") ? "&" : "?";
    const first = await get(`${route}${sep}per_page=${PER_PAGE}&page=1`);
    const pages = Number(first.headers.get("X-WP-TotalPages") ?? 1) || 1;
    const rest = await Promise.all(
      Array.from({ length: pages - 1 }, (_, i) => get(`${route}${sep}per_page=${PER_PAGE}&page=${i + 2}`)),
    );
    return [first, ...rest].flatMap((r) => (Array.isArray(r.body) ? r.body : []));
  }

  const exists: BlogSource["exists"] = async (slug) => {
    const { body } = await get(`posts?slug=${encodeURIComponent(slug)}&_fields=id`);
    return Array.isArray(body) && body.length > 0;
  };

  // How many posts are public, and which changed last and when: a new post changes the
  // count and the last change, an edit the last change, a post unpublished or trashed the
  // count. One request of one small item.
  const stamp = async (): Promise<string> => {
    const { body, headers } = await get("posts?per_page=1&orderby=modified&order=desc&_fields=id,modified_gmt");
    const last = (Array.isArray(body) ? body[0] : undefined) as { id?: unknown; modified_gmt?: unknown } | undefined;
    return `${headers.get("X-WP-Total") ?? "?"} posts, last changed ${String(last?.modified_gmt ?? "never")} (post ${String(last?.id ?? "-")})`;
  };

  return { get, all, exists, stamp };
}
