/**
 * One-off (run once, kept for the record): turns each service tier's price text
 * (content/collections/services.json, "$8,000+/mo", "Contact Us") into a structured price
 * (schemas/price.ts: { "amount": "8000 USD", "startingAt": true, "per": "month" }, or
 * { "onRequest": "Contact Us" }), which formatPrice writes as before on every English page,
 * and files each locale's translation of it under the new field: words instead of an amount
 * keep their translation (source and hash unchanged); an amount is translated as itself, the
 * same dollars in the locale's number form, for a locale to state its own currency later.
 *   tsx scripts/migrations/structured-prices.ts
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";

const root = process.cwd();
const SERVICES = "content/collections/services.json";
const TIERS = ["basic", "standard", "premium"] as const;
const PER = { mo: "month", hour: "hour" } as const;

/** The structured price a price text states. */
function structured(text: string): Record<string, unknown> {
  const match = /^\$(\d{1,3}(?:,\d{3})*|\d+)(\+)?(?:\/(mo|hour))?$/.exec(text);
  if (!match) return { onRequest: text };
  const [, digits, plus, per] = match;
  return { amount: `${digits!.replaceAll(",", "")} USD`, ...(plus && { startingAt: true }), ...(per && { per: PER[per as keyof typeof PER] }) };
}

/** Replaces each [node, text] of a file's text, last first, so offsets stay right. */
function replaced(text: string, edits: { node: Node; to: string }[]): string {
  for (const { node, to } of edits.sort((a, b) => b.node.offset - a.node.offset)) text = text.slice(0, node.offset) + to + text.slice(node.offset + node.length);
  return text;
}

const source = await readFile(path.join(root, SERVICES), "utf8");
const services = (JSON.parse(source) as { items: { id: string; pricing?: Record<string, { price: unknown }> }[] }).items;
const tree = parseTree(source)!;
const prices = services.flatMap((service, i) =>
  typeof service.pricing?.basic?.price !== "string" ? [] : TIERS.map((tier) => ({ id: service.id, tier, index: i, text: service.pricing![tier]!.price as string })),
);
const inline = (value: unknown) => JSON.stringify(value).replaceAll('":', '": ').replaceAll(',"', ', "').replace(/^\{/, "{ ").replace(/\}$/, " }");
await writeFile(path.join(root, SERVICES), replaced(source, prices.map((p) => ({ node: findNodeAtLocation(tree, ["items", p.index, "pricing", p.tier, "price"])!, to: inline(structured(p.text)) }))));
console.log(`${SERVICES}: ${prices.length} prices structured`);

const locales = (await readdir(path.join(root, "content/translations"), { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
for (const locale of locales) {
  const file = path.join(root, "content/translations", locale, "collections/services.json");
  const text = await readFile(file, "utf8").catch(() => undefined);
  if (text === undefined) continue;
  const translation = parseTree(text)!;
  const edits = prices.flatMap((p) => {
    const entry = findNodeAtLocation(translation, ["items", p.id, `pricing.${p.tier}.price`])?.parent;
    if (!entry) return [];
    const old = JSON.parse(text.slice(entry.children![1]!.offset, entry.children![1]!.offset + entry.children![1]!.length)) as { text: string; source: string; hash: string };
    const price = structured(p.text);
    const [field, value] = price.amount !== undefined ? ["amount", { text: price.amount, source: price.amount, hash: sourceHash(price.amount as string) }] : ["onRequest", old];
    return [{ node: entry, to: `${JSON.stringify(`pricing.${p.tier}.price.${field}`)}: ${inline(value)}` }];
  });
  await writeFile(file, replaced(text, edits));
  console.log(`content/translations/${locale}/collections/services.json: ${edits.length} prices filed under their new fields`);
}
