/**
 * What a field means beyond its zod type, for tools that present content as forms (the page
 * editor): a link, an icon of the icon set, a reference to a collection item, a long text.
 * Registered on the shared field schemas (fields.ts, references.ts), so every block that uses
 * them gets the right control with no editor code of its own.
 */
import { z } from "zod";

export type FieldKind =
  | { kind: "href" }
  | { kind: "icon" }
  | { kind: "reference"; collection: string }
  | { kind: "multiline" };

export const fieldKinds = z.registry<FieldKind>();
