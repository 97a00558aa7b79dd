/**
 * The error catalogue: every error the site reports to a person (a marketer fixing content,
 * the admin's or the editor's user, whoever runs a build or the server) is an entry here,
 * after Astro's errors-data.ts. Each has a stable `code` that programs branch on (the editor puts an error
 * on its field by code and pointer, tests match on it, the server picks a status by it) and
 * the `title`, `message` and `hint` people read. A code never changes once used; the wording
 * may, and no code compares it.
 *
 * An entry is called with its details to make the error: `errors.BrokenLink("/contcat", hint)`.
 * Its code and title are also readable without calling: `errors.BrokenLink.code`.
 */
import { defineErrors } from "./define.ts";
import { VISITOR_REFUSALS } from "../page/form-strings.ts";
import { formatMessage } from "../page/messages.ts";

export const errors = defineErrors({
  // ---- Content files: syntax and shape ------------------------------------------------------
  InvalidJson: {
    title: "Invalid JSON",
    message: (problem: string) => `The file is not valid JSON: ${problem}.`,
    hint: "Look just before this position for a missing comma, quote or bracket, or a trailing comma.",
  },
  MissingCollectionFile: {
    title: "Missing collection file",
    message: (file: string) => `${file} does not exist.`,
    hint: `Create it with { "items": [] } at least.`,
  },
  MissingValue: {
    title: "Missing value",
    message: (expected: string) => `This required value is missing (expected ${expected}).`,
    hint: `Add it; your editor suggests the allowed properties when the file's "$schema" is set.`,
  },
  WrongType: {
    title: "Wrong type",
    message: (message: string, _expected: string) => message,
    hint: (_message: string, expected: string) => `Write a ${expected} here.`,
  },
  UnknownProperty: {
    title: "Unknown property",
    message: (keys: readonly string[]) => `Unknown propert${keys.length === 1 ? "y" : "ies"}: ${keys.map((k) => `"${k}"`).join(", ")}.`,
    hint: "Remove it or fix its spelling; only properties in the schema are used.",
  },
  InvalidValue: {
    title: "Invalid value",
    message: (message: string, _hint?: string) => message,
    hint: (_message: string, hint?: string) => hint ?? "See the message for what is expected.",
  },
  NotAnOption: {
    title: "Invalid value",
    message: (message: string, _allowed: readonly unknown[]) => message,
    hint: (_message: string, allowed: readonly unknown[]) => `Use one of: ${allowed.map((v) => JSON.stringify(v)).join(", ")}.`,
  },
  TooLong: {
    title: "Too long",
    message: (message: string, _isText: boolean) => message,
    hint: (_message: string, isText: boolean) => (isText ? "Shorten the text." : "Remove some entries."),
  },
  EmptyValue: {
    title: "Empty value",
    message: (message: string) => message,
    hint: "Write the text, or remove the property if it is optional.",
  },
  TooShort: {
    title: "Too short",
    message: (message: string, _isText: boolean) => message,
    hint: (_message: string, isText: boolean) => (isText ? "Write the text, or remove the property if it is optional." : "Add the missing entries."),
  },
  InvalidFormat: {
    title: "Invalid format",
    message: (message: string) => message,
    hint: "Follow the format in the message.",
  },
  NotMatchingSchema: {
    title: "Invalid value",
    message: (message: string) => message,
    hint: "Compare with the schema your editor shows for this file.",
  },
  UnknownReference: {
    title: "Unknown reference",
    message: (collection: string, id: string) => `No item of the ${collection} collection has the id "${id}".`,
    hint: (_collection: string, _id: string, known: readonly string[]) => `Known ids: ${known.join(", ")}`,
  },
  UnknownSection: {
    title: "Unknown section",
    message: (id: string, _closest: string | undefined) => `No section has the id "${id}" (content/sections/${id}.json does not exist).`,
    hint: (_id: string, closest: string | undefined) => (closest ? `Did you mean "${closest}"?` : "Choose one of the sections in the studio's Sections list, or save a block as a section first."),
  },
  SectionInSection: {
    title: "Section inside a section",
    message: "A section cannot place another section.",
    hint: "Put that section's blocks in this one, or place the two sections one after the other on the page.",
  },

  // ---- Content: the site as a whole ---------------------------------------------------------
  UnknownBlockType: {
    title: "Unknown block type",
    message: (type: unknown, _known: readonly string[]) => (type === undefined ? "This block has no type." : `There is no block type ${JSON.stringify(type)}.`),
    hint: (_type: unknown, known: readonly string[]) => `Expected type to be ${known.map((t) => `'${t}'`).join(" | ")}.`,
  },
  DuplicateId: {
    title: "Duplicate id",
    message: (collection: string, key: string, id: string) => `Another item of ${collection} already has the ${key} "${id}".`,
    hint: (_collection: string, key: string) => `Ids are how other content refers to an item: make each ${key} unique.`,
  },
  DuplicateFieldName: {
    title: "Duplicate field name",
    message: (name: string) => `Another field of this form is already named "${name}".`,
    hint: "A submission holds one value per name: give each field of a form its own name.",
  },
  ReservedFieldName: {
    title: "Reserved field name",
    message: (name: string) => `"${name}" is a name the form API keeps for itself.`,
    hint: "Choose another name: the names every JavaScript object has (constructor, toString, valueOf, ...) would be read as values the visitor never sent.",
  },
  FieldNameShadowsForm: {
    title: "Field name taken by the form element",
    message: (name: string) => `"${name}" is a property of the form element in the browser: a field of that name would hide it, and the form would not work with JavaScript.`,
    hint: "Choose another name, such as one with a word before it (\"jobTitle\" rather than \"title\"). The names every element has (nodeName, id, title, style, hidden, ...) and the form's methods (submit, reset) are taken; its own settings (name, action, method, target) are not.",
  },
  DuplicateRoute: {
    title: "Duplicate route",
    message: (path: string, file: string) => `The path ${path} is already used by ${file}.`,
    hint: "Give one of the pages another path, or list the item under the template's each.except.",
  },
  NoNotFoundPage: {
    title: "No not-found page",
    message: 'No page has "notFoundFor": "/".',
    hint: 'Add content/pages/404.json with a not-found block and "notFoundFor": "/".',
  },
  DuplicateRedirect: {
    title: "Duplicate redirect",
    message: (from: string) => `${from} is redirected twice.`,
    hint: "Keep one entry for each old path.",
  },
  RedirectHidesPage: {
    title: "Redirect hides a page",
    message: (from: string, file: string) => `${from} is a page (${file}), so this redirect would make it unreachable.`,
    hint: "Remove the redirect or change the page's path.",
  },
  RedirectChain: {
    title: "Redirect chain",
    message: (chain: readonly string[]) => `${chain.join(" → ")}.`,
    hint: (chain: readonly string[]) => `Point ${chain[0]} straight at ${chain[chain.length - 1]}.`,
  },
  RedirectLoop: {
    title: "Redirect loop",
    message: (loop: readonly string[]) => `${loop.join(" → ")} never reaches a page.`,
    hint: "Point one of these redirects at a real page.",
  },
  RedirectTargetMissing: {
    title: "Redirect target missing",
    message: (to: string, _hint: string) => `No page has the path ${to}.`,
    hint: (_to: string, hint: string) => hint,
  },
  BrokenLink: {
    title: "Broken link",
    message: (target: string, _hint: string) => `No page or redirect has the path ${target}.`,
    hint: (_target: string, hint: string) => hint,
  },
  LinkToRedirect: {
    title: "Link through a redirect",
    message: (target: string, to: string) => `${target} is a redirect to ${to}: visitors and search engines take a detour to get there.`,
    hint: (_target: string, to: string) => `Link to ${to} itself.`,
  },
  BlockDataFailed: {
    title: "Block data failed to load",
    message: (path: string, reason: string) => `Rendering ${path}: ${reason}`,
    hint: "Check the block's props and the collection items it refers to.",
  },
  UnknownItemField: {
    title: "Unknown placeholder",
    message: (field: string) => `"{${field}}" is not a text field of the page's item.`,
    hint: "Use a text property of the template's collection item, e.g. {title} on a service page.",
  },

  // ---- Content: locales and translations (content/locales.json, content/translations/) ------
  MissingLocalesFile: {
    title: "Missing locale registry",
    message: (file: string) => `${file} does not exist.`,
    hint: 'Create it with { "default": "en", "locales": [{ "code": "en", "name": "English", "status": "published" }] } at least.',
  },
  DuplicateLocale: {
    title: "Duplicate locale",
    message: (code: string) => `Another locale already has the code "${code}".`,
    hint: "List each locale once.",
  },
  UnknownLocale: {
    title: "Unknown locale",
    message: (code: string, _known: readonly string[]) => `No locale has the code "${code}".`,
    hint: (_code: string, known: readonly string[]) => `Known locales: ${known.join(", ")}. Add it to content/locales.json, or fix the code.`,
  },
  DefaultLocaleFallback: {
    title: "Default locale with a fallback",
    message: (code: string) => `"${code}" is the default locale: its text is the source of every translation, so it falls back to nothing.`,
    hint: 'Remove its "fallback".',
  },
  DefaultLocaleDraft: {
    title: "Default locale is a draft",
    message: (code: string) => `"${code}" is the default locale, which the site is built in, but its status is draft.`,
    hint: 'Set its "status" to "published".',
  },
  FallbackCycle: {
    title: "Fallback loop",
    message: (cycle: readonly string[]) => `The fallbacks go round in a loop: ${[...cycle, cycle[0]].join(" → ")}.`,
    hint: "Remove one of these fallbacks; the default locale is always tried last anyway.",
  },
  LowContrastColour: {
    title: "Colour too light or too dark for its text",
    message: (colour: string, use: string, ratio: number, minimum: number) =>
      `${colour} behind ${use} has a contrast of ${ratio.toFixed(2)}:1; text needs at least ${minimum}:1 to be read by everyone (WCAG AA).`,
    hint: (_colour: string, use: string) => `Pick a colour that sets ${use} apart more (a darker one behind white text).`,
  },
  SiteLocaleMismatch: {
    title: "Site locale is not the default locale",
    message: (siteLocale: string, defaultLocale: string) => `The site settings say the site is in "${siteLocale}", content/locales.json that its default locale is "${defaultLocale}".`,
    hint: "Make them the same.",
  },
  LocalePrefixTaken: {
    title: "Path under a locale's prefix",
    message: (path: string, prefix: string, code: string) => `${path} is under ${prefix}, where the pages of the locale "${code}" live.`,
    hint: "Give the page or redirect another path, or the locale another code.",
  },
  DuplicateBlockKey: {
    title: "Duplicate block key",
    message: (key: string) => `Another block of this page already has the key "${key}".`,
    hint: "A block's key is how its translations find it: give each block of a page its own key (a copied block needs a new one).",
  },
  DuplicateItemKey: {
    title: "Duplicate item key",
    message: (key: string) => `Another item of this list already has the key "${key}".`,
    hint: "An item's key is how its translations find it when the list is reordered: give each item of a list its own key (a copied item needs a new one).",
  },
  BlockKeyMissing: {
    title: "Block without a key",
    message: (locales: readonly string[]) => `This block has text to translate but no "key", so it cannot be translated into ${locales.join(", ")}.`,
    hint: 'Run npm run content:keys, or add a "key" unique in the page, e.g. the block type.',
  },
  UnknownTranslationLocale: {
    title: "Translations for an unknown locale",
    message: (code: string) => `content/translations/${code}/ is not a locale to translate into.`,
    hint: "Translations are for the locales of content/locales.json other than the default (whose text is in content/pages/): add the locale there, or rename or remove the folder.",
  },
  TranslationForMissingPage: {
    title: "Translation of a page that does not exist",
    message: (page: string) => `There is no ${page} to translate.`,
    hint: "Rename the file after its page in content/pages/, or remove it if the page was removed.",
  },
  PageNotTranslated: {
    title: "Page not translated",
    message: (locale: string, count: number, fallback: string) => `No ${locale} translation of this page: its ${count} text${count === 1 ? "" : "s"} are shown in ${fallback}.`,
    hint: (_locale: string, _count: number, _fallback: string, file: string) => `Translate it in ${file}.`,
  },
  TranslationMissing: {
    title: "Missing translation",
    message: (locale: string, fallback: string) => `No ${locale} translation of this text: it is shown in ${fallback}.`,
    hint: (_locale: string, _fallback: string, file: string, key: string) => `Add "${key}" to ${file}.`,
  },
  TranslationStale: {
    title: "Stale translation",
    message: (locale: string, oldSource: string, newSource: string, _hash: string) =>
      `The ${locale} translation was made from "${oldSource}", and the text is now "${newSource}".`,
    hint: (_locale: string, _oldSource: string, _newSource: string, hash: string) =>
      `Update the translation, then set its "source" to the new text and its "hash" to "${hash}" (only those two if it is still correct).`,
  },
  TranslationPlaceholders: {
    title: "Placeholders differ from the source",
    message: (source: readonly string[], translation: readonly string[]) =>
      `The source text has ${list(source)}, the translation ${list(translation)}.`,
    hint: "Keep every {placeholder} of the source text, spelt as it is (it is filled in, not translated), and add none.",
  },
  TranslationFormat: {
    title: "Translation not in the field's form",
    message: (translated: string, problem: string) => `“${translated}” is not in the form this text needs. ${problem}.`,
    hint: "Write it in the form of the source text: a price's amount in digits and its currency's code, e.g. 415000 INR.",
  },
  TranslationOrphaned: {
    title: "Orphaned translation",
    message: (what: string) => `${what} translates a text the page no longer has.`,
    hint: "Remove it (or, if the block's key changed, move it under the new key).",
  },
  TranslationIncomplete: {
    title: "Locale not complete",
    message: (locale: string, percent: number) => `${locale} must be complete before it builds, and this page is ${percent} % translated.`,
    hint: 'Translate the missing and stale texts listed, or set the locale\'s "requireComplete" to false.',
  },

  // ---- Content: Markdown files (legal documents, blog posts) --------------------------------
  InvalidFileName: {
    title: "Invalid file name",
    message: (fileName: string, what: string) => `"${fileName}" cannot be ${what}.`,
    hint: (_fileName: string, _what: string, example: string) => `Name the file with lowercase letters, digits and single hyphens, e.g. ${example}.`,
  },
  MissingFrontmatter: {
    title: "Missing frontmatter",
    message: "The file does not start with a --- frontmatter block.",
    hint: (fields: string) => `Start the file with ---, then ${fields}, then another ---.`,
  },
  InvalidFrontmatter: {
    title: "Invalid frontmatter",
    message: (reason: string) => `The frontmatter is not valid YAML: ${reason}.`,
    hint: "Write one `key: value` per line; quote values that contain a colon followed by a space, or start with a quote, [ or {.",
  },
  UnclosedFrontmatter: {
    title: "Invalid frontmatter",
    message: "The frontmatter is not closed: no line with only --- follows it.",
    hint: "End the frontmatter with a line of three hyphens, ---, before the text.",
  },
  EmptyDocument: {
    title: "Empty document",
    message: "There is no text after the frontmatter.",
    hint: "Write the document below the closing ---.",
  },
  EmptyPost: {
    title: "Empty post",
    message: "There is no text after the frontmatter.",
    hint: "Write the post in Markdown below the closing ---.",
  },
  TopLevelHeading: {
    title: "Top-level heading",
    message: "A # heading would be a second page title.",
    hint: "Use ## for sections and ### below them; the page shows the frontmatter title as its heading.",
  },
  UnknownPlaceholder: {
    title: "Unknown placeholder",
    message: (name: string) => `{${name}} does not name a text value of the site settings.`,
    hint: "Use a path into the site settings such as {contact.legalEmail}, {contact.email}, {contact.phone} or {name}.",
  },
  MissingBlogTaxonomy: {
    title: "Missing blog taxonomy",
    message: (taxonomyFile: string, postsDir: string) => `${taxonomyFile} does not exist, but there are posts in ${postsDir}.`,
    hint: 'Create it with { "categories": [], "tags": [], "authors": [] } and list what the posts refer to.',
  },
  DuplicateSlug: {
    title: "Duplicate slug",
    message: (list: string, slug: string) => `Another entry of ${list} already has the slug "${slug}".`,
    hint: "Slugs are the pages' addresses: make each one unique.",
  },
  UnknownTerm: {
    title: "Unknown reference",
    message: (list: string, taxonomyFile: string, slug: string, _known: readonly string[]) => `No entry of ${list} in ${taxonomyFile} has the slug "${slug}".`,
    hint: (_list: string, taxonomyFile: string, _slug: string, known: readonly string[]) =>
      `Known: ${known.join(", ") || "none yet"}. Add it to ${taxonomyFile} or fix the spelling.`,
  },

  // ---- Blog sources -------------------------------------------------------------------------
  WordPressUnreachable: {
    title: "WordPress is unreachable",
    message: (address: string, reason: string, _url: string) => `Could not reach ${address}: ${reason}.`,
    hint: (_address: string, _reason: string, url: string) => `Check that WORDPRESS_URL (${url}) is right and that the site is up, then try again.`,
  },
  WordPressFailed: {
    title: "WordPress answered with an error",
    message: (address: string, status: number, code?: string) => `${address} answered ${status}${code ? ` (${code})` : ""}.`,
    hint: (_address: string, status: number) =>
      status === 404
        ? "Check that WORDPRESS_URL points at the WordPress site itself and that its REST API (/wp-json/) is enabled."
        : "Look at the WordPress server's logs; the blog cannot be built until it answers.",
  },
  WordPressNotJson: {
    title: "WordPress sent something that is not JSON",
    message: (address: string) => `${address} did not answer JSON.`,
    hint: "Check that WORDPRESS_URL points at a WordPress site and not at a login or error page.",
  },
  LocalBlogInvalid: {
    title: "The local blog has content errors",
    message: (report: string) => report,
    hint: "Run npm run content:check and fix what it reports.",
  },

  // ---- Build settings -----------------------------------------------------------------------
  InvalidFormsApiUrl: {
    title: "Invalid FORMS_API_URL",
    message: (value: string, problem: string) => `FORMS_API_URL "${value}" ${problem}.`,
    hint: "Set it to the origin of the server that answers the forms, e.g. https://api.example.com, or unset it to post to the site itself (docs/deploy.md).",
  },

  // ---- The blog admin's posts --------------------------------------------------------------
  AdminBadRequest: {
    title: "Invalid request",
    message: (reason: string, _hint?: string) => reason,
    hint: (_reason: string, hint?: string) => hint ?? "Use the admin at /admin.",
  },
  PostInvalid: {
    title: "Validation Error",
    message: (message: string, _hint: string) => message,
    hint: (_message: string, hint: string) => hint,
  },
  PostNotFound: {
    title: "Post not found",
    message: "No post has this address.",
    hint: "It may have been deleted or renamed: reload the admin to see the current posts.",
  },
  PostConflict: {
    title: "Not saved",
    message: (message: string, _hint: string) => message,
    hint: (_message: string, hint: string) => hint,
  },
  PostChangedElsewhere: {
    title: "Changed elsewhere",
    message: "This post was changed by someone else since you opened it.",
    hint: (hint: string) => hint,
  },

  // ---- Form API (server/plugins/forms.ts; the HTTP status of each: form-refusals.ts) ----------
  // The answer's `error` is the message; its `code` is what a client branches on. A refusal a
  // visitor can meet in a page's form has its message in the form texts (VISITOR_REFUSALS), so
  // it is answered in the page's language.
  FormUnsupportedMediaType: {
    title: "Unsupported content type",
    message: "Send the form as JSON (Content-Type: application/json).",
    hint: "Post a JSON object with Content-Type: application/json, or the page's form as application/x-www-form-urlencoded (multipart/form-data for a form with a file field).",
  },
  FormMalformedJson: {
    title: "Unreadable form",
    message: "The form could not be read: the request body is not valid JSON.",
    hint: "Send one JSON object in UTF-8; keys named __proto__ or constructor.prototype are refused as well.",
  },
  FormMalformedUrlencoded: {
    title: "Unreadable form",
    message: "The form could not be read: a field is badly encoded.",
    hint: "Percent-encode every name and value as UTF-8.",
  },
  FormFieldRepeated: {
    title: "Field sent twice",
    message: (name: string) => `The field ${JSON.stringify(name)} was sent more than once.`,
    hint: "Send each field once: only a checkbox group's name comes once per ticked box (in JSON, its ticks as one list).",
  },
  FormEmptyBody: {
    title: "Empty form",
    message: "The form could not be read: the request body is empty.",
    hint: "Send the form's fields as one JSON object.",
  },
  FormNotAnObject: {
    title: "Unreadable form",
    message: "The form could not be read: send its fields as one JSON object.",
    hint: 'Send an object such as {"email": "you@example.com"}, not an array, a string or null.',
  },
  FormRequiredMissing: {
    title: "Validation Error",
    // The form's own text (its notices.invalid.description), e.g. Please fill in all required fields.
    message: (formText: string) => formText,
    hint: "`fields` names each field and what is wrong with it.",
  },
  FormUnknownFields: {
    title: "Validation Error",
    message: (keys: readonly string[]) => `Unknown field${keys.length > 1 ? "s" : ""}: ${keys.map((k) => JSON.stringify(k)).join(", ")}`,
    hint: "Send only the form's own fields; `fields` names the others.",
  },
  FormInvalidValues: {
    title: "Validation Error",
    // The first field's message, e.g. Please enter a valid email address.
    message: (firstFieldMessage: string) => firstFieldMessage,
    hint: "`fields` names each field and what is wrong with it.",
  },
  FormTooLarge: {
    title: "Form too large",
    message: VISITOR_REFUSALS.FormTooLarge,
    hint: "Each field has a maximum length (docs/forms.md); the body may hold no more than those characters.",
  },
  FormFileTooLarge: {
    title: "Validation Error",
    // The field's message, e.g. CV: the file is larger than 5 MB; please send a smaller one
    message: (fieldMessage: string) => fieldMessage,
    hint: "A file field takes at most its maxSizeMB (5 MB at most); the upload was stopped there and nothing was stored.",
  },
  FormFileWrongKind: {
    title: "Validation Error",
    // The field's message, e.g. CV must be a PDF or Word (.doc, .docx) document; this file is not one
    message: (fieldMessage: string) => fieldMessage,
    hint: "The kind is read from the file's bytes, not its name: a PDF starts with %PDF-, a .doc is an OLE2 file with a WordDocument stream, a .docx a ZIP with word/document.xml.",
  },
  FormFileEmpty: {
    title: "Validation Error",
    message: (fieldMessage: string) => fieldMessage,
    hint: "The file has 0 bytes: choose the document itself, not a placeholder or a file still downloading.",
  },
  FormFileNameRefused: {
    title: "Validation Error",
    message: (label: string) => formatMessage(VISITOR_REFUSALS.FormFileNameRefused, "en", { label }),
    hint: "A browser sends a file's own name only: no ../, no control characters, no bidi overrides.",
  },
  FormFilesNeedMultipart: {
    title: "Files need multipart",
    message: "This form takes a file: send it as multipart/form-data.",
    hint: "JSON and urlencoded bodies cannot carry files: leave an optional file field out, or post the form as multipart/form-data (what the page's form does).",
  },
  FormMalformedMultipart: {
    title: "Unreadable form",
    message: "The form could not be read: its multipart body is broken.",
    hint: "Send one well-formed multipart/form-data body, with the boundary its Content-Type names.",
  },
  FormTooManyParts: {
    title: "Form too large",
    message: VISITOR_REFUSALS.FormTooManyParts,
    hint: "A multipart body may hold each of the form's fields once (and the honeypot), a file only in a file field.",
  },
  FormCrossSite: {
    title: "Cross-site post refused",
    message: VISITOR_REFUSALS.FormCrossSite,
    hint: "Browsers may post the form only from a page of this site (Sec-Fetch-Site, Origin).",
  },
  FormRateLimited: {
    title: "Too many submissions",
    message: VISITOR_REFUSALS.FormRateLimited,
    hint: "Retry-After says how many seconds to wait.",
  },
  FormPowMissing: {
    title: "Spam check missing",
    message: VISITOR_REFUSALS.FormPowMissing,
    hint: "A form with proofOfWork takes the solution of a challenge from GET <endpoint>/challenge in the field pow_solution (docs/forms.md).",
  },
  FormPowInvalid: {
    title: "Spam check failed",
    message: VISITOR_REFUSALS.FormPowInvalid,
    hint: "pow_solution must be base64 JSON { algorithm, challenge, number, salt, signature } solving a challenge this server signed for this form.",
  },
  FormPowExpired: {
    title: "Spam check expired",
    message: VISITOR_REFUSALS.FormPowExpired,
    hint: "A challenge is good for a few minutes (docs/forms.md); fetch a new one from GET <endpoint>/challenge.",
  },
  FormPowReplayed: {
    title: "Spam check already used",
    message: VISITOR_REFUSALS.FormPowReplayed,
    hint: "Each challenge's solution is taken once; fetch a new challenge for every submission.",
  },
  FormTimeout: {
    title: "Form sent too slowly",
    message: VISITOR_REFUSALS.FormTimeout,
    hint: "The whole body must arrive within the server's time limit for a form (docs/forms.md).",
  },
  FormNotFound: {
    title: "No such form",
    message: "There is no form at this address.",
    hint: "The site's forms are listed in build/forms.json: POST /api/<form id>.",
  },
  // Not a form's: anything under /api that no form, challenge or studio call answers.
  ApiNotFound: {
    title: "Not found",
    message: "There is nothing at this address of the site's API.",
    hint: "Forms are sent with POST to /api/<form id> (build/forms.json lists them); the studio's calls are under /api/studio (docs/studio.md).",
  },
  // ---- Analytics: the page-view endpoint (server/plugins/analytics.ts, docs/analytics.md) ------
  AnalyticsCrossSite: {
    title: "Cross-site page view refused",
    message: "Page views are counted only when a page of this site sends them.",
    hint: "The collector posts from the site's own pages (Sec-Fetch-Site: same-origin, or an Origin of this host).",
  },
  AnalyticsMalformed: {
    title: "Unreadable page view",
    message: "The page view could not be read.",
    hint: "Send one JSON object as text/plain or application/json, at most 2 kB (schemas/analytics.ts pageViewSchema).",
  },
  AnalyticsInvalidEvent: {
    title: "Invalid page view",
    message: (problem: string) => `The page view is not one the site counts: ${problem}`,
    hint: "The fields are p (path), l (locale), r (referrer host), us, um, uc (UTM) and s (mobile, tablet or desktop); nothing else.",
  },
  AnalyticsUnknownPage: {
    title: "Not a page of the site",
    message: "The page view names no page of this site.",
    hint: "p is the path of a page the site serves (location.pathname), without a trailing slash.",
  },
  AnalyticsTooLarge: {
    title: "Page view too large",
    message: "The page view is larger than any the collector sends.",
    hint: "A page view is at most 2 kB.",
  },
  AnalyticsUnsupportedMediaType: {
    title: "Unsupported media type",
    message: "Page views are sent as text/plain or application/json.",
    hint: "navigator.sendBeacon with a string sends text/plain;charset=UTF-8.",
  },
  AnalyticsRateLimited: {
    title: "Too many page views",
    message: "Too many page views from your network. They are counted again in a minute.",
    hint: "ANALYTICS_RATE_LIMIT sets how many page views a client may send a minute (docs/analytics.md).",
  },
  AnalyticsUnavailable: {
    title: "Database unavailable",
    message: "The page view could not be counted just now.",
    hint: "The database did not answer; the server's log says why.",
  },
  AnalyticsCliUsage: {
    title: "Wrong use of npm run analytics",
    message: (problem: string) => problem,
    hint: "Run npm run analytics without arguments to see its usage.",
  },
  InvalidAnalyticsSetting: {
    title: "Invalid analytics setting",
    message: (value: string) => `ANALYTICS is "${value}", which is neither "on" nor "off".`,
    hint: "Leave ANALYTICS unset (or on) to count page views and conversions, or set ANALYTICS=off to turn analytics off entirely (docs/analytics.md).",
  },
  FormMethodNotAllowed: {
    title: "Method not allowed",
    message: "Forms are sent with POST.",
    hint: "Send the form with POST; the Allow header says so too.",
  },
  FormNotSaved: {
    title: "Not saved",
    message: VISITOR_REFUSALS.FormNotSaved,
    hint: "Nothing was stored: the database failed. The server's log has the reason.",
  },
  FormUnavailable: {
    title: "Database unavailable",
    message: VISITOR_REFUSALS.FormUnavailable,
    hint: "Nothing was stored: the database did not answer in time (DATABASE_TIMEOUT_SECONDS). Retry-After says when to try again.",
  },

  // ---- Page editor --------------------------------------------------------------------------
  EditorNotEditable: {
    title: "Not editable here",
    message: (file: string) => `${file} is not a page, a collection or the site settings, which the editor can change.`,
    hint: "Pages are content/pages/*.json; collections are content/collections/*.json; the site settings are content/site.json.",
  },
  EditorPageLinked: {
    title: "Still linked",
    message: (count: number) => `Other content links to this page ${count === 1 ? "once" : `${count} times`}, so it was not deleted.`,
    hint: "Change or remove those links first; each is listed with where it is.",
  },
  EditorSectionUsed: {
    title: "Still in use",
    message: (count: number) => `This section is placed on ${count === 1 ? "1 page" : `${count} pages`}, so it was not deleted.`,
    hint: "Remove it from those pages, or use Detach this copy on each, first; each page is listed.",
  },
  EditorNotFound: {
    title: "File not found",
    message: (file: string) => `${file} does not exist.`,
    hint: "It may have been deleted or renamed: go back to the list of pages.",
  },
  EditorChangedOnDisk: {
    title: "Changed on disk",
    message: (file: string) => `${file} changed on disk since you opened it (another editor, or a git pull). Your changes were not saved.`,
    hint: "Reload it to see the file as it is now, then make your change again.",
  },
  EditorFileExists: {
    title: "File exists",
    message: (file: string) => `${file} already exists.`,
    hint: "Choose another path for the new page.",
  },
  EditorHasErrors: {
    title: "Not saved",
    message: (count: number) => `The change has ${count} error${count === 1 ? "" : "s"}, so it was not saved.`,
    hint: "Fix the errors shown on the fields, then save again.",
  },

  // ---- Studio: accounts, sign-in, sessions, roles (server/studio/; statuses in server/studio/refusals.ts) ----
  // Every failed sign-in, whatever the cause (no such account, wrong password, disabled, not yet
  // set up), is this one answer: it must not tell a stranger which addresses have accounts.
  StudioSignInFailed: {
    title: "Not signed in",
    message: "The email address or the password is not right.",
    hint: "Check both and try again; a forgotten password can be reset by email, or by an admin (npm run users -- reset <email>).",
  },
  StudioSignInThrottled: {
    title: "Too many attempts",
    message: "Too many sign-in attempts. Wait a moment, then try again.",
    hint: "Retry-After says how many seconds to wait; the wait grows with each failed attempt and resets after a successful one.",
  },
  StudioResetThrottled: {
    title: "Too many requests",
    message: "Too many requests for a new password link. Wait a while, then try again.",
    hint: "Retry-After says how many seconds to wait; a link already sent stays good for 24 hours.",
  },
  StudioMailOff: {
    title: "Not available",
    message: "This studio cannot send email, so a new password link cannot be mailed.",
    hint: "Ask an admin for a new link (npm run users -- reset <email>). Mail needs SMTP_URL and SITE_URL on the studio's server.",
  },
  StudioSignedOut: {
    title: "Signed out",
    message: "Sign in to use the studio.",
    hint: "Your session ended (signed out, timed out, revoked, or the account was disabled): sign in again.",
  },
  StudioForbidden: {
    title: "Not allowed",
    message: (role: string, least: string) => `Your role (${role}) may not do this; it needs ${least} or above.`,
    hint: "Ask an admin if you need a different role.",
  },
  StudioTemplatesAdminOnly: {
    title: "Templates are an admin's",
    message: (role: string) => `Your role (${role}) may start pages from page templates but not change them: an admin maintains them.`,
    hint: "Ask an admin to change the template, or change the page you made from it.",
  },
  StudioCrossSite: {
    title: "Cross-site request refused",
    message: "Studio changes can only be made from the studio's own pages.",
    hint: "The request came from another site (Sec-Fetch-Site, Origin); open the studio at its own address.",
  },
  StudioCsrfToken: {
    title: "Missing or wrong token",
    message: "This change does not carry the studio's token for your session.",
    hint: "Send the csrfToken from GET /api/studio/me in the X-CSRF-Token header of every change.",
  },
  StudioNeedsHttps: {
    title: "HTTPS needed",
    message: "The studio signs in only over HTTPS (or plain http on this computer's loopback address, for development).",
    hint: "Serve the studio behind a TLS proxy (docs/studio.md) that sets X-Forwarded-Proto, from an address in TRUST_PROXY.",
  },
  StudioBadRequest: {
    title: "Bad request",
    message: (problem: string) => problem,
    hint: "Send one JSON object with the fields this call takes (docs/studio.md lists them).",
  },
  StudioNotJson: {
    title: "Unsupported content type",
    message: "Send the request as JSON (Content-Type: application/json).",
    hint: "Studio calls take JSON bodies only.",
  },
  StudioTooLarge: {
    title: "Request too large",
    message: "The request is too large.",
    hint: "Studio calls take small JSON bodies: a few kB for accounts, up to 2 MB for a draft.",
  },
  StudioWeakPassword: {
    title: "Choose another password",
    message: (problem: string) => problem,
    hint: "Use at least 12 characters; a few unrelated words make a long password that is easy to remember.",
  },
  StudioLinkInvalid: {
    title: "Link not valid",
    message: "This link is not valid: it may have expired (links last 24 hours) or been used already.",
    hint: "Ask an admin for a new link (npm run users -- reset <email>).",
  },
  StudioLocalLinkInvalid: {
    title: "Link not valid",
    message: "This sign-in link is not valid: it works once, and only for a few minutes after the server printed it.",
    hint: "Stop the server and start it again (npm run dev, or ADMIN=1 npm start): it prints a new link.",
  },
  StudioLocalOnly: {
    title: "Local only",
    message: "This sign-in link works only in a browser on the computer that runs the server, at a loopback address such as 127.0.0.1 or localhost.",
    hint: "Open the link the terminal printed, on the same computer.",
  },
  StudioUserExists: {
    title: "Already has an account",
    message: (email: string) => `${email} already has an account.`,
    hint: "Change its role instead, or send a new link with npm run users -- reset <email>.",
  },
  StudioUserNotFound: {
    title: "No such account",
    message: (who: string) => `No account is ${who}.`,
    hint: "npm run users -- list shows every account.",
  },
  StudioSessionNotFound: {
    title: "No such session",
    message: "You have no signed-in session with this id.",
    hint: "It may have ended already: list your sessions again.",
  },
  StudioNotOnYourself: {
    title: "Not on your own account",
    message: (what: string) => `You cannot ${what} your own account.`,
    hint: "Another admin can; this way the studio is never left without an admin by accident.",
  },
  StudioNotFound: {
    title: "Not found",
    message: "There is no studio call at this address.",
    hint: "docs/studio.md lists the studio's API.",
  },
  StudioFailed: {
    title: "Something went wrong",
    message: "The studio could not do this just now.",
    hint: "Nothing was changed. Try again in a minute; if it keeps failing, tell your developer (the server's log has the reason).",
  },

  // ---- Studio: the screens, their API client and passkeys (shell: src/studio/, server/studio/passkeys/) ----
  StudioOffline: {
    title: "Network Error",
    message: "The studio could not reach its server.",
    hint: "Check your connection, then try again; what you typed is kept in this tab.",
  },
  StudioHttpError: {
    title: "Unexpected answer",
    message: (status: number) => `The studio's server answered with status ${status}.`,
    hint: "Try again; if it keeps happening, the server's log has the reason.",
  },
  StudioPasswordsDiffer: {
    title: "Passwords differ",
    message: "The two passwords are not the same.",
    hint: "Type the same new password in both fields.",
  },
  StudioNoToken: {
    title: "Link not valid",
    message: "This page needs the link from your invitation or password reset.",
    hint: "Open the whole link you were sent (it ends with #token=…), or ask an admin for a new one.",
  },
  // Every failed passkey sign-in, whatever the cause (unknown passkey, disabled account, a used or
  // expired challenge, a bad signature), is this one answer, like StudioSignInFailed.
  StudioPasskeyFailed: {
    title: "Not signed in",
    message: "This passkey could not sign you in.",
    hint: "Try again, or sign in with your password. A passkey removed from your account, or an account that is disabled, cannot sign in.",
  },
  StudioPasskeyNotSaved: {
    title: "Passkey not added",
    message: (problem: string) => `The passkey could not be added: ${problem}`,
    hint: "Try again from this page; the request is good for five minutes.",
  },
  StudioPasskeyExists: {
    title: "Already added",
    message: "This passkey is already on an account.",
    hint: "It can sign in as it is; remove it from the account first to add it again.",
  },
  StudioPasskeyNotFound: {
    title: "No such passkey",
    message: "You have no passkey with this id.",
    hint: "It may have been removed already: reload the page.",
  },
  StudioPasskeyHost: {
    title: "Passkeys need the studio's name",
    message: (host: string) => `Passkeys work at the studio's own address, not at ${host}.`,
    hint: "Open the studio at SITE_URL's address (or, without SITE_URL, at http://localhost:<port>): an IP address cannot hold passkeys.",
  },
  StudioPasskeyCancelled: {
    title: "No passkey used",
    message: "The passkey request was cancelled or timed out.",
    hint: "Try again and confirm on your device; or sign in with your password.",
  },
  StudioPasskeyUnsupported: {
    title: "Passkeys not available",
    message: "This browser cannot use passkeys.",
    hint: "Use a current browser, or sign in with your password.",
  },
  UsersCliUsage: {
    title: "Wrong use of npm run users",
    message: (problem: string) => problem,
    hint: "Run npm run users without arguments to see its usage.",
  },

  // ---- Studio: drafts, presence and preview links (server/studio/documents/) ----
  StudioNotADocument: {
    title: "Not a document",
    message: (file: string) => `"${file.slice(0, 200)}" is not a page, a collection or a blog post the studio can edit.`,
    hint: "Name a file as the lists do: content/pages/<name>.json, content/collections/<name>.json or content/blog/posts/<slug>.md.",
  },
  StudioDocumentNotFound: {
    title: "No such document",
    message: (file: string) => `${file} does not exist.`,
    hint: "It may have been deleted or renamed: go back to the list of pages.",
  },
  StudioDraftNotFound: {
    title: "No draft",
    message: (file: string) => `${file} has no draft.`,
    hint: "It may have been published or discarded: open the page again.",
  },
  StudioDraftNotDocument: {
    title: "Not kept as a draft",
    message: (problem: string) => `This draft does not have the shape of the page, collection or post it is for, so it was not kept (${problem}).`,
    hint: "A draft is checked against its document's schema before it is kept (docs/studio.md, Drafts): send the document's value as the editor holds it.",
  },
  StudioDraftsPerPerson: {
    title: "Too many drafts",
    message: (limit: string) => `Your drafts have reached the most one person may keep (${limit}), so this change was not kept as a draft. Publish or discard drafts you no longer need, then type again: your change is still on this screen.`,
    hint: "The limits are DRAFT_LIMITS.perPerson in server/studio/documents/draft-limits.ts (docs/studio.md, Drafts).",
  },
  StudioDraftsFull: {
    title: "Drafts are full",
    message: (limit: string) => `Everyone's drafts together have reached the most the studio keeps (${limit}), so this change was not kept as a draft. Ask your colleagues to publish or discard drafts they no longer need.`,
    hint: "The limits are DRAFT_LIMITS.inTotal in server/studio/documents/draft-limits.ts (docs/studio.md, Drafts).",
  },
  StudioDraftChanged: {
    title: "The draft changed meanwhile",
    message: (file: string) => `Someone else changed the draft of ${file} since you last saw it, so yours was not kept over theirs.`,
    hint: "The editor merges their changes with yours and keeps the draft again; the answer holds the draft as it is now.",
  },
  StudioPreviewNotFound: {
    title: "No such preview link",
    message: "This document has no preview link with this id.",
    hint: "It may have been revoked already: list the document's preview links again.",
  },
  StudioPreviewUnavailable: {
    title: "Preview not available",
    message: "This server cannot render previews: its build has no renderer.",
    hint: "Serve a build made by npm run build (it keeps renderer/); a copied client/ folder alone cannot render drafts.",
  },

  // ---- Page editor: blocks pasted from the clipboard (src/editor/document/clipboard.ts) ----
  PasteNotBlocks: {
    title: "Nothing to paste",
    message: "The clipboard holds no blocks copied from a page editor.",
    hint: "Use Copy on a block in the outline (on any page, in any tab, or on another site built with this editor), then Paste here.",
  },
  PasteNewerVersion: {
    title: "Copied from a newer editor",
    message: (version: number) => `These blocks were copied from a newer version of the page editor (clipboard format ${version}), which this site cannot read yet.`,
    hint: "Update this site to the same version as the one they were copied from, or copy the blocks' texts by hand.",
  },
  PasteUnknownBlock: {
    title: "Block not available here",
    message: (type: string, position?: number) => `${position ? `Block ${position} of the copied ones` : "The copied block"} is of a kind this site does not have (${type}), so nothing was pasted.`,
    hint: "A developer adds the block type to this site (docs/blocks.md), or copy other blocks.",
  },
  PasteInvalidBlock: {
    title: "Block does not fit this site",
    message: (label: string, field: string | undefined, problem: string, position?: number) =>
      `${position ? `Block ${position} of the copied ones (${label})` : `The copied ${label} block`} does not fit this site's version of it${field ? `, at ${field}` : ""}: ${problem}. Nothing was pasted.`,
    hint: "It was probably copied from a site with a newer or older version of this block: change it there to fit, or add the block here and copy its texts.",
  },

  // ---- The publish gate: a page's draft as rendered, checked before it goes live (src/editor/publish-gate/) ----
  GateNoMainHeading: {
    title: "No main heading",
    message: "The page has no main heading (h1): search engines and screen-reader users look for it first to know what the page is about.",
    hint: "Give the first block a title: a Hero's or a Section heading's title is the page's main heading.",
  },
  GateSeveralMainHeadings: {
    title: "Several main headings",
    message: (count: number) => `The page has ${count} main headings (h1); one says best what the page is about.`,
    hint: "Keep one Hero or page title at the top; later sections' titles are headings of their own level.",
  },
  GateHeadingSkipped: {
    title: "A heading level is skipped",
    message: (text: string, level: number, before: number) => `The heading “${text}” is at level ${level} right after a level-${before} heading, so a screen reader's outline of the page has a gap.`,
    hint: "Give the block in between a heading (a section title), or move this block: headings go down one level at a time.",
  },
  GateEmptyLinkText: {
    title: "A link without text",
    message: (href: string) => `A link to ${href} has no text, so a screen reader announces only “link” and search engines learn nothing from it.`,
    hint: "Write the button's or link's label in its field.",
  },
  GateVagueLinkText: {
    title: "A link text that says little",
    message: (text: string, href: string) => `The link “${text}” (to ${href}) does not say where it goes when read on its own, as screen readers list links.`,
    hint: "Say what the visitor gets: “See our pricing” rather than “Click here”.",
  },
  GateImageWithoutAlt: {
    title: "A picture without a description",
    message: (src: string) => `A picture (${src}) has no alternative text and is not marked decorative.`,
    hint: "Describe the picture in its image field, or mark it decorative if it adds nothing to the text.",
  },
  GateTitleCut: {
    title: "Title cut short in search results",
    message: (width: number, max: number, px: number) => `The page's title is about ${width} px wide in search results (${px} px Arial), more than the ${max} px they show, so it ends in “…”.`,
    hint: "Shorten the title in Page settings: put the words that matter first.",
  },
  GateDescriptionCut: {
    title: "Description cut short in search results",
    message: (width: number, max: number, px: number) => `The description is about ${width} px wide in search results (${px} px Arial), more than the ${max} px they show.`,
    hint: "Shorten the description in Page settings to about 150 characters.",
  },
  GateDuplicateTitle: {
    title: "Same title as another page",
    message: (other: string) => `${other} has the same title, so search results cannot tell the two apart.`,
    hint: "Make the title say what only this page offers.",
  },
  GateDuplicateDescription: {
    title: "Same description as another page",
    message: (other: string) => `${other} has the same description.`,
    hint: "Write a description for this page's own content.",
  },
  GateShareImageMissing: {
    title: "Picture for shared links not found",
    message: (image: string) => `The page names ${image} as its picture for shared links, and the site has no such file, so a shared link shows no picture.`,
    hint: "Choose an image that exists in Page settings (Image), or leave it empty for the site's default.",
  },
  GateAccessibility: {
    title: "An accessibility problem in the preview",
    message: (help: string, element: string) => `${help}${element ? `: “${element}”` : ""}. An accessibility check (axe) of the preview found it; people using a screen reader, a keyboard or a magnifier may not get past it.`,
    hint: "The preview marks the element in red, and Show goes to its block: fix its text or setting there.",
  },
  GateLeftOutOfSearch: {
    title: "Page left out of search",
    message: "This page is set to stay out of search engines and the sitemap, and its published version is not.",
    hint: "If that is not what you want, turn off “Noindex” in Page settings.",
  },
  PublishGateStopped: {
    title: "Not published: the page has problems",
    message: (count: number) => `The page has ${count} problem${count === 1 ? "" : "s"} that stop publishing (listed in the Publish dialog).`,
    hint: "Fix them and publish again; an admin may publish anyway, giving a reason, which the audit log keeps.",
  },
  PublishUnanswered: {
    title: "No answer from the studio",
    message: "The connection to the studio's server was lost before it answered, so this publish may have gone through or not.",
    hint: "Check your connection, then publish again: if it went through, nothing is published twice. What you typed is kept in this tab.",
  },
  ScheduleUnanswered: {
    title: "No answer from the studio",
    message: "The connection to the studio's server was lost before it answered, so this page may have been scheduled or not.",
    hint: "Check your connection, then schedule again: if it was scheduled, it is not scheduled twice. What you typed is kept in this tab.",
  },
  ScheduleGateStopped: {
    title: "Not scheduled: the page has problems",
    message: (count: number) => `The page has ${count} problem${count === 1 ? "" : "s"} that stop publishing, now or later (listed below).`,
    hint: "Fix them and schedule again; an admin may schedule anyway, giving a reason, which the audit log keeps.",
  },
  PublishOverrideNotAllowed: {
    title: "Only an admin may publish anyway",
    message: "Publishing a page with problems, with a reason, is for admins.",
    hint: "Fix the problems, or ask an admin.",
  },

  // ---- Studio: publish, history and revert (server/studio/publish.ts, git.ts) ----
  StudioTreeDirty: {
    title: "Content changed outside the studio",
    message: (files: readonly string[]) => `The server's content has changes the studio did not make, so nothing was published: ${files.join(", ")}.`,
    hint: "Someone edited content files without committing them (on the server, or in the checkout local mode runs in). A developer should commit or discard them (git status content/), then publish again.",
  },
  StudioGitUnfinished: {
    title: "Content is in the middle of another change",
    message: (what: string) => `The content's git working copy is in the middle of ${what}, so nothing was published.`,
    hint: "A developer should finish or abort it (git status), then publish again.",
  },
  StudioChangedSince: {
    title: "Changed since your draft began",
    message: (file: string) => `${file} was published by someone else since your draft began, so yours was not published.`,
    hint: "The changes are listed field by field: reload to start again from the published version, or apply your changes on top of it, then publish.",
  },
  StudioFileExists: {
    title: "Already exists",
    message: (file: string) => `${file} already exists, so a new one cannot be published under that name.`,
    hint: "Choose another path for the new page, or open the existing one.",
  },
  StudioHasErrors: {
    title: "Not published",
    message: (count: number) => `The draft has ${count} error${count === 1 ? "" : "s"} with the rest of the site, so it was not published.`,
    hint: "Each error says where it is and how to fix it; nothing was written or committed.",
  },
  StudioVersionNotFound: {
    title: "No such version",
    message: (rev: string, file: string) => `${file} has no version ${rev} in its history.`,
    hint: "Pick a version from the file's history (GET /api/studio/history?file=…).",
  },
  StudioNoGit: {
    title: "Content is not in git",
    message: (root: string) => `The studio publishes by committing to git, but ${root} is not the top of a git working copy.`,
    hint: "Run the studio in the project's git checkout, or set CONTENT_ROOT to one (docs/studio.md, \"Publishing and history\").",
  },
  StudioCommitFailed: {
    title: "Not published",
    message: (reason: string) => `Git refused the commit, so nothing was published: ${reason}`,
    hint: "The file is as it was before. A developer should look at the content's git working copy on the server (a hook, a lock, the disk).",
  },

  // ---- Studio: submissions (server/studio/submissions-api.ts) ----
  StudioFormNotFound: {
    title: "No such form",
    message: (form: string) => `There is no form called "${form.slice(0, 80)}" and nothing stored under that name.`,
    hint: "Choose a form from the list of forms.",
  },
  StudioSubmissionNotFound: {
    title: "No such submission",
    message: "There is no submission with this id.",
    hint: "It may have been erased or removed by the retention: go back to the form's list.",
  },
  StudioFileNotFound: {
    title: "No such file",
    message: "There is no stored file with this id.",
    hint: "It may have been erased with its submission: open the submission again.",
  },
  StudioEraseNotConfirmed: {
    title: "Not erased",
    message: "The two email addresses differ, so nothing was erased.",
    hint: "Type the same address twice: the second time confirms whose data is erased.",
  },

  // ---- Server: configuration (refuses the start) --------------------------------------------
  InvalidPort: {
    title: "Invalid PORT",
    message: (value: string | undefined) => `PORT must be a whole number from 0 to 65535, not "${value}".`,
    hint: "Unset PORT for 3000, or set a free port number.",
  },
  InvalidRateLimit: {
    title: "Invalid FORM_RATE_LIMIT",
    message: (value: string | undefined) =>
      `FORM_RATE_LIMIT must be a whole number of submissions per minute (0 turns it off), not "${value}".`,
    hint: "Unset it for the default of 10 a minute.",
  },
  InvalidSmtpUrl: {
    title: "Invalid SMTP_URL",
    message: () => "SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:password@mail.example.com:587.",
    hint: "Unset SMTP_URL to keep notifications in the outbox until mail is configured.",
  },
  AdminNotLoopback: {
    title: "The admin must listen on a loopback address",
    message: (host: string) =>
      `ADMIN=1 turns on the blog admin, which writes files, so the server must listen on a loopback address, not HOST="${host}".`,
    hint: "Unset HOST (the default is 127.0.0.1) or set HOST=127.0.0.1; for a public server, build and start without ADMIN=1.",
  },
  InvalidTrustProxy: {
    title: "Invalid TRUST_PROXY",
    message: (value: string, problem: string) => `TRUST_PROXY="${value}" is not usable: ${problem}.`,
    hint:
      'Give the proxies\' addresses or ranges, comma-separated (TRUST_PROXY=10.0.0.5,10.1.0.0/16, or "loopback"), ' +
      "or the number of proxies in front of the server (TRUST_PROXY=1).",
  },
  InvalidNumberSetting: {
    title: "Invalid number setting",
    message: (name: string, value: string, rule: string) => `${name} must be ${rule}, not "${value}".`,
    hint: "Unset it for the default (docs/forms.md lists every setting).",
  },
  InvalidDatabaseUrl: {
    title: "Invalid DATABASE_URL",
    message: (redacted: string) => `DATABASE_URL "${redacted}" is neither a SQLite file (file:./data/site.db) nor postgres://.`,
    hint: "Use file:./data/site.db (the default), a path, or postgres://user:password@host/database.",
  },
  InvalidCorsOrigin: {
    title: "Invalid CORS_ORIGIN",
    message: (value: string) => `CORS_ORIGIN must be an origin such as https://www.example.com (scheme, host and port only, no path or trailing slash), not "${value}".`,
    hint: "Set it to the origin of the static host whose pages post forms here, or unset it (docs/deploy.md).",
  },
  InvalidSiteUrl: {
    title: "Invalid SITE_URL",
    message: (value: string) => `SITE_URL must be the site's address starting with https:// (or http://), such as https://www.example.com, not "${value}".`,
    hint: "It is the base of the studio's invitation links; unset, they use the address each request came to.",
  },
  InvalidWebhookSecret: {
    title: "Invalid WORDPRESS_WEBHOOK_SECRET",
    message: (minLength: number) => `WORDPRESS_WEBHOOK_SECRET must be at least ${minLength} characters without spaces.`,
    hint: 'Generate one with "openssl rand -hex 32" and give WordPress the same value (docs/deploy.md).',
  },
  InvalidPollSeconds: {
    title: "Invalid WORDPRESS_POLL_SECONDS",
    message: (value: string) => `WORDPRESS_POLL_SECONDS must be a whole number of seconds, 5 or more (0 turns polling off), not "${value}".`,
    hint: "30 asks WordPress twice a minute; a webhook (WORDPRESS_WEBHOOK_SECRET) needs no polling at all.",
  },
  DatabaseNotPrepared: {
    title: "The database could not be prepared",
    message: (target: string, reason: string) => `Could not prepare the database (${target}): ${reason}`,
    hint: "Check that the database is running and DATABASE_URL is right; the server creates and migrates its tables itself.",
  },

  // ---- Server: at run time (logged) ---------------------------------------------------------
  DatabaseUnavailable: {
    title: "The database does not answer",
    message: () => "The database did not answer in time or refused the connection.",
    hint: "The request is answered 503; GET /readyz says when the database is back.",
  },
  NotificationNotBuilt: {
    title: "A notification could not be written",
    message: (reason: string) => `The submission is stored, but its notification could not be written: ${reason}`,
    hint: "The outbox keeps it as a dead letter (npm run submissions -- outbox); read the submission in the export.",
  },
  OutboxCorruptRow: {
    title: "An outbox row cannot be read",
    message: (reason: string) => `The stored notification cannot be read: ${reason}`,
    hint: "It was set aside as a dead letter; the other messages are sent as usual.",
  },
  OutboxRefused: {
    title: "The mail server refused a notification",
    message: (reason: string) => `The mail server refused the message for good: ${reason}`,
    hint: "It is a dead letter now; fix the cause (the address, the mail account), then npm run submissions -- outbox retry.",
  },
  OutboxGaveUp: {
    title: "A notification was given up",
    message: (attempts: number, reason: string) => `Sending failed ${attempts} times; the last error: ${reason}`,
    hint: "It is a dead letter now; once mail works again, npm run submissions -- outbox retry.",
  },
  OutboxMaybeDuplicate: {
    title: "A notification may be sent twice",
    message: () => "A sender stopped while sending this message (a crash or a kill), so the mail server may already have it.",
    hint: "Nothing to do: the copy carries the same Message-ID, which mail programs use to show it once.",
  },

  // ---- Server: builds and incremental rebuilds (server/build) -------------------------------
  NoBuild: {
    title: "No build to run",
    message: (buildDir: string, file: string) => `There is no ${file} in ${buildDir}/: nothing has been built there yet.`,
    hint: "Build first with the same ADMIN and BUILD_DIR (npm run build), or run npm start, which builds and then serves.",
  },
  NotAReleaseLink: {
    title: "Not a release",
    message: (buildDir: string) => `${buildDir} is a folder, not a link to a release under ${buildDir}-releases/, so it cannot be rebuilt incrementally.`,
    hint: "Build with npm run build, which writes releases, before rebuilding incrementally.",
  },
  ReleasesLocked: {
    title: "Another build is writing a release",
    message: (holder: string) => `The releases are locked by ${holder}.`,
    hint: "Wait for it to finish; a lock left by a process that died is taken over (after 30 minutes on another host).",
  },
  NoRenderer: {
    title: "No server build to render with",
    message: (file: string) => `The release has no server build at ${file}.`,
    hint: "Run the full build (npm run build) once; every release it writes keeps one.",
  },
  RendererNotRecognised: {
    title: "Unrecognised server build",
    message: (file: string) => `${file} does not look like a React Router server build exporting src/entry.server.tsx's rebuildKit.`,
    hint: "If React Router was upgraded, update server/build/rebuild.ts (it renders as React Router's prerender does), then run the full build.",
  },
  RenderFailed: {
    title: "A page could not be rendered",
    message: (page: string, what: string, status: number, body: string) => `Rendering ${page} (${what}) answered ${status}: ${body}`,
    hint: "If React Router was upgraded, check that server/build/rebuild.ts still renders as its prerender does; otherwise run the full build to see the error in context.",
  },

  // ---- Server: npm run submissions ----------------------------------------------------------
  CliUsage: {
    title: "Wrong use of npm run submissions",
    message: (problem: string) => problem,
    hint: "Run npm run submissions without arguments to see its usage.",
  },

  // ---- i18n-hindi: translated collections and site config, npm run content:translate ---------
  SourceNotTranslated: {
    title: "Not translated",
    message: (locale: string, count: number, fallback: string) => `No ${locale} translation of this file: its ${count} text${count === 1 ? "" : "s"} are shown in ${fallback}.`,
    hint: (_locale: string, _count: number, _fallback: string, file: string) => `Translate it in ${file} (npm run content:translate -- <locale> --stub writes its entries for you to fill).`,
  },
  TranslationForUnknownCollection: {
    title: "Translation of a collection that is not translated",
    message: (name: string, translated: readonly string[]) => `"${name}" is not a collection translated text by text; those are ${translated.join(", ")}.`,
    hint: "Rename the file after one of them, or remove it.",
  },
  TranslationOrphanedItem: {
    title: "Orphaned translation",
    message: (what: string) => `${what} translates a text the file no longer has.`,
    hint: "Remove it (or, if the item's id changed, move it under the new id).",
  },
  UnknownBlogLocale: {
    title: "Posts for an unknown locale",
    message: (folder: string) => `${folder}/ holds posts, but its name is not a locale to translate into.`,
    hint: "A folder of content/blog/posts/ is a locale's own posts: name it after a locale of content/locales.json other than the default, or move its posts up to content/blog/posts/.",
  },
  LegalNotTranslated: {
    title: "Legal document not translated",
    message: (locale: string, fallback: string) => `No ${locale} translation of this document: its pages in ${locale} show it in ${fallback}, as a fallback.`,
    hint: (_locale: string, _fallback: string, file: string, hash: string) =>
      `Translate it in ${file}: the same frontmatter and text in the locale, with "source: ${hash}" (the hash of the text translated).`,
  },
  LegalTranslationStale: {
    title: "Stale translation",
    message: (locale: string) => `The ${locale} translation was made from an earlier text of this document, which has changed since.`,
    hint: (_locale: string, hash: string) => `Bring the translation up to date with the document, then set its "source" to ${hash}.`,
  },
  PageInFallback: {
    title: "Page not indexed in its locale",
    message: (path: string, locale: string, percent: number, titleTranslated: boolean, fallback: string, needed: number) =>
      `${path} is a fallback, not indexed: ${titleTranslated ? "" : "its title is not translated, and "}${percent} % of its text is in ${locale} (a page needs its title and ${needed} % of its text, counted with what its blocks show from a legal document, a post or a collection; the navigation and footer count for no page). It says it is shown in ${fallback}, and search engines are sent to its source.`,
    hint: "Translate the missing texts listed for this page (or its legal document), and the page is indexed again. npm run content:check -- --strict fails while a page with a translation is a fallback.",
  },
  SharedTextsUntranslated: {
    title: "Shared texts not translated",
    message: (locale: string, count: number, shownIn: string, words: string) =>
      `${count} ${count === 1 ? "text" : "texts"} of the navigation, footer or blog taxonomy ${count === 1 ? "is" : "are"} shown in ${shownIn} on every ${locale} page: ${words}. They are marked as ${shownIn} there, and no page leaves the index for them.`,
    hint: "Translate them in the site config's and the blog taxonomy's translations (the page list's Site-wide texts). npm run content:check -- --strict fails until then.",
  },
  TranslateUsage: {
    title: "Wrong use of npm run content:translate",
    message: (problem: string) => problem,
    hint: "Run npm run content:translate -- <locale> --stub, where <locale> is a locale of content/locales.json other than the default.",
  },

  // ---- Several hosts: CONTENT_GIT_REMOTE push, POST /api/hooks/git pull (server/hosts/) ----
  InvalidGitRemote: {
    title: "Invalid CONTENT_GIT_REMOTE",
    message: (value: string) => `CONTENT_GIT_REMOTE must be the name of a remote of the content's git working copy (such as origin), not "${value.slice(0, 80)}".`,
    hint: "Add the remote in CONTENT_ROOT (git remote add origin <url>; its credentials stay in git's configuration) and set CONTENT_GIT_REMOTE=origin (docs/studio.md, \"Several hosts\").",
  },
  InvalidGitWebhookSecret: {
    title: "Invalid GIT_WEBHOOK_SECRET",
    message: (minLength: number) => `GIT_WEBHOOK_SECRET must be at least ${minLength} characters without spaces.`,
    hint: 'Generate one with "openssl rand -hex 32" and give whatever calls the hook the same value (docs/deploy.md).',
  },
  GitWebhookNeedsRemote: {
    title: "GIT_WEBHOOK_SECRET without CONTENT_GIT_REMOTE",
    message: "POST /api/hooks/git pulls from CONTENT_GIT_REMOTE, which is not set.",
    hint: "Set CONTENT_GIT_REMOTE to the remote the studio pushes to (such as origin), or unset GIT_WEBHOOK_SECRET.",
  },
  GitHookUnauthorised: {
    title: "Not authorised",
    message: "The git webhook needs Authorization: Bearer followed by GIT_WEBHOOK_SECRET.",
    hint: "Send the secret this host was started with; nothing was pulled.",
  },
  GitHookTooLarge: {
    title: "Too large",
    message: (kib: number) => `The git webhook takes a body of ${kib} KiB at most, and reads none of it.`,
    hint: "Send an empty body: the hook needs only the Authorization header.",
  },
  ContentHistoryDiverged: {
    title: "Content history diverged",
    message: (head: string, remote: string, theirs: string) =>
      `This host's content (at ${head.slice(0, 7)}) has commits ${remote} (at ${theirs.slice(0, 7)}) does not, and ${remote} has commits it does not: it cannot fast-forward, so nothing was pulled, and nothing more will be until this is resolved.`,
    hint: (_head: string, remote: string) => `In CONTENT_ROOT on this host, compare them (git log --graph HEAD ${remote}), then merge so that one contains the other and push the merge; the next hook pulls again. Nothing is ever force-pushed or rewritten.`,
  },
  ContentPushDiverged: {
    title: "Published changes are not reaching the other hosts",
    message: (remote: string, count: number) =>
      `${remote} refused the studio's ${count} commit${count === 1 ? "" : "s"}: it holds commits the studio's content does not (the histories diverged). Publishing is stopped until this is resolved.`,
    hint: "A developer merges the remote's branch into the studio's checkout (git pull --no-rebase, never a forced push); the studio then pushes on its own and publishing starts again.",
  },
  ContentPullFailed: {
    title: "Nothing pulled",
    message: (reason: string) => `Git could not bring the content up to date: ${reason}`,
    hint: "This host serves what it served before. Check the remote can be reached from it and that CONTENT_ROOT has no uncommitted changes (git status), then call the hook again.",
  },

  // ---- Studio: the audit log (server/studio/audit.ts, npm run audit) -------------------------
  AuditCliUsage: {
    title: "Wrong use of npm run audit",
    message: (problem: string) => problem,
    hint: "Run npm run audit without arguments to see its usage.",
  },

  // ---- Studio: scheduled publishing (server/studio/schedules*.ts, src/editor/ui/SchedulePublish.tsx) ----
  StudioScheduleInPast: {
    title: "That time has passed",
    message: (at: string) => `A publish cannot be scheduled for ${at}: that time has already passed.`,
    hint: "Choose a time in the future, or publish now.",
  },
  StudioScheduleNotFound: {
    title: "No such schedule",
    message: "There is no scheduled publish with this id.",
    hint: "Reload the list of scheduled publishes.",
  },
  StudioScheduleNotPending: {
    title: "Not cancelled",
    message: (state: string) => `This scheduled publish is ${state}, so it can no longer be cancelled.`,
    hint: "Reload the list of scheduled publishes to see what happened to it.",
  },
  StudioScheduleChangedSince: {
    title: "Not published: changed since it was scheduled",
    message: (file: string) => `${file} was published by someone else after this publish was scheduled, so the scheduled version was not published over it.`,
    hint: "Open the page, look at what changed, and publish or schedule your changes again.",
  },
  StudioScheduleImageGone: {
    title: "Not published: an image was deleted",
    message: (images: readonly string[]) =>
      `The page shows ${images.map((id) => `“${id}”`).join(", ")}, deleted from the media library after this publish was scheduled, so nothing was published.`,
    hint: "Choose another image on the page, or upload it again, then publish or schedule the page again.",
  },
  StudioScheduleGaveUp: {
    title: "Not published",
    message: (attempts: number) => `The scheduled publish was tried ${attempts} times and did not finish, so it was given up.`,
    hint: "The studio's server log says what stopped it. Publish or schedule the page again.",
  },
  ScheduleNoTime: {
    title: "No time chosen",
    message: "Choose a date and a time.",
    hint: "The page is published then, in the site's time zone named beside the fields.",
  },
  StudioScheduleNoDraft: {
    title: "Nothing to schedule",
    message: "This page has no unpublished changes, so there is nothing to publish later.",
    hint: "Make your changes first; they are kept as a draft until the time you choose.",
  },

  // ---- The review workflow (issue 36): server/studio/reviews.ts -------------------------------
  StudioReviewNoDraft: {
    title: "Nothing to review",
    message: (_file: string) => "This page has no unpublished changes, so there is nothing to send for review.",
    hint: "Make your changes first: they are kept as a draft, which is what the reviewer sees.",
  },
  StudioReviewWaiting: {
    title: "Already waiting for review",
    message: (_file: string) => "This page's draft is already waiting for review. Your later changes are in it: the reviewer sees the draft as it is now.",
    hint: "Wait for the answer, or withdraw it from review and send it again with a new note.",
  },
  StudioReviewNotFound: {
    title: "No such review",
    message: "There is no review with this id.",
    hint: "Reload the studio home to see what waits for review.",
  },
  StudioReviewNotYours: {
    title: "Not your review",
    message: "Only the person who sent a draft for review can withdraw it.",
    hint: "Ask them, or an editor, who can publish it or send it back.",
  },
  StudioReviewNotWaiting: {
    title: "No longer waiting",
    message: (state: string) => `This review is no longer waiting: it was ${state === "returned" ? "sent back" : state === "published" ? "published" : "withdrawn"} already.`,
    hint: "Reload to see its answer.",
  },

  // ---- i18n-routes (issue 26): UI string catalogues ------------------------------------------
  UiStringsNotTranslated: {
    title: "UI strings not translated",
    message: (locale: string, count: number, fallback: string) => `No ${locale} catalogue of the UI strings: its ${count} texts are shown in ${fallback}.`,
    hint: (_locale: string, _count: number, _fallback: string, file: string) => `Translate them in ${file} (the keys and English texts are in src/page/ui-strings.ts).`,
  },
  UiStringUnknown: {
    title: "Unknown UI string",
    message: (key: string) => `"${key}" is not a text of the runtime, so it is never shown.`,
    hint: "Remove it, or rename it after a key of src/page/ui-strings.ts.",
  },
  UiStringWithoutOther: {
    title: "Plural or select without other",
    message: (names: readonly string[]) => `The choice on ${names.map((n) => `{${n}}`).join(", ")} has no "other" case, used for every value no other case names.`,
    hint: "Add an other {…} case to it.",
  },

  // ---- i18n-routes (issue 26): a locale's own blog posts, translated page paths -------------
  UnknownPostTranslationKey: {
    title: "Unknown translation key",
    message: (key: string, locale: string) => `translationKey "${key}" names no published post of the default locale, so this ${locale} post translates nothing.`,
    hint: "Set it to the file name of the post this one translates (content/blog/posts/<slug>.md, without .md), or leave it out for a post only in this language.",
  },
  DuplicatePostTranslation: {
    title: "Two translations of one post",
    message: (key: string, locale: string, other: string) => `This post and ${other} are both the ${locale} translation of "${key}"; a post has one translation per locale.`,
    hint: "Keep one of them, or give the other a translationKey of its own (a post of its own, only in this language).",
  },
  TranslatedPathInvalid: {
    title: "Translated path not possible",
    message: (path: string, source: string, reason: string) => `The path ${path} cannot stand for ${source}: ${reason}.`,
    hint: 'Give a template page a path with its ":id" (as its source has), any other page one without; the home page keeps its locale\'s prefix (leave "path" out).',
  },
  TranslatedPathTaken: {
    title: "Translated path taken",
    message: (path: string, other: string) => `${path} is already the path of ${other} in this locale.`,
    hint: "Give this page another path in this locale, or leave its \"path\" out to keep the source's.",
  },
  PostAddressTaken: {
    title: "Post address taken",
    message: (locale: string, other: string) => `This post has the slug of ${other}, a post it does not translate: in ${locale} both would have the same address.`,
    hint: "Rename this file, or set its translationKey to that post's file name if it is its translation.",
  },
  // ---- Media (issue 38): images as content, intake, variants (schemas/media.ts, src/runtime/media/) ----
  UnknownMediaAsset: {
    title: "Unknown image",
    message: (id: string, _known: readonly string[]) => `No image of the media library has the id "${id}".`,
    hint: (_id: string, known: readonly string[]) =>
      `${known.length ? `Choose one of the library's images (${known.join(", ")}), or publish` : "Publish"} the image on the studio's Media screen first if it was just uploaded; from a terminal, npm run media -- add <file> --id <id> --alt "…" adds one.`,
  },
  ImageAltMissing: {
    title: "Image without alt text",
    message: (id: string) => `The image "${id}" has no alt text here or in the media library, and is not marked decorative.`,
    hint: 'Describe what it shows in "alt" (here or in the image\'s own entry), or set "decorative": true if it only decorates.',
  },
  AltTextIsFileName: {
    title: "Alt text is a file name",
    message: (alt: string) => `"${alt}" is a file name, which tells a screen reader's listener nothing about the image.`,
    hint: "Describe what the image shows, in a short sentence.",
  },
  MediaVariantTooLarge: {
    title: "Image heavier than the budget",
    message: (id: string, variant: string, kb: number, budget: number) => `A served size of the image "${id}" (${variant}) weighs ${kb} kB, over the ${budget} kB budget.`,
    hint: "Use a smaller or simpler image, crop it, or accept the slower page if this image is worth it.",
  },
  MediaTypeNotSupported: {
    title: "Not an image we accept",
    message: (found: string) => `This file is not a JPEG, PNG, WebP, AVIF, GIF or SVG image (its content looks like ${found}).`,
    hint: "Export the image as JPEG, PNG, WebP, AVIF, GIF or SVG; the file name's extension does not decide its type, its content does.",
  },
  MediaFileTooLarge: {
    title: "Image file too large",
    message: (mb: number | undefined, limit: number) => `The file is ${mb === undefined ? `over ${limit}` : mb} MB; images up to ${limit} MB are accepted.`,
    hint: "Export it smaller (a width of 2500 pixels is plenty for any page) and add it again.",
  },
  MediaTooManyPixels: {
    title: "Image too large",
    message: (megapixels: number, limit: number) => `The image has ${megapixels} megapixels; images up to ${limit} megapixels are accepted.`,
    hint: "Scale it down (a width of 2500 pixels is plenty for any page) and add it again.",
  },
  MediaUnreadable: {
    title: "Image cannot be read",
    message: (problem: string) => `The image is damaged or incomplete: ${problem}.`,
    hint: "Open it in an image editor, export it again and add that file.",
  },
  MediaIdTaken: {
    title: "Image id taken",
    message: (id: string) => `The media library already has an image with the id "${id}".`,
    hint: "Choose another id with --id, or add --replace to replace that image (pages using it then show the new one).",
  },
  MediaOriginalMissing: {
    title: "Image file missing",
    message: (id: string, key: string) => `The image "${id}" has an entry in the media library, but its file (${key}) is not in the media store.`,
    hint: "Add the image again with npm run media -- add, or restore its file; with MEDIA_STORE set, check the bucket.",
  },
  MediaOriginalChanged: {
    title: "Image file changed",
    message: (id: string) => `The file of the image "${id}" is not the one its entry describes (its content hash differs).`,
    hint: "Add the image again with npm run media -- add <file> --id <id> --replace, so its entry describes it.",
  },
  MediaStoreUnavailable: {
    title: "Media store unavailable",
    message: (store: string, problem: string) => `The media store (${store}) could not be reached: ${problem}.`,
    hint: "Check MEDIA_STORE, MEDIA_S3_ENDPOINT and the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), and that the bucket exists.",
  },
  MediaStoreSetting: {
    title: "Invalid media store setting",
    message: (value: string) => `MEDIA_STORE is "${value}", which is neither "disk" nor an s3://bucket[/prefix] address.`,
    hint: "Leave MEDIA_STORE unset to keep images in content/media/, or set it to s3://<bucket>[/<prefix>] with MEDIA_S3_ENDPOINT for a store other than AWS.",
  },
  MediaEmptyFile: {
    title: "Empty file",
    message: () => "The file is empty (0 bytes): nothing arrived to add.",
    hint: "Choose the image again; if it is on a cloud drive, download it to this device first.",
  },
  MediaFileNameRefused: {
    title: "File name not accepted",
    message: () => "The file's name holds a folder path or invisible control characters, so it was not added.",
    hint: "Rename the file to plain words (for example team-at-work.jpg) and add it again.",
  },
  StudioMediaNoFiles: {
    title: "No image received",
    message: (problem: string) => `No image arrived with the upload: ${problem}.`,
    hint: "Choose or drop one or more image files (at most 20 at a time), then upload them.",
  },
  StudioMediaNotFound: {
    title: "No such image",
    message: (id: string) => `The media library has no image "${id}".`,
    hint: "It may have been deleted meanwhile: open the Media screen again to see the library as it is now.",
  },
  StudioMediaFileNotFound: {
    title: "No such file of this image",
    message: (id: string, name: string) => `The image "${id}" is not shown as "${name}": no page could name that file of its picture as it is now.`,
    hint: "The page editor's preview asks for the files by itself: open the page again to see the image as it is now (a new picture may have replaced it meanwhile).",
  },
  StudioMediaInUse: {
    title: "Image still in use",
    message: (count: number) => `This image is used in ${count} ${count === 1 ? "place" : "places"}, so it was not deleted.`,
    hint: "Choose another image in each place listed (or remove it there) and publish those pages, then delete it.",
  },
  StudioMediaNothingToPublish: {
    title: "Nothing to publish",
    message: (id: string) => `The image "${id}" has no unpublished changes.`,
    hint: "Upload an image or change its description first; published images need no publishing.",
  },
  StudioMediaReplaceUnchecked: {
    title: "Check the alt text and focal point",
    message: (id: string) => `The new picture for "${id}" shows something else than the old one, so its alt text and focal point must be set for it.`,
    hint: "Look at the new picture, then describe it in the alt text and click where the eye should go before replacing.",
  },
  StudioMediaReplaceDuplicate: {
    title: "Picture already in the library",
    message: (other: string) => `This picture is already in the library as “${other}”, so it was not used for this image.`,
    hint: "Use that image in the pages instead, or choose another file.",
  },
  StudioMediaVersionNotFound: {
    title: "No such version",
    message: (id: string, rev: string) => `The image "${id}" has no published version ${rev}.`,
    hint: "Pick a version from the image's history on its page of the Media screen.",
  },
  StudioMediaPictureGone: {
    title: "Earlier picture not kept",
    message: (id: string) => `The picture "${id}" had in that version is no longer stored, so that version cannot be restored.`,
    hint: "Upload that picture again with Replace the picture, or restore a version with the picture it has now.",
  },
  MediaUsage: {
    title: "Wrong use of npm run media",
    message: (problem: string) => problem,
    hint: 'Run npm run media -- add <file> --alt "What it shows" [--id <id>] [--credit "…"] [--licence "…"] [--decorative-only] [--replace].',
  },
});

export type ErrorCode = keyof typeof errors;

/** "{a} and {b}", or "no placeholder". */
function list(placeholders: readonly string[]): string {
  if (placeholders.length === 0) return "no placeholder";
  const named = placeholders.map((p) => `{${p}}`);
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}
export type { ErrorData } from "./define.ts";
