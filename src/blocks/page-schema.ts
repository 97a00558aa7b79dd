/**
 * The page schema with every registered block's props schema in its union: what the
 * checker validates page files with and what the page editor derives its forms from.
 * Apart from the registry, so the site's browser bundle (which imports the registry) never
 * loads zod.
 */
import { pageSchemaFor, type PageSchema } from "../../schemas/page.ts";
import { blocks, blockTypes } from "./registry.ts";

let pageSchema: Promise<PageSchema> | undefined;

export function registeredPageSchema(): Promise<PageSchema> {
  return (pageSchema ??= Promise.all(blockTypes.map(async (t) => [t, (await blocks[t].definition()).schema] as const)).then((entries) =>
    pageSchemaFor(Object.fromEntries(entries)),
  ));
}
