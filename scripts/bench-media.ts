/**
 * npm run bench:media — a report, not a test: where a cold build's image encoding goes. Encodes,
 * one at a time and into memory (nothing is cached or written), every file the last build served
 * (build/client/_media/v1/, or BUILD_DIR's), from the configured media store, and prints the CPU
 * time and bytes by format, by format and width, and in total. One at a time: the build runs as
 * many at once as there are cores, so its wall time is about the total over the cores.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { buildDirectory } from "../src/admin/mode.server.ts";
import { checkContent } from "../src/runtime/content/check.ts";
import { encodeVariant } from "../src/runtime/media/pipeline.server.ts";
import { mediaStoreFrom } from "../src/runtime/media/open-store.ts";
import { MEDIA_PATH, parseVariantName } from "../src/page/media/variants.ts";
import { originalKey } from "../schemas/media.ts";

const served = path.join(path.resolve(buildDirectory()), "client", MEDIA_PATH.slice(1));
const { content } = await checkContent({ root: process.cwd() });
const store = await mediaStoreFrom(process.env, process.cwd());
const rows: { format: string; width: number; cpuMs: number; bytes: number }[] = [];
for (const name of readdirSync(served).sort()) {
  const spec = parseVariantName(name);
  const manifest = spec && content?.media?.get(spec.id);
  if (!spec || "svg" in spec || !manifest) continue;
  const original = (await store.get(originalKey(manifest)))!;
  const before = process.cpuUsage();
  const bytes = (await encodeVariant(original, manifest, spec)).length;
  const { user, system } = process.cpuUsage(before);
  rows.push({ format: spec.format, width: spec.width, cpuMs: (user + system) / 1000, bytes });
}

function table(title: string, key: (r: (typeof rows)[number]) => string) {
  const groups = new Map<string, { files: number; cpuMs: number; bytes: number }>();
  for (const r of rows) {
    const g = groups.get(key(r)) ?? { files: 0, cpuMs: 0, bytes: 0 };
    groups.set(key(r), { files: g.files + 1, cpuMs: g.cpuMs + r.cpuMs, bytes: g.bytes + r.bytes });
  }
  console.log(`\n| ${title} | files | CPU | bytes |\n| --- | ---: | ---: | ---: |`);
  for (const [k, g] of [...groups].sort()) console.log(`| ${k} | ${g.files} | ${(g.cpuMs / 1000).toFixed(1)} s | ${Math.round(g.bytes / 1024)} kB |`);
}
table("format", (r) => r.format);
table("format, width", (r) => `${r.format} ${String(r.width).padStart(4)}`);
const cpuMs = rows.reduce((n, r) => n + r.cpuMs, 0);
console.log(`\n${rows.length} raster files of ${served}: ${(cpuMs / 1000).toFixed(1)} s of CPU, ${Math.round(rows.reduce((n, r) => n + r.bytes, 0) / 1024)} kB`);
