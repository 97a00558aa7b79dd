/**
 * A Vite plugin for the client build: it adds the islands runtime (the one script a built
 * page loads) as an entry of its own beside React Router's, and writes, beside the build's
 * other manifests, which files a page needs: the runtime and its static imports (loaded at
 * once), and the modules to fetch once the page has painted (React DOM and the island
 * hydrator, Chakra and Emotion: what the first island or notice needs, fetched but not run).
 * src/runtime/finish-page.server.ts writes them into every page.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, ResolvedConfig, Rollup } from "vite";
import { PAGE_ASSETS_FILE, type PageAssets } from "../../src/runtime/finish-page.server.ts";
import { SPRITE_FILE, spriteSymbols } from "../../src/ui/inline-icons.server.ts";

export const RUNTIME_ENTRY = "src/entry.browser.ts";
/** The studio pages' runtime (/admin and under it): the public islands and the studio's. */
export const STUDIO_ENTRY = "src/entry.studio.ts";
/** An island's definition (src/page/define-island.ts and every `Foo.island.ts`). */
const ISLAND_DEFINITION = /(\.island|\/define-island)\.ts$/;
/** The studio's sources: their island definitions name studio chunks, so they stay out of the public pages' one (with the studio's runtime). */
/** The analytics collector: an entry of its own, loaded by public pages once idle (src/runtime/after-paint.server.ts). */
export const COLLECTOR_ENTRY = "src/analytics/collect.ts";
const STUDIO_SOURCE = /\/src\/(admin|editor|studio)\//;
const AFTER_PAINT = ["src/runtime/islands/hydrate.tsx", "src/styles/provider.tsx"];

export function islandsBuild(): Plugin {
  let config: ResolvedConfig;
  let assets: PageAssets | undefined;
  const client = () => !config.build.ssr;
  const absolute = (file: string) => path.resolve(config.root, file);
  return {
    name: "islands-build",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    options(options) {
      if (!client()) return;
      const entries = { islands: absolute(RUNTIME_ENTRY), studio: absolute(STUDIO_ENTRY), collect: absolute(COLLECTOR_ENTRY) };
      const input = options.input;
      options.input = Array.isArray(input) ? [...input, ...Object.values(entries)] : typeof input === "string" ? [input, ...Object.values(entries)] : { ...input, ...entries };
      return options;
    },
    outputOptions(output) {
      if (!client()) return;
      // The islands' definitions are tiny and each is shared by the runtime and a component:
      // left alone, each becomes a chunk of its own, and a page would preload six files of a
      // few hundred bytes. One chunk holds them all.
      const manualChunks = output.manualChunks;
      if (manualChunks && typeof manualChunks !== "function") this.error("islands-build: an object manualChunks is not supported; use a function.");
      return {
        ...output,
        manualChunks: (id, meta) => (ISLAND_DEFINITION.test(id) && !STUDIO_SOURCE.test(id) ? "islands" : manualChunks?.(id, meta)),
      };
    },
    generateBundle(_options, bundle) {
      if (!client()) return;
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const chunkOf = (file: string) => {
        const id = absolute(file);
        const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`islands-build: no chunk holds ${file}. Update AFTER_PAINT or RUNTIME_ENTRY in scripts/lib/islands-build.ts.`);
        return chunk;
      };
      /** The chunk and everything it imports statically, in load order. */
      const closure = (chunk: Rollup.OutputChunk, seen = new Set<string>()): Set<string> => {
        if (seen.has(chunk.fileName)) return seen;
        for (const imported of chunk.imports) closure(byFile.get(imported)!, seen);
        seen.add(chunk.fileName);
        return seen;
      };
      const url = (file: string) => config.base + file;
      const runtime = closure(chunkOf(RUNTIME_ENTRY));
      const runtimeFile = chunkOf(RUNTIME_ENTRY).fileName;
      const studio = closure(chunkOf(STUDIO_ENTRY));
      const studioFile = chunkOf(STUDIO_ENTRY).fileName;
      const afterPaint = new Set<string>();
      for (const file of AFTER_PAINT) for (const f of closure(chunkOf(file))) if (!runtime.has(f)) afterPaint.add(f);
      // The icon sprite, whose symbols each page inlines (src/ui/inline-icons.server.ts).
      const spriteName = path.basename(SPRITE_FILE);
      const sprite = Object.values(bundle).find((a): a is Rollup.OutputAsset => a.type === "asset" && a.names.includes(spriteName));
      if (!sprite) this.error(`islands-build: the client build emitted no ${spriteName} (imported by src/ui/Icon.tsx).`);
      assets = {
        icons: { url: url(sprite.fileName), symbols: spriteSymbols(typeof sprite.source === "string" ? sprite.source : new TextDecoder().decode(sprite.source)) },
        runtime: url(runtimeFile),
        runtimeImports: [...runtime].filter((f) => f !== runtimeFile).map(url),
        afterPaint: [...afterPaint].map(url),
        studio: { runtime: url(studioFile), runtimeImports: [...studio].filter((f) => f !== studioFile).map(url) },
        collector: url(chunkOf(COLLECTOR_ENTRY).fileName),
      };
    },
    writeBundle() {
      if (!client() || !assets) return;
      writeFileSync(path.join(absolute(config.build.outDir), "..", PAGE_ASSETS_FILE), JSON.stringify(assets, null, 2));
    },
  };
}
