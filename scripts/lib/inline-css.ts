/**
 * The CSS a page ships inside its HTML: every <style> element's text, in bytes as sent and
 * gzip -9 (as the bench counts first-load JavaScript). `npm run bench` prints it per route, so
 * what each page's first style pass has to read is in every report.
 */
import { gzipSync } from "node:zlib";

export function inlineCss(html: string): { bytes: number; gzipBytes: number } {
  // Script text may mention "<style" (a JSON-LD description, a string in code): not CSS.
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const css = [...markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!).join("");
  return { bytes: Buffer.byteLength(css), gzipBytes: css === "" ? 0 : gzipSync(css, { level: 9 }).length };
}
