/**
 * Reads what scripts/lib/module-trace-hook.mjs wrote: which modules a server process loaded
 * before /healthz first answered, and who asked for each. The bench (npm run bench:startup)
 * prints it; tests/contract/server-startup.test.ts holds the server to it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MODULE_TRACE_HOOK = fileURLToPath(new URL("./module-trace-hook.mjs", import.meta.url));

/**
 * Packages the public server needs only for some requests, or never: the renderers (React,
 * Chakra, Emotion), the HTML sanitiser and its DOM (DOMPurify, jsdom), Markdown, mail, and the
 * admin's and editor's libraries. Start-up must not load them (server ready ≤ 500 ms, issue 28).
 */
export const NOT_AT_START = [
  "react",
  "react-dom",
  "react-router",
  "@react-router/node",
  "@chakra-ui/react",
  "@emotion/react",
  "@emotion/cache",
  "isomorphic-dompurify",
  "dompurify",
  "jsdom",
  "marked",
  "parse5",
  "nodemailer",
  "yaml",
  "jsonc-parser",
  "lucide-react",
  "simple-icons",
  "react-hook-form",
  "@zxcvbn-ts/language-common",
  // Images: the build's and npm run media's (src/runtime/media/), never the public server's start.
  "sharp",
  "thumbhash",
  "@aws-sdk/client-s3",
] as const;

export interface ModuleTrace {
  /** Every module loaded before /healthz first answered 200, mapped to the module that asked for it. */
  atStart: Map<string, string>;
  /** False if /healthz never answered 200 while the hook watched. */
  ready: boolean;
}

export function readModuleTrace(file: string): ModuleTrace {
  const atStart = new Map<string, string>();
  let ready = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line === "ready") {
      ready = true;
      break;
    }
    const [, url, parent] = line.split("\t");
    if (url && !atStart.has(url)) atStart.set(url, parent ?? "");
    else if (url && parent && !atStart.get(url)) atStart.set(url, parent);
  }
  return { atStart, ready };
}

/** The package a module belongs to (its innermost node_modules folder), or undefined for the project's own files and Node's. */
export function packageOf(url: string): string | undefined {
  const parts = url.split("/node_modules/");
  if (parts.length < 2) return undefined;
  const [first, second] = parts.at(-1)!.split("/");
  return first?.startsWith("@") ? `${first}/${second}` : first;
}

/** The packages loaded at start, each once, in load order. */
export function packagesAtStart(trace: ModuleTrace): string[] {
  return [...new Set([...trace.atStart.keys()].map(packageOf).filter((p): p is string => p !== undefined))];
}

/** Who pulled a module in: the module, its parent, and so on up to the first of the project's own files. */
export function importChain(trace: ModuleTrace, url: string): string[] {
  const chain = [url];
  for (let at = url; packageOf(at) !== undefined; ) {
    const parent = trace.atStart.get(at);
    if (!parent || chain.includes(parent)) break;
    chain.push(parent);
    at = parent;
  }
  return chain.map(shortName);
}

const shortName = (url: string) => {
  if (!url.startsWith("file:")) return url;
  const file = fileURLToPath(url);
  const inPackage = file.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return inPackage >= 0 ? file.slice(inPackage + 1) : path.relative(process.cwd(), file);
};

/** The packages of NOT_AT_START that start-up loaded, each with the chain that pulled it in. */
export function lazyPackagesLoadedAtStart(trace: ModuleTrace): { pkg: string; chain: string[] }[] {
  const found = new Map<string, string[]>();
  for (const url of trace.atStart.keys()) {
    const pkg = packageOf(url);
    if (pkg && (NOT_AT_START as readonly string[]).includes(pkg) && !found.has(pkg)) found.set(pkg, importChain(trace, url));
  }
  return [...found].map(([pkg, chain]) => ({ pkg, chain }));
}
