/**
 * `node --import ./scripts/lib/module-trace-hook.mjs build/server.js` with MODULE_TRACE=<file>:
 * writes every module the process loads into <file>, each with the module that asked for it,
 * and a line `ready` when /healthz first answers 200. What is above that line is what
 * start-up loaded (scripts/lib/module-trace.ts reads it). Plain JavaScript, because the
 * server it watches runs without a TypeScript loader.
 *
 * Lines are tab-separated: `esm <url> <parent url>` as each import resolves (on the loader's
 * thread, so in order), `cjs <file> <parent file>` for every require()d module when /healthz
 * answers (from require's cache), then `ready`.
 */
import { appendFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

const file = process.env.MODULE_TRACE;

if (isMainThread && file) {
  const { default: Module, register } = await import("node:module");
  const { subscribe } = await import("node:diagnostics_channel");
  const { pathToFileURL } = await import("node:url");
  register(import.meta.url, { data: { file } });
  let ready = false;
  subscribe("http.server.response.finish", ({ request, response }) => {
    if (ready || response.statusCode !== 200 || request.url !== "/healthz") return;
    ready = true;
    const url = (filename) => (filename ? pathToFileURL(filename).href : "");
    // Module._cache is require's cache: every CommonJS module loaded so far, with its parent.
    const lines = Object.entries(Module._cache).map(([filename, mod]) => `cjs\t${url(filename)}\t${url(mod?.parent?.filename)}\n`);
    appendFileSync(file, lines.join("") + "ready\n");
  });
}

let out;
const seen = new Set();

/** Loader hook (runs on the loader's thread): given `file` by register() above. */
export function initialize(data) {
  out = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (out && !seen.has(result.url)) {
    seen.add(result.url);
    appendFileSync(out, `esm\t${result.url}\t${context.parentURL ?? ""}\n`);
  }
  return result;
}
