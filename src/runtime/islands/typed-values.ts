/**
 * What was typed into an island's fields before it hydrated, handed to its code afterwards.
 * Typing is never held back (early-events.ts): the page's fields take it before any script.
 * An island whose fields start from the page (the site's forms, uncontrolled) reads it as it
 * is; a controlled field (the studio's screens, value={state}) would be set back to its state,
 * the empty string, at its first render after hydration. So each field the person changed is
 * noted before hydration and, once the island has committed, typed again as the browser reports
 * typing: its value set behind React's record of it, then an input (or, for a select, a change)
 * event, which React hands to the field's onChange as if the person had just typed it.
 */

import { ISLAND_TAG } from "../../page/island-markup.ts";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Fields whose value is not text a person types or picks. */
const UNTYPED = new Set(["button", "checkbox", "file", "hidden", "image", "radio", "reset", "submit"]);

const changed = (field: Field) =>
  field instanceof HTMLSelectElement ? [...field.options].some((option) => option.selected !== option.defaultSelected) : field.value !== field.defaultValue;

/** The island's own fields (not a nested island's) that hold something other than what the page was sent with. */
export function noteTyped(island: HTMLElement): Map<Field, string> {
  const typed = new Map<Field, string>();
  for (const field of island.querySelectorAll<Field>("input, textarea, select")) {
    if ((field instanceof HTMLInputElement && UNTYPED.has(field.type)) || field.closest(ISLAND_TAG) !== island) continue;
    if (changed(field)) typed.set(field, field.value);
  }
  return typed;
}

/** Types each noted value again into its field, now that the island's code listens. */
export function typeAgain(typed: Map<Field, string>) {
  for (const [field, noted] of typed) {
    if (!field.isConnected) continue;
    // Typed on during hydration, the field holds the newer value; set back to its state, the noted one.
    const value = changed(field) ? field.value : noted;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    if (!setValue) continue;
    field.value = value === "" ? " " : ""; // React's record of the value, and the DOM's, now differ from it
    setValue.call(field, value); // the DOM's alone holds it again
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}
