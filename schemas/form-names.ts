/**
 * What a form field may be called. A field's name is a key of the submitted values: in the
 * request, in the browser's form state and in the server's plain objects. So no field takes
 * the honeypot's key, nor a name every JavaScript object already has (a missing `toString`
 * would read as Object.prototype's function, not as an empty field); the forms schema also
 * refuses the form element's properties (./form-element-properties.ts). No zod here: the
 * prerendered form markup names the honeypot from this module in the first-load bundle.
 */

/** camelCase letters and digits: what every field name matches. */
export const FIELD_NAME = /^[a-z][a-zA-Z0-9]*$/;

/**
 * The hidden field people never fill in and bots do. Its underscore is something FIELD_NAME
 * never matches, so no field can share its name, nor (with the form's prefix) its `id`.
 */
export const HONEYPOT = "website_url";

/** The solved proof-of-work challenge of a form with `proofOfWork` (server/plugins/form-pow.ts); no field matches it either. */
export const POW_FIELD = "pow_solution";

/** Names a field matching FIELD_NAME still may not take: constructor, toString, valueOf, ... */
const RESERVED: ReadonlySet<string> = new Set([HONEYPOT, POW_FIELD, ...Object.getOwnPropertyNames(Object.prototype)]);

export const isReservedFieldName = (name: string) => RESERVED.has(name);
