/**
 * References between content files (a page listing services by id, a template page
 * skipping an item). A reference is a string field that must name an existing item.
 * The checker parses collections first, then parses pages inside `withKnownIds`, so a
 * broken reference becomes an ordinary zod issue with its exact location.
 */
import { z } from "zod";
import { fieldKinds } from "./field-kinds.ts";
import { slug } from "./fields.ts";

type KnownIds = Record<string, ReadonlySet<string>>;
let known: { ids: KnownIds; broken: KnownIds } | undefined;

/**
 * Runs `run` with the ids each collection has. `broken`: ids of items in a collection file with
 * errors of its own (reported there); a reference to one is an issue marked `brokenReference`,
 * which the checker does not report again: the page waits for the item to be mended.
 */
export function withKnownIds<T>(ids: KnownIds, run: () => T, broken: KnownIds = {}): T {
  const previous = known;
  known = { ids, broken };
  try {
    return run();
  } finally {
    known = previous;
  }
}

export const reference = (collection: string) =>
  slug
    .superRefine((id, ctx) => {
      const ids = known?.ids[collection];
      if (known?.broken[collection]?.has(id)) {
        ctx.addIssue({ code: "custom", message: `The item "${id}" of the ${collection} collection has errors of its own`, params: { brokenReference: true } });
      } else if (ids && !ids.has(id)) {
        ctx.addIssue({
          code: "custom",
          message: `No item of the ${collection} collection has the id "${id}"`,
          // The checker words it from the catalogue (UnknownReference) with what it names.
          params: { reference: { collection, id, known: [...ids] } },
        });
      }
    })
    .describe(`The id of an item of the ${collection} collection`)
    .register(fieldKinds, { kind: "reference", collection });
