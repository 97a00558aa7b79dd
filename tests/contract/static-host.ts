/**
 * A small static host: serves a folder the way Netlify reads its `_redirects` and `_headers`
 * (the format the build writes for static hosts, src/runtime/static-host.server.ts), so tests
 * can hold what a host would answer against what the Fastify server answers.
 *
 * `_redirects`: one rule a line, `from to status[!]`; the first rule that matches wins; a rule
 * without `!` is skipped when a file answers the path (shadowing); 3xx answers with Location
 * (the query string carried over), 200 and 404 serve the target's file with that status.
 * `_headers`: a path pattern, then indented `Name: value` lines; every rule that matches
 * applies, in file order, a later value replacing an earlier one of the same header.
 * Patterns: `*` (the rest of the path), `:name` (one segment); a trailing slash is ignored.
 * A path is answered by the file at that path or by its `index.html`.
 */
import { readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";

export interface HostAnswer {
  status: number;
  headers: Record<string, string>;
  /** The file served (relative to the folder), if any. */
  file?: string;
}

interface RedirectRule {
  from: RegExp;
  to: string;
  status: number;
  force: boolean;
}

interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

/** The default a host sends when no rule names Cache-Control (Netlify: revalidate every time). */
export const HOST_DEFAULT_CACHE = "public, max-age=0, must-revalidate";

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

function patternToRegExp(pattern: string): RegExp {
  const source = normalise(pattern)
    .split("/")
    .map((segment) => (segment === "*" ? "\u0000" : segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/")
    // "/blog/*" matches /blog itself and everything below it.
    .replace(/\/\u0000$/, "(?:/.*)?")
    .replace("\u0000", ".*");
  return new RegExp(`^${source}$`);
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [from, to, code = "301"] = line.split(/\s+/);
      if (!from || !to) throw new Error(`_redirects: cannot read "${line}"`);
      return { from: patternToRegExp(from), to, status: Number(code.replace("!", "")), force: code.endsWith("!") };
    });
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: patternToRegExp(line.trim()), headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(":");
    if (!rule || colon < 0) throw new Error(`_headers: cannot read "${line}"`);
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

export function staticHost(folder: string) {
  const redirects = parseRedirects(readFileSync(path.join(folder, "_redirects"), "utf8"));
  const headerRules = parseHeaders(readFileSync(path.join(folder, "_headers"), "utf8"));
  const isFile = (rel: string) => {
    try {
      return statSync(path.join(folder, rel)).isFile();
    } catch {
      return false;
    }
  };
  // The host's own configuration files are never served.
  const fileFor = (p: string): string | undefined => {
    const rel = decodeURIComponent(p).replace(/^\/+/, "");
    if (rel === "_redirects" || rel === "_headers" || rel.split("/").includes("..")) return undefined;
    if (rel !== "" && isFile(rel)) return rel;
    const index = path.posix.join(rel, "index.html");
    return isFile(index) ? index : undefined;
  };
  const headersFor = (p: string) => {
    const headers: Record<string, string> = { "cache-control": HOST_DEFAULT_CACHE };
    for (const rule of headerRules) {
      if (!rule.pattern.test(normalise(p))) continue;
      for (const [name, value] of rule.headers) headers[name.toLowerCase()] = value;
    }
    return headers;
  };

  function answer(url: string): HostAnswer {
    const { pathname, search } = new URL(url, "http://host.invalid");
    const p = normalise(pathname);
    for (const rule of redirects) {
      if (!rule.from.test(p)) continue;
      if (!rule.force && fileFor(pathname)) continue;
      if (rule.status >= 300 && rule.status < 400) {
        return { status: rule.status, headers: { ...headersFor(pathname), location: rule.to + (rule.to.includes("?") ? "" : search) } };
      }
      const file = fileFor(rule.to);
      if (!file) throw new Error(`_redirects: the target ${rule.to} of a ${rule.status} rule is not a file`);
      return { status: rule.status, headers: headersFor(pathname), file };
    }
    const file = fileFor(pathname);
    if (file) return { status: 200, headers: headersFor(pathname), file };
    return { status: 404, headers: headersFor(pathname) };
  }

  /** The same answers over HTTP, for a browser (no compression, no conditional requests). */
  function listen(port: number, host = "127.0.0.1"): Promise<Server> {
    const types: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json", ".data": "text/x-script", ".xml": "application/xml", ".txt": "text/plain", ".webmanifest": "application/manifest+json", ".jpg": "image/jpeg", ".png": "image/png", ".woff2": "font/woff2" };
    const server = createServer((request, response) => {
      const result = answer(request.url ?? "/");
      const body = result.file ? readFileSync(path.join(folder, result.file)) : Buffer.from("Not Found");
      response.writeHead(result.status, { ...result.headers, "content-type": result.file ? (types[path.extname(result.file)] ?? "application/octet-stream") : "text/plain" });
      response.end(request.method === "HEAD" ? undefined : body);
    });
    return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
  }

  return { answer, listen };
}
