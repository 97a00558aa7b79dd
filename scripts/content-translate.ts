/**
 * npm run content:translate -- <locale> --stub — writes, for every page, collection and
 * content/site.json, each text that has no <locale> translation yet into its translation file
 * (content/translations/<locale>/…) as { "text": "", "source": <the English>, "hash": … }.
 * A translator fills in "text" and nothing else: the provenance is already recorded.
 * Until then such an entry counts as missing. Changes nothing that is already there.
 *   --only <file>   only this source file, e.g. content/collections/services.json
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { checkContent, validTaxonomy } from "../src/runtime/content/check.ts";
import { TAXONOMY_FILE } from "../src/blog/local-check.ts";
import { registeredPageSchema } from "../src/blocks/page-schema.ts";
import { units } from "../src/runtime/content/translations-check.ts";
import { formatTranslation, stubTranslation } from "../src/runtime/content/translation-stub.ts";
import { errors as catalogue } from "../src/errors/catalogue.ts";
import { formatError } from "../src/content-files/errors.ts";

const [locale, ...flags] = process.argv.slice(2);
const only = flags.includes("--only") ? flags[flags.indexOf("--only") + 1] : undefined;
const root = process.cwd();
const { content, locales, errors } = await checkContent({ root });
const usage = (problem: string) => {
  const e = catalogue.TranslateUsage(problem);
  console.error(`✖ ${e.title}: ${e.message}\n  ${e.hint}`);
  process.exit(2);
};
if (!flags.includes("--stub")) usage("Say --stub: the only thing this command does is write the missing entries for you to fill.");
if (!content || !locales) {
  console.error(errors.map(formatError).join("\n\n"));
  process.exit(1);
}
if (!locale || locale === locales.default.code || !locales.locales.some((l) => l.code === locale)) {
  usage(`"${locale ?? ""}" is not a locale to translate into: ${locales.locales.filter((l) => l.code !== locales.default.code).map((l) => l.code).join(", ")}.`);
}

const taxonomy = validTaxonomy(await readFile(path.join(root, TAXONOMY_FILE), "utf8").catch(() => undefined));
const sources = units({
  pageSchema: await registeredPageSchema(),
  pages: content.pages,
  pageExists: () => true,
  collections: Object.fromEntries(Object.entries(content.collections).map(([n, items]) => [n, { items, source: content.collectionSources[n as keyof typeof content.collections] }])),
  site: { value: content.site, source: content.siteSource },
  ...(taxonomy && { taxonomy }),
  media: [...(content.media ?? [])].map(([id, value]) => ({ id, value, source: content.mediaSources!.get(id)! })),
});
let total = 0;
for (const unit of sources.filter((u) => !only || u.file === only)) {
  const file = unit.translationFile(locale!);
  const existing = await readFile(path.join(root, file), "utf8").then(JSON.parse, () => undefined);
  const schemaRef = `${path.posix.relative(path.posix.dirname(file), "schemas/json")}/${unit.kind}-translation.schema.json`;
  const { value, added } = stubTranslation(existing, unit.texts, schemaRef);
  if (added === 0) continue;
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), formatTranslation(value));
  total += added;
  console.log(`${file}: ${added} to translate`);
}
console.log(total === 0 ? `✔ Every text has a ${locale} entry` : `✔ Wrote ${total} entr${total === 1 ? "y" : "ies"} with "text": "" to fill in`);
