/**
 * Forms are content (content/collections/forms.json): fields, labels, limits, endpoint and
 * the notice texts of the spec's error catalogue. `valuesSchema` (src/forms/values.ts)
 * turns a resolved form into the zod schema that both the browser and the server use.
 */
import { z } from "zod";
import { shared, slug, text } from "./fields.ts";
import { FORM_ELEMENT_PROPERTIES } from "./form-element-properties.ts";
import { FIELD_NAME, isReservedFieldName } from "./form-names.ts";
import { isOneLineValue, NUMBER_LENGTH, TICKED } from "./form-text.ts";
import { FILE_KIND_NAMES, FILE_NAME_LENGTH, MAX_FILE_MB } from "./form-files.ts";
import { ISO_DATE, isRealDate, TODAY } from "./form-date.ts";
import { serviceSchema } from "./collections/services.ts";

const notice = z.strictObject({ title: text(60), description: text(200) });

/** The longest title of a collection whose titles are a field's options: the longest such option. */
const longestTitle = { services: serviceSchema.shape.title.maxLength ?? Infinity };

/** The shortest address an email field accepts: its maxLength leaves room for one. */
export const SHORTEST_ADDRESS = "a@b.co";
/** The shortest web address a url field accepts: its maxLength leaves room for one. */
export const SHORTEST_URL = "http://a.co";

/** A choice of a select field: its text is the value sent, so it is one that the form API accepts. */
const option = text(80).refine(isOneLineValue, {
  error: "An option is one line of text: no tabs, line breaks, control characters or bidi overrides",
});

/** A date field's bound: a real day as YYYY-MM-DD, or "today" in the site's time zone. */
const dateBound = shared(z.string().refine((v) => v === TODAY || isRealDate(v), { error: 'A date as YYYY-MM-DD (a day that exists, e.g. 2026-12-01), or "today"' }));

export const formFieldSchema = z.strictObject({
  name: z.string().regex(FIELD_NAME, { error: "A field name is camelCase letters and digits, e.g. fullName" }),
  label: text(80),
  type: z.enum(["text", "email", "tel", "url", "textarea", "select", "checkbox", "number", "date", "radio", "checkboxes", "file"]),
  required: z.boolean().default(false).describe("A checkbox that is required must be ticked (a consent box)"),
  maxLength: z.number().int().min(1).max(5000).optional().describe("Longest accepted value, in characters: every field but a checkbox, a number or a date has one"),
  min: z
    .union([z.number(), dateBound])
    .optional()
    .describe('A number field\'s smallest accepted value; a date field\'s earliest day (YYYY-MM-DD, or "today" in the site\'s time zone); the fewest boxes of a checkbox group ticked'),
  max: z
    .union([z.number(), dateBound])
    .optional()
    .describe('A number field\'s largest accepted value; a date field\'s latest day (YYYY-MM-DD, or "today"); the most boxes of a checkbox group ticked'),
  step: z.number().positive().optional().describe("A number field's step from min (or 0): 1 for whole numbers, 0.01 for cents; left out, any number"),
  rows: z.number().int().min(2).max(20).optional().describe("Visible rows of a textarea"),
  accept: z
    .array(z.enum(FILE_KIND_NAMES))
    .min(1)
    .optional()
    .describe('The kinds of document a file field takes, checked by their content: "pdf", "doc", "docx"; left out, all three'),
  maxSizeMB: z
    .number()
    .positive()
    .max(MAX_FILE_MB, { error: `A file field takes at most ${MAX_FILE_MB} MB` })
    .optional()
    .describe(`The largest file a file field takes, in MB: at most ${MAX_FILE_MB}, and ${MAX_FILE_MB} when left out`),
  placeholder: text(120).optional(),
  autocomplete: shared(z.string().describe("HTML autocomplete token, e.g. email, name, tel")).optional(),
  options: z
    .union([
      z.array(option).min(1),
      z.strictObject({
        collection: z.enum(["services"]).describe("Take the options from this collection's titles"),
        append: z.array(option).default([]).describe('Options added after the collection\'s, e.g. ["Other"]'),
      }),
    ])
    .optional()
    .describe("Choices of a select field, a radio group or a checkbox group"),
});

/** The fields whose value is chosen among their options: a select, a radio group, a checkbox group (no maxLength for the groups: their options bound them). */
const CHOICE_TYPES: readonly FieldType[] = ["select", "radio", "checkboxes"];
type FieldType = z.infer<typeof formFieldSchema>["type"];

/** A `{field}` placeholder in a notification subject. */
export const PLACEHOLDER = /\{([a-zA-Z0-9]+)\}/g;
export const placeholders = (template: string) => [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);

/**
 * Whether a field of this name would hide a property of the form element in the browser: the
 * form exposes each control under its name (`form.nodeName` is then the input, and hydration
 * fails). The names come from the DOM's interfaces (scripts/form-element-properties.ts).
 */
const formElementProperties: ReadonlySet<string> = new Set(FORM_ELEMENT_PROPERTIES);
export const shadowsFormElement = (name: string) => formElementProperties.has(name);

/** What a refused field name carries to the checker, which reports it with its own code. */
export interface FieldNameProblem {
  problem: "reserved" | "shadows" | "duplicate";
  name: string;
}

export const formSchema = z
  .strictObject({
  id: slug,
  endpoint: z
    .string()
    .regex(/^(?:\/api\/[a-z-]+|https:\/\/.+)$/, { error: "Use /api/<name> on this site, or an https:// URL" })
    .describe("Where the form posts its JSON"),
  submitLabel: text(40),
  submittingLabel: text(40),
  minSubmitMs: z.number().int().min(0).max(5000).default(0).describe("Shortest time the submitting state is shown"),
  fields: z.array(formFieldSchema).min(1),
  notices: z.strictObject({
    invalid: notice.describe("A required field is empty"),
    success: notice,
    failed: z.strictObject({ title: text(60), fallback: text(200) }).describe("The server answered without success; its error text is shown, or the fallback"),
    network: notice.describe("The request failed or the answer was not JSON"),
  }),
  unique: shared(z.string())
    .optional()
    .describe("A required field whose value is stored once: the same value sent again updates that submission (the newsletter's email)"),
  notify: z
    .strictObject({
      // Read by the agency, never by the visitor: it stays in the site's own language.
      subject: shared(text(150).describe('Subject of the email to the agency; {field} is replaced by a value, e.g. "Website enquiry from {name}"')),
    })
    .optional()
    .describe("Email each submission to the agency (the site settings' contact.email), reply-to the submitter's email field"),
  retentionDays: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Days a submission is kept after it was last sent, then deleted; leave out to keep it until erased"),
  proofOfWork: z
    .boolean()
    .optional()
    .describe("Ask the browser to solve a small proof-of-work challenge before a submission is taken (no third party, no cookie); a post without JavaScript is then refused, so leave it off for forms that must work without"),
})
  .superRefine((form, ctx) => {
    // One error per name at most: a name off the pattern is already refused by the field itself.
    const named = new Set<string>();
    form.fields.forEach(({ name }, i) => {
      if (!FIELD_NAME.test(name)) return;
      const problem = isReservedFieldName(name) ? "reserved" : shadowsFormElement(name) ? "shadows" : named.has(name) ? "duplicate" : undefined;
      named.add(name);
      if (!problem) return;
      const fieldName: FieldNameProblem = { problem, name };
      const message = { reserved: `"${name}" is a name the form API reserves`, shadows: `"${name}" is a property of the form element in the browser`, duplicate: `Another field of this form is already named "${name}"` }[problem];
      ctx.addIssue({ code: "custom", path: ["fields", i, "name"], message, params: { fieldName } });
    });
    form.fields.forEach(({ type, options, maxLength, placeholder, min, max, step, accept, maxSizeMB }, i) => {
      // min, max and step bound a number, min and max a date; any other field would show a limit nobody checks.
      for (const [key, value] of Object.entries({ min, max, step })) {
        if (value === undefined || type === "number" || (type === "checkboxes" && key !== "step")) continue;
        if (key === "step") ctx.addIssue({ code: "custom", path: ["fields", i, key], message: `Only a number field has a step, not a ${type} field` });
        else if (type !== "date") ctx.addIssue({ code: "custom", path: ["fields", i, key], message: `Only a number, a date or a checkbox group has ${key}, not a ${type} field` });
      }
      for (const [key, value] of Object.entries({ min, max })) {
        if (type === "number" && typeof value === "string") ctx.addIssue({ code: "custom", path: ["fields", i, key], message: `A number field's ${key} is a number, not "${value}"` });
        if (type === "checkboxes" && value !== undefined && !(typeof value === "number" && Number.isInteger(value) && value >= 0)) {
          ctx.addIssue({ code: "custom", path: ["fields", i, key], message: `A checkbox group's ${key} is a number of boxes (0, 1, 2...), not ${JSON.stringify(value)}` });
        }
        if (type === "date" && typeof value === "number") ctx.addIssue({ code: "custom", path: ["fields", i, key], message: `A date field's ${key} is a day as YYYY-MM-DD or "today", not ${value}` });
      }
      // Two numbers, or two written days (YYYY-MM-DD compares as text): none between them could be sent.
      const bothNumbers = typeof min === "number" && typeof max === "number";
      const bothDays = typeof min === "string" && typeof max === "string" && ISO_DATE.test(min) && ISO_DATE.test(max);
      if ((bothNumbers || bothDays) && min > max) ctx.addIssue({ code: "custom", path: ["fields", i, "max"], message: type === "date" ? `max (${max}) is before min (${min}): no date could be sent` : `max (${max}) is below min (${min}): no ${type === "checkboxes" ? "choice" : "number"} could be sent` });
      if (type === "checkboxes" && max === 0) ctx.addIssue({ code: "custom", path: ["fields", i, "max"], message: "max (0) lets no box be ticked: no choice could be sent" });
      // A checkbox group cannot ask for more ticks than it has boxes.
      if (type === "checkboxes" && Array.isArray(options) && typeof min === "number" && min > options.length) {
        ctx.addIssue({ code: "custom", path: ["fields", i, "min"], message: `min (${min}) is more than the ${options.length} options: no choice could be sent` });
      }
      // accept and maxSizeMB bound a file, likewise.
      for (const [key, value] of Object.entries({ accept, maxSizeMB })) {
        if (value !== undefined && type !== "file") ctx.addIssue({ code: "custom", path: ["fields", i, key], message: `Only a file field has ${key}, not a ${type} field` });
      }
      (accept ?? []).forEach((kind, j) => {
        if (accept!.indexOf(kind) !== j) ctx.addIssue({ code: "custom", path: ["fields", i, "accept", j], message: `"${kind}" is listed twice` });
      });
      // A select is its options; any other field is typed in, and a list it does not show would refuse what is typed.
      if (CHOICE_TYPES.includes(type) && !options) ctx.addIssue({ code: "custom", path: ["fields", i, "options"], message: `A ${type} field needs its options` });
      if (!CHOICE_TYPES.includes(type) && options) ctx.addIssue({ code: "custom", path: ["fields", i, "options"], message: `Only a select field, a radio group or a checkbox group has options, not a ${type} field` });
      // A file is a document: nothing is typed into it, its limit is its size.
      if (type === "file") {
        if (maxLength !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: "A file field is bounded by maxSizeMB: it takes no maxLength" });
        if (placeholder !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "placeholder"], message: "A file field shows its kinds and size, not a placeholder" });
        return;
      }
      // A group's value is chosen among its options, each a line a visitor reads beside its button.
      if (type === "radio" || type === "checkboxes") {
        const group = type === "radio" ? "radio group" : "checkbox group";
        if (maxLength !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: `A ${group}'s value is chosen among its options: it takes no maxLength` });
        if (placeholder !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "placeholder"], message: `A ${group} shows its options, no placeholder` });
        return;
      }
      // A number is bounded by min and max, not by a length.
      if (type === "number") {
        if (maxLength !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: "A number field is bounded by min and max: it takes no maxLength" });
        return;
      }
      // A date is bounded by min and max; browsers show their own day picker, never a placeholder.
      if (type === "date") {
        if (maxLength !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: "A date field is bounded by min and max: it takes no maxLength" });
        if (placeholder !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "placeholder"], message: "A date field shows the browser's day picker, no placeholder" });
        return;
      }
      // A checkbox is ticked or not: nothing is typed into it, so it has no length and shows no placeholder.
      if (type === "checkbox") {
        if (maxLength !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: "A checkbox is ticked or not: it takes no maxLength" });
        if (placeholder !== undefined) ctx.addIssue({ code: "custom", path: ["fields", i, "placeholder"], message: "A checkbox shows no placeholder" });
        return;
      }
      if (maxLength === undefined) {
        ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: `A ${type} field needs its maxLength, the longest value it accepts` });
        return;
      }
      if (type === "email" && maxLength < SHORTEST_ADDRESS.length) {
        ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: `No address fits in ${maxLength} characters ("${SHORTEST_ADDRESS}" takes ${SHORTEST_ADDRESS.length})` });
      }
      if (type === "url" && maxLength < SHORTEST_URL.length) {
        ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: `No web address fits in ${maxLength} characters ("${SHORTEST_URL}" takes ${SHORTEST_URL.length})` });
      }
      // The server refuses a value longer than maxLength: every option must fit, or choosing it fails.
      if (Array.isArray(options)) {
        options.forEach((o, j) => {
          if (o.length > maxLength) ctx.addIssue({ code: "custom", path: ["fields", i, "options", j], message: `This option is longer than the field's maxLength (${maxLength}), so no visitor could send it` });
        });
      } else if (options && maxLength < longestTitle[options.collection]) {
        const longest = longestTitle[options.collection];
        ctx.addIssue({ code: "custom", path: ["fields", i, "maxLength"], message: `A field with options from ${options.collection} needs a maxLength of at least ${longest}, the longest title an item may have` });
      }
    });
    const fields = new Map(form.fields.map((f) => [f.name, f]));
    if (form.unique !== undefined && !fields.get(form.unique)?.required) {
      ctx.addIssue({ code: "custom", path: ["unique"], message: `"unique" must name a required field of this form, not "${form.unique}"` });
    } else if (form.unique !== undefined && fields.get(form.unique)?.type === "file") {
      ctx.addIssue({ code: "custom", path: ["unique"], message: `"unique" must name a field whose value is typed, not the file field "${form.unique}"` });
    }
    for (const name of placeholders(form.notify?.subject ?? "")) {
      if (!fields.has(name)) ctx.addIssue({ code: "custom", path: ["notify", "subject"], message: `{${name}} is not a field of this form` });
    }
  });

export type FormField = z.infer<typeof formFieldSchema>;
export type FormDefinition = z.infer<typeof formSchema>;
/** A form whose options are plain lists: what the browser and the server receive. */
export type ResolvedForm = Omit<FormDefinition, "fields"> & { fields: ResolvedField[] };
/**
 * A field as served: its options a plain list; a date field with the site's time zone, where its "today" is read.
 * On a page in another locale, its options stay the default locale's (what is sent, checked and stored, so the
 * server's form and the exports keep one language) and `optionLabels` are what the visitor reads, option by option.
 */
export type ResolvedField = Omit<FormField, "options"> & { options?: string[]; optionLabels?: string[]; timeZone?: string };

/**
 * The most characters a field's value may take in a body: its maxLength; a checkbox's "yes", a number's NUMBER_LENGTH,
 * a date's YYYY-MM-DD, a file's name, a radio group's longest option; a checkbox group's every option, each with its name again
 * (a browser sends `name=option` once per ticked box).
 */
export function longestValue(field: Pick<ResolvedField, "maxLength" | "type" | "options" | "name">): number {
  if (field.maxLength !== undefined) return field.maxLength;
  if (field.type === "radio") return Math.max(0, ...(field.options ?? []).map((o) => o.length));
  if (field.type === "checkboxes") return (field.options ?? []).reduce((sum, o) => sum + o.length + field.name.length + 2, 0);
  if (field.type === "file") return FILE_NAME_LENGTH;
  return field.type === "number" ? NUMBER_LENGTH : field.type === "date" ? "YYYY-MM-DD".length : TICKED.length;
}

/** A form's file fields: a form with one is posted as multipart/form-data. */
export const fileFields = <F extends Pick<FormField, "type">>(form: { fields: readonly F[] }) => form.fields.filter((f) => f.type === "file");

/** The field whose value is the submitter's address (for erasure and Reply-To), if the form has one. */
export const emailField = (form: Pick<ResolvedForm, "fields">) => form.fields.find((f) => f.type === "email")?.name;
