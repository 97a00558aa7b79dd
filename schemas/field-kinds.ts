/**
 * What a field means beyond its zod type, for tools that present content as forms (the page
 * editor): a link, an icon of the icon set, a reference to a collection item, a long text,
 * an image of the media library (a picker).
 * Registered on the shared field schemas (fields.ts, references.ts), so every block that uses
 * them gets the right control with no editor code of its own.
 */
import { z } from "zod";

export type FieldKind =
  | { kind: "href" }
  | { kind: "icon" }
  | { kind: "reference"; collection: string }
  | { kind: "multiline" }
  | { kind: "image" }
  | { kind: "item-key" };

export const fieldKinds = z.registry<FieldKind>();

/**
 * Whether a field's text is translated into each locale, where the default does not fit:
 * text fields translate and ids, paths, links, icons, numbers and references are shared
 * (schemas/translatable.ts derives it). Register `{ translate: false }` on a text that must
 * read the same in every language, `{ translate: true }` on a formatted string that differs.
 */
export const translation = z.registry<{ translate: boolean }>();
