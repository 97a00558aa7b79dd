/**
 * The one rule for a name that comes more than once in a submission, whatever the body's
 * format (urlencoded, multipart, JSON): a checkbox group's name comes once per ticked box, and
 * its values make one list in the order sent; any other field sent twice is refused
 * (FormFieldRepeated), never silently read as its first or last copy.
 */
import type { ResolvedForm } from "../../schemas/forms.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import type { FormErrorCode } from "../../src/forms/values.ts";

/** The names a form lets come several times: its checkbox groups'. */
export const repeatableNames = (form: ResolvedForm): ReadonlySet<string> => new Set(form.fields.filter((f) => f.type === "checkboxes").map((f) => f.name));

/** The values of a body read as (name, value) pairs in the order sent; a name keys a Map, so `__proto__` is only a name. */
export class SentValues {
  readonly #values = new Map<string, unknown>();
  readonly #repeatable: ReadonlySet<string>;
  constructor(repeatable: ReadonlySet<string>) {
    this.#repeatable = repeatable;
  }

  /** The refusal a value under this name would meet, known before the value is read (a file's bytes). */
  refusalFor(name: string): (ErrorData & { code: FormErrorCode }) | undefined {
    return this.#values.has(name) && !this.#repeatable.has(name) ? errors.FormFieldRepeated(name) : undefined;
  }

  /** Adds one pair: the refusal when its name may not come again. */
  add(name: string, value: unknown): (ErrorData & { code: FormErrorCode }) | undefined {
    const refused = this.refusalFor(name);
    if (refused) return refused;
    this.#values.set(name, this.#values.has(name) ? [this.#values.get(name), value].flat() : value);
    return undefined;
  }

  toObject(): Record<string, unknown> {
    return Object.fromEntries(this.#values);
  }
}

/**
 * A JSON body's top-level object read by the rule: JSON.parse keeps a key's last copy, so the
 * text is read again for its keys as written. `parsed` is the body already parsed (strictly);
 * it is returned as it is when no key repeats.
 */
export async function repeatsInJson(text: string, parsed: unknown, repeatable: ReadonlySet<string>): Promise<{ body: unknown } | { refused: ErrorData & { code: FormErrorCode } }> {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { body: parsed };
  // Imported where first needed: a JSON submission, never the server's start (tests/contract/server-startup.test.ts).
  const { parseTree } = await import("jsonc-parser");
  const tree = parseTree(text);
  const properties = tree?.type === "object" ? (tree.children ?? []) : [];
  if (properties.length === Object.keys(parsed).length) return { body: parsed };
  const values = new SentValues(repeatable);
  for (const property of properties) {
    const [key, value] = property.children!;
    const name = key!.value as string;
    // Each copy's own value, from its span of the text: JSON.parse of the whole keeps only the last.
    const refused = values.add(name, jsonValue(text, value!));
    if (refused) return { refused };
  }
  return { body: values.toObject() };
}

/** One value of the body, parsed from its own span of the text. */
const jsonValue = (text: string, node: { offset: number; length: number }): unknown => JSON.parse(text.slice(node.offset, node.offset + node.length));
