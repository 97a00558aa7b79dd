/**
 * The value a new item starts with (a block added from the palette, an item added to a list):
 * what its schema requires and nothing more. Defaults stay out of the file (the schema fills
 * them in), optional parts are left out, and required texts start empty, so the form shows
 * at once what is still to write.
 */
import type { FieldSpec } from "./describe.ts";
import { newItemKey } from "../../../schemas/block-key.ts";

/** An item added to a list: its initial value, and a key no other item has where the list's items have keys (schemas/fields.ts keyedList). */
export function newListItem(item: FieldSpec, list: readonly unknown[]): unknown {
  const value = initialValue(item);
  return item.kind === "object" && item.fields.some((f) => f.spec.kind === "item-key") ? { key: newItemKey(list), ...(value as object) } : value;
}

export function initialValue(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case "text":
    case "href":
    case "reference":
    case "asset":
      return "";
    case "number":
      return spec.min ?? 0;
    case "boolean":
      return false;
    case "choice":
    case "icon":
      return spec.options[0];
    case "object":
      return Object.fromEntries(spec.fields.filter((f) => !f.spec.optional).map((f) => [f.name, initialValue(f.spec)]));
    case "array":
      return Array.from({ length: spec.min ?? 0 }).reduce<unknown[]>((list) => [...list, newListItem(spec.item, list)], []);
    case "union":
      return initialValue(spec.variants[0]!.spec);
    case "json":
      return {};
  }
}
