/**
 * The site built with more languages than the real one has, for tests/e2e/i18n.spec.ts: a copy
 * of the project (scripts/lib/project-copy.ts) where Hindi is published, with test
 * translations of /about and the 404 page (each text marked, not real Hindi: the real
 * translations are content's), a few UI strings, the service page's translation taken away (a
 * page not translated yet), and a right-to-left test locale (Arabic) that only the tests have. Run with tsx: `tsx tests/e2e/i18n-site.ts <dir>`; prints the build's time.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { copyProject } from "../../scripts/lib/project-copy.ts";
import { registeredPageSchema } from "../../src/blocks/page-schema.ts";
import { pageTexts } from "../../src/runtime/i18n/page-texts.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import type { Page } from "../../schemas/page.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const work = path.resolve(process.argv[2]!);
copyProject(ROOT, work);

const write = (file: string, value: unknown) => {
  mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
  writeFileSync(path.join(work, file), JSON.stringify(value, null, 2));
};

write("content/locales.json", {
  default: "en",
  locales: [
    { code: "en", name: "English", direction: "ltr", status: "published" },
    { code: "hi", name: "हिन्दी", direction: "ltr", fallback: ["en"], status: "published" },
    { code: "ar", name: "العربية", direction: "rtl", status: "published" },
  ],
});

/** Every text of a page, translated as `<mark> text`. */
async function translate(pageFile: string, mark: string) {
  const page = JSON.parse(readFileSync(path.join(work, "content/pages", pageFile), "utf8")) as Page;
  const translation: { meta: Record<string, unknown>; blocks: Record<string, Record<string, unknown>> } = { meta: {}, blocks: {} };
  for (const { text, slot } of pageTexts(await registeredPageSchema(), page)) {
    const entry = { text: `${mark} ${text}`, source: text, hash: sourceHash(text) };
    if (!slot) continue;
    const [group, key, field] = slot as [string, string, string];
    if (group === "meta") translation.meta[key] = entry;
    else (translation.blocks[key] ??= {})[field] = entry;
  }
  return translation;
}

rmSync(path.join(work, "content/translations/hi/pages/service.json"));
for (const file of ["about.json", "404.json"]) write(`content/translations/hi/pages/${file}`, await translate(file, "हिन्दी:"));
write("content/translations/ar/pages/about.json", await translate("about.json", "عربي:"));
const ui = (source: string, text: string) => ({ text, source, hash: sourceHash(source) });
write("content/translations/hi/ui.json", { strings: { "shell.menu": ui("Menu", "मेन्यू"), "shell.languages": ui("Language", "भाषा") } });

const started = performance.now();
execFileSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
  cwd: work,
  env: { ...process.env, BUILD_DIR: path.join(work, "build") },
  stdio: ["ignore", "ignore", "inherit"],
});
console.log(`i18n-site build ${((performance.now() - started) / 1000).toFixed(1)} s`);
