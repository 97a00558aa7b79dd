/**
 * The form API: `POST /api/<form>` for every form in build/forms.json whose endpoint is on
 * this site. Each submission is validated with the same schema the browser uses
 * (src/forms/values.ts), stored durably, and only then acknowledged. Every answer, good or
 * bad, is JSON `{ success, error?, fields? }` with `Cache-Control: no-store`, except for a
 * form the browser posted itself without JavaScript (urlencoded), which gets the same
 * result as a small HTML page (./form-result-page.ts).
 *
 * Encapsulated (not fastify-plugin): its error handler, hooks and rate limit apply to the
 * API routes only, never to the pages.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { emailField, fileFields, longestValue, type ResolvedForm } from "../../schemas/forms.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { type FieldErrorCode, FieldErrors, fieldErrors } from "../../src/forms/field-errors.ts";
import { type FormTexts, formText, isVisitorRefusal, refusalKey, SOURCE_FORM_TEXTS } from "../../src/page/form-strings.ts";
import { plainLabel } from "../../schemas/form-label.ts";
import { type FormAnswer, type FormErrorCode, fieldErrorCode, HONEYPOT, valuesSchema } from "../../src/forms/values.ts";
import type { FormsManifest } from "../../src/runtime/build.server.ts";
import { notificationFor, notifies } from "../notify/messages.ts";
import { fileRefusals, MULTIPART, readMultipart } from "./form-multipart.ts";
import { FormRefusal, formStatus, refusal } from "./form-refusals.ts";
import { repeatableNames, repeatsInJson } from "./form-repeats.ts";
import { mediaType, parseUrlencoded, URLENCODED, utf8, wantsPage, withDeadline } from "./form-request.ts";
import type { FormInLocale } from "./form-in-locale.ts";
import { formResultPage } from "./form-result-page.ts";
import { errorSummary } from "../notify/outbox.ts";
import { isDatabaseUnavailable } from "../storage/database.ts";
import { spendChallenge } from "../storage/pow-replays.ts";
import { registerClientRateLimit } from "./client-rate-limit.ts";
import { POW_FIELD } from "../../schemas/form-names.ts";
import { checkPow, POW_FIELD_LENGTH, powChallenge } from "./form-pow.ts";
import { type FileRef, type NewFile, normalizeEmail, storeSubmission } from "../storage/submissions.ts";

type FormErrorData = ErrorData & { code: FormErrorCode };

/** The rate limit's budget for proof-of-work challenges, every form's together, apart from the submissions'. */
const CHALLENGES = "pow-challenges";

export interface FormsPluginOptions {
  buildDir: string;
  /** Submissions per client IP per minute; 0 turns the limit off. */
  rateLimit: number;
  /** Milliseconds a form's body may take to arrive once its headers have (server/app.ts). */
  bodyTimeout: number;
  /** HMAC key of the proof-of-work challenges (FORMS_POW_SECRET); a random one for this process when unset. */
  powSecret?: string;
}

export interface ServedForm extends FormInLocale {
  endpoint: string;
  /** Largest body a legitimate submission can have; anything bigger gets 413. */
  bodyLimit: number;
  /** Identifies the fields and wording the person saw (a newsletter subscriber's consent version). */
  formVersion: string;
  /** The form on the pages of each other built locale, by code (build/forms.json `inLocale`). */
  inLocale: ReadonlyMap<string, FormInLocale>;
}

/** Reads build/forms.json: every form of the site, wherever it posts. */
export function readFormsManifest(buildDir: string): FormsManifest {
  const file = path.join(buildDir, "forms.json");
  if (!existsSync(file)) throw new Error(`No form definitions found at ${file}. Run "npm run build" first.`);
  return JSON.parse(readFileSync(file, "utf8")) as FormsManifest;
}

/**
 * The locale of the page a submission came from, on a site of several (src/forms/endpoint.ts
 * withLocale: `?locale=hi`; none: the default). A code the build does not have is not
 * believed: the submission is stored without one rather than refused, since the visitor did
 * nothing wrong (an old page, a hand-made link).
 */
export function submissionLocale(manifest: Pick<FormsManifest, "locales">, query: unknown): { code: string; name: string } | undefined {
  const locales = manifest.locales ?? [];
  if (locales.length < 2) return undefined;
  const asked = (query as { locale?: unknown } | undefined)?.locale;
  if (asked === undefined) return locales[0];
  return locales.find((l) => l.code === asked);
}

/** Forms may post elsewhere (an https:// endpoint); only /api/<name> is ours to answer. */
export const isServedHere = (form: ResolvedForm) => /^\/api\/[a-z-]+$/.test(form.endpoint);

/**
 * Every form posting to /api/<name>, with its schema: each is served, and stored in the one
 * submissions table. Builds the schemas, so only the form API calls it (the rest reads the manifest).
 */
export function loadServedForms(buildDir: string): { manifest: FormsManifest; served: ServedForm[] } {
  const manifest = readFormsManifest(buildDir);
  const served: ServedForm[] = [];
  const defaultLang = manifest.locales?.[0]?.code ?? "en";
  for (const form of manifest.forms.filter(isServedHere)) {
    const inLocale = new Map<string, FormInLocale>();
    for (const [code, { lang, dir, strings, forms }] of Object.entries(manifest.inLocale ?? {})) {
      const local = forms.find((f) => f.id === form.id);
      // Checked against the locale's texts; its fields are the default's (forms/resolve.ts), so it takes the same values.
      const texts = { locale: lang, strings };
      if (local) inLocale.set(code, { form: local, schema: valuesSchema(local, texts), texts, lang, dir });
    }
    served.push({
      form,
      endpoint: form.endpoint,
      schema: valuesSchema(form),
      texts: SOURCE_FORM_TEXTS,
      lang: defaultLang,
      dir: "ltr",
      inLocale,
      bodyLimit: bodyLimitFor(form),
      formVersion: createHash("sha256").update(JSON.stringify(form)).digest("hex").slice(0, 12),
    });
  }
  return { manifest, served };
}

/**
 * The most bytes a legitimate submission can take: every field at its maximum length (and
 * the honeypot's 200), each character written the longest way a client may write it, plus
 * room for the keys. That is 9 bytes: a 3-byte UTF-8 character percent-encoded, as a browser
 * without JavaScript sends Hindi text ("%E0%A4%85"); JSON's \uXXXX escapes take 6 (12 for an
 * astral pair, which counts as 2 characters). A 5,000-character message fits however it is
 * encoded; a flood does not.
 */
export const BYTES_PER_CHARACTER = 9;
export function bodyLimitFor(form: ResolvedForm): number {
  const chars = form.fields.reduce((sum, f) => sum + longestValue(f), 200 + (form.proofOfWork ? POW_FIELD_LENGTH : 0));
  return Math.max(4096, chars * BYTES_PER_CHARACTER + 2048);
}

export async function formsPlugin(app: FastifyInstance, { buildDir, rateLimit: perMinute, bodyTimeout, powSecret }: FormsPluginOptions) {
  const { manifest, served } = loadServedForms(buildDir);
  let powKey = powSecret;
  if (!powKey && served.some((s) => s.form.proofOfWork)) {
    powKey = randomBytes(32).toString("hex");
    app.log.warn("forms: FORMS_POW_SECRET is not set, so this process signs proof-of-work challenges with its own random key: set it when several processes serve the forms, or a challenge from one is refused by another");
  }

  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  const byEndpoint = new Map(served.map((entry) => [entry.endpoint, entry]));
  /** The form as the page it was sent from shows it: in the locale its `?locale=` names. */
  const inPageLocale = (request: FastifyRequest, entry: ServedForm): FormInLocale => {
    const code = submissionLocale(manifest, request.query)?.code;
    return (code !== undefined && entry.inLocale.get(code)) || entry;
  };
  /** JSON, or the result page when the visitor's browser posted the form itself; in the page's language either way. */
  const respond = (request: FastifyRequest, reply: FastifyReply, status: number, result: FormAnswer) => {
    const entry = byEndpoint.get(request.routeOptions.url ?? "");
    if (!entry) return reply.code(status).send(result);
    const local = inPageLocale(request, entry);
    const answer = inLanguage(result, local);
    if (!wantsPage(request)) return reply.code(status).send(answer);
    const page = formResultPage(local, answer, backTo(request), manifest.agency.name);
    return reply.code(status).type("text/html; charset=utf-8").send(page);
  };
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: FormErrorData) => respond(request, reply, formStatus[error.code], refusal(error));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: errorSummary(error) }, "form submission failed");
    // Fastify closes the connection after a body it could not read (too large, too slow).
    return refuse(request, reply, formErrorOf(error));
  });

  // A body that trickles in (a byte a second) is cut off, and answered like any refusal. A
  // multipart body (a form with a file) is read by its own reader from the request itself,
  // within the server's request timeout (DEFAULT_TIMEOUTS.request): a 5 MB file takes longer.
  app.addHook("preParsing", async (request, _reply, payload) => (mediaType(request) === MULTIPART ? payload : withDeadline(payload, bodyTimeout)));

  // Limits are set per form when a body is read (./form-multipart.ts); these hold for anything else.
  await app.register(multipart, { limits: { files: 0, fields: 0, parts: 0, fileSize: 0 } });

  if (perMinute > 0) await registerClientRateLimit(app, { name: "forms", perMinute, counting: "submissions", message: () => errors.FormRateLimited().message });

  // The names each form lets come several times (./form-repeats.ts), by endpoint.
  const repeatable = new Map(served.map(({ endpoint, form }) => [endpoint, repeatableNames(form)]));
  const repeatableHere = (request: FastifyRequest) => repeatable.get(request.routeOptions.url ?? "");

  // JSON must be UTF-8 (RFC 8259): bytes that are not are refused, never read as U+FFFD.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const text = utf8(body as Buffer);
    if (text === undefined) return done(Object.assign(new Error("The body is not UTF-8."), { statusCode: 400 }), undefined);
    json(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      // A key written twice: JSON.parse would keep its last copy.
      repeatsInJson(text, parsed, repeatableHere(request) ?? new Set()).then(
        (read) => ("refused" in read ? done(new FormRefusal(read.refused), undefined) : done(null, read.body)),
        (failure: Error) => done(failure, undefined),
      );
    });
  });

  // A browser without JavaScript posts the form urlencoded. The same-site check below is
  // what keeps such "simple" requests from other sites out.
  app.addContentTypeParser(URLENCODED, { parseAs: "buffer" }, (request, body, done) => {
    try {
      done(null, parseUrlencoded(body as Buffer, repeatableHere(request)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  /** Media types a form takes: multipart only with a file field (the page's form posts it then). */
  const guard = (takesFiles: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    // corsAllowed: the one origin allowed to post here from a static host (./cors.ts).
    if (isCrossSite(request) && !request.corsAllowed) return refuse(request, reply, errors.FormCrossSite());
    const type = mediaType(request);
    if (type !== "application/json" && type !== URLENCODED && !(takesFiles && type === MULTIPART)) return refuse(request, reply, errors.FormUnsupportedMediaType());
  };

  for (const entry of served) {
    const files = fileFields(entry.form);
    /** The body as values, and the files it carried: from multipart, or from JSON and urlencoded, which carry none. */
    const read = async (request: FastifyRequest, local: FormInLocale): Promise<{ body: unknown; uploads: NewFile[] } | { status: number; answer: FormAnswer }> => {
      if (request.isMultipart()) {
        const read = await readMultipart(request, local.form, local.texts);
        return "answer" in read ? read : { body: read.values, uploads: read.files };
      }
      const body = request.body;
      if (files.length === 0 || typeof body !== "object" || body === null) return { body, uploads: [] };
      // A file cannot be written in JSON or urlencoded: a file field left out (or empty) is all they may say.
      const given = files.some((f) => ![undefined, ""].includes((body as Record<string, unknown>)[f.name] as string | undefined));
      if (given || files.some((f) => f.required)) return { status: formStatus.FormFilesNeedMultipart, answer: refusal(errors.FormFilesNeedMultipart()) };
      return { body, uploads: [] };
    };
    const submit = async (request: FastifyRequest): Promise<[status: number, result: FormAnswer]> => {
      const local = inPageLocale(request, entry);
      const received = await read(request, local);
      if ("answer" in received) return [received.status, received.answer];
      const { body, uploads } = received;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return [formStatus.FormNotAnObject, refusal(errors.FormNotAnObject())];
      }
      const honeypot = (body as Record<string, unknown>)[HONEYPOT];
      if (typeof honeypot === "string" && honeypot.trim() !== "") {
        // A bot: it is told all went well, so it has no reason to try again. Nothing is kept.
        request.log.info({ form: entry.form.id }, "honeypot filled: submission dropped");
        return [200, { success: true }];
      }
      const { [POW_FIELD]: solution, ...fields } = body as Record<string, unknown>;
      const pow = entry.form.proofOfWork && powKey ? await checkPow(powKey, entry.form.id, solution) : undefined;
      if (pow && "code" in pow) return [formStatus[pow.code], refusal(pow)];
      const parsed = local.schema.safeParse(pow ? fields : body);
      if (!parsed.success) {
        const answer = validationAnswer(local.form, parsed.error, local.texts);
        return [formStatus[answer.code!], answer];
      }

      const { [HONEYPOT]: _dropped, ...values } = parsed.data as Record<string, string>;
      const address = emailField(entry.form);
      if (address && values[address] !== undefined) values[address] = normalizeEmail(values[address]);
      // Stored first; the notification is written after the row, and a notification that
      // cannot be written (a value a mail header refuses) never costs the submission.
      const form = entry.form;
      const locale = submissionLocale(manifest, request.query);
      const notification = notifies(form) ? (files: readonly FileRef[]) => notificationFor(form, values, manifest.agency, files, locale) : undefined;
      let stored;
      try {
        // Spent only with good values: a visitor who corrects a field sends the same solution again.
        if (pow && !(await spendChallenge(app.storage.db, pow.challenge, pow.expiresAtMs))) return [formStatus.FormPowReplayed, refusal(errors.FormPowReplayed())];
        // Counted as a conversion with it, in its transaction (docs/analytics.md): no client event needed.
        const conversion = await app.analytics?.conversion(request, form.id, locale?.code);
        stored = await storeSubmission(app.storage.db, form, values, { formVersion: entry.formVersion, notification, files: uploads, ...(locale && { locale: locale.code }), ...(conversion && { conversion }) });
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.error({ form: form.id, code: errors.DatabaseUnavailable.code, err: errorSummary(error) }, "form submission not stored: the database does not answer");
        return [formStatus.FormUnavailable, refusal(errors.FormUnavailable())];
      }
      const { notificationError } = stored;
      if (notificationError) {
        request.log.error({ form: form.id, code: errors.NotificationNotBuilt.code, err: errorSummary(notificationError) }, "notification not written");
      } else if (notification) app.notifications.kick();
      return [200, { success: true }];
    };
    app.post(entry.endpoint, { bodyLimit: entry.bodyLimit, onRequest: guard(files.length > 0) }, async (request, reply) => {
      const [status, result] = await submit(request);
      if (status === 503) reply.header("Retry-After", "30");
      // A multipart body refused part-way (a file too large) is not read to its end: the connection goes with it.
      if (status !== 200 && request.isMultipart() && !request.raw.readableEnded) reply.header("Connection", "close");
      return respond(request, reply, status, result);
    });
  }

  // A form with proofOfWork hands out challenges: as many a minute per client as the forms take
  // submissions (FORM_RATE_LIMIT), every form's together in a budget of their own, so fetching
  // one spends no submission and signing them in a loop is not free. One route, so the
  // plugin's in-memory store (SQLite) keeps one counter for them, as PostgreSQL's does.
  const challenged = new Map(served.filter((s) => s.form.proofOfWork).map((s) => [s.endpoint, s.form]));
  if (powKey && challenged.size > 0) {
    const key = powKey;
    app.get<{ Params: { form: string } }>("/api/:form/challenge", { config: { rateLimit: { groupId: CHALLENGES } } }, async (request, reply) => {
      const form = challenged.get(`/api/${request.params.form}`);
      if (!form) return reply.code(formStatus.FormNotFound).send(refusal(errors.FormNotFound()));
      return powChallenge(key, form.id);
    });
  }

  // Anything else under /api answers in JSON too, never with the site's HTML 404 page: a POST
  // to a form's kind of address (/api/<one name>) is a form that does not exist, anything else
  // an address nothing answers.
  const endpoints = new Set(served.map((s) => s.endpoint));
  // Not rate limited: only submissions spend a client's budget (shared by all the forms).
  app.all("/api/*", { config: { rateLimit: { groupId: CHALLENGES } } }, async (request, reply) => {
    const pathname = request.url.split("?")[0]!;
    if (endpoints.has(pathname)) return reply.code(formStatus.FormMethodNotAllowed).header("Allow", "POST").send(refusal(errors.FormMethodNotAllowed()));
    const error = request.method === "POST" && /^\/api\/[^/]+$/.test(pathname) ? errors.FormNotFound() : errors.ApiNotFound();
    return reply.code(formStatus[error.code]).send(refusal(error));
  });
}

/** Where the no-JavaScript result page links back to: the page the form was on, if it is ours. */
function backTo(request: FastifyRequest): string {
  try {
    const referer = new URL(request.headers.referer ?? "");
    if (referer.host === new URL(`${referer.protocol}//${request.host}`).host) return referer.pathname + referer.search;
    // Posted from the site on a static host: back there (browsers send only its origin).
    if (request.corsAllowed && referer.origin === request.headers.origin) return referer.href;
  } catch {
    // no or unreadable Referer
  }
  return "/";
}

/**
 * A browser says where a request comes from in Sec-Fetch-Site; older ones send Origin.
 * Requests with neither (curl, server-to-server) are not from a browser page and pass.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const from = new URL(origin);
    // Parsed the same way, so an explicit default port (Host: site:443) still matches.
    return from.host !== new URL(`${from.protocol}//${request.host}`).host;
  } catch {
    return true; // "null" (sandboxed frames, file: pages) or garbage
  }
}

/** Which refusal a Fastify error (body parsing, limits, the rate limit, a FormRefusal) stands for. */
function formErrorOf(error: FastifyError): FormErrorData {
  if (error instanceof FormRefusal) return error.error;
  const status = error.statusCode ?? 500;
  if (status >= 500) return errors.FormNotSaved();
  if (status === 429) return errors.FormRateLimited();
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return errors.FormTooLarge();
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return errors.FormUnsupportedMediaType();
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return errors.FormEmptyBody();
    default:
      return errors.FormMalformedJson(); // also __proto__ and constructor.prototype keys, which the parser refuses
  }
}

/**
 * A refusal a visitor can meet in a page's form, its message in the page's language (the form
 * texts); `{label}` is the label of the field it names. Any other answer is as it was made.
 */
export function inLanguage(answer: FormAnswer, { form, texts }: Pick<FormInLocale, "form" | "texts">): FormAnswer {
  if (!isVisitorRefusal(answer.code)) return answer;
  const field = Object.keys(answer.fields ?? {})[0];
  const label = form.fields.find((f) => f.name === field)?.label;
  const error = formText(texts, refusalKey(answer.code), { label: label === undefined ? "" : plainLabel(label) });
  return { ...answer, error, ...(field !== undefined && { fields: { ...answer.fields, [field]: error } }) };
}

/** Per-field messages (in the language of `texts`), and one summary the browser shows as the notice text. */
export function validationAnswer(form: ResolvedForm, error: z.ZodError, texts: FormTexts = SOURCE_FORM_TEXTS): FormAnswer {
  // Keys come from the request: "constructor" or "toString" must not meet Object.prototype.
  const fields: Record<string, string> = Object.create(null);
  const codes = new Set<FieldErrorCode>();
  const flag = (key: string, message: string) => {
    if (!Object.hasOwn(fields, key)) fields[key] = message;
  };
  let unknown: string[] = [];
  for (const issue of error.issues) {
    codes.add(fieldErrorCode(issue));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) flag(key, fieldErrors(texts).Unknown.message());
      unknown = [...unknown, ...issue.keys];
      continue;
    }
    const key = issue.path[0];
    if (typeof key === "string") flag(key, issue.message);
  }
  // A file refused is answered with its own code (and status: formStatus).
  for (const issue of error.issues) {
    const code = fieldErrorCode(issue);
    if (Object.hasOwn(fileRefusals, code)) return refusal(fileRefusals[code as keyof typeof fileRefusals](issue.message), fields);
  }
  if (codes.has(FieldErrors.Required.code)) return refusal(errors.FormRequiredMissing(form.notices.invalid.description), fields);
  if (unknown.length > 0) return refusal(errors.FormUnknownFields(unknown), fields);
  const first = Object.values(fields)[0];
  return first === undefined ? refusal(errors.FormNotAnObject()) : refusal(errors.FormInvalidValues(first), fields);
}
