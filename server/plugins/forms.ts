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
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import rateLimit from "@fastify/rate-limit";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { type FormAnswer, HONEYPOT, valuesSchema } from "../../src/forms/values.ts";
import type { FormsManifest } from "../../src/runtime/build.server.ts";
import { notificationFor, notifies } from "../notify/messages.ts";
import { formResultPage } from "./form-result-page.ts";
import { errorSummary } from "../notify/outbox.ts";
import { serverErrors } from "../errors.ts";
import { isDatabaseUnavailable } from "../storage/database.ts";
import { postgresRateLimitStore } from "../storage/rate-limits.ts";
import { emailField, normalizeEmail, storeSubmission } from "../storage/submissions.ts";

export interface FormsPluginOptions {
  buildDir: string;
  /** Submissions per client IP per minute; 0 turns the limit off. */
  rateLimit: number;
}

export interface ServedForm {
  form: ResolvedForm;
  endpoint: string;
  schema: ReturnType<typeof valuesSchema>;
  /** Largest body a legitimate submission can have; anything bigger gets 413. */
  bodyLimit: number;
  /** Identifies the fields and wording the person saw (a newsletter subscriber's consent version). */
  formVersion: string;
}

export const messages = {
  notJson: "Send the form as JSON (Content-Type: application/json).",
  badJson: "The form could not be read: the request body is not valid JSON.",
  emptyBody: "The form could not be read: the request body is empty.",
  notObject: "The form could not be read: send its fields as one JSON object.",
  tooLarge: "The form is too large to accept. Please shorten your message.",
  crossSite: "Forms can only be sent from this website.",
  rateLimited: "Too many submissions from your network. Please wait a minute and try again.",
  notFound: "There is no form at this address.",
  methodNotAllowed: "Forms are sent with POST.",
  serverError: "Your submission could not be saved. Please try again later.",
  unavailable: "Your submission could not be saved just now. Please try again in a minute.",
} as const;

/** Reads build/forms.json: every form posting to /api/<name> is served, and stored in the one submissions table. */
export function loadServedForms(buildDir: string): { manifest: FormsManifest; served: ServedForm[] } {
  const file = path.join(buildDir, "forms.json");
  if (!existsSync(file)) throw new Error(`No form definitions found at ${file}. Run "npm run build" first.`);
  const manifest = JSON.parse(readFileSync(file, "utf8")) as FormsManifest;
  const served: ServedForm[] = [];
  for (const form of manifest.forms) {
    // Forms may post elsewhere (an https:// endpoint); only /api/<name> is ours to answer.
    if (!/^\/api\/[a-z-]+$/.test(form.endpoint)) continue;
    served.push({
      form,
      endpoint: form.endpoint,
      schema: valuesSchema(form),
      bodyLimit: bodyLimitFor(form),
      formVersion: createHash("sha256").update(JSON.stringify(form)).digest("hex").slice(0, 12),
    });
  }
  return { manifest, served };
}

/**
 * Up to 3 UTF-8 bytes per allowed character (4 bytes per astral pair, which counts as 2),
 * plus the honeypot and room for keys and escapes: a 5,000-character message in any script
 * fits, a multi-megabyte body does not.
 */
export function bodyLimitFor(form: ResolvedForm): number {
  const chars = form.fields.reduce((sum, f) => sum + f.maxLength, 200);
  return Math.max(4096, chars * 3 + 2048);
}

const answer = (reply: FastifyReply, status: number, body: FormAnswer) => reply.code(status).send(body);

export async function formsPlugin(app: FastifyInstance, { buildDir, rateLimit: perMinute }: FormsPluginOptions) {
  const { manifest, served } = loadServedForms(buildDir);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 429) return answer(reply, 429, { success: false, error: messages.rateLimited });
    if (status >= 500) {
      request.log.error({ err: errorSummary(error) }, "form submission failed");
      return answer(reply, 500, { success: false, error: messages.serverError });
    }
    const text =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? messages.tooLarge
        : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? messages.notJson
          : error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
            ? messages.emptyBody
            : messages.badJson; // also __proto__ and constructor.prototype keys, which the parser refuses
    return answer(reply, status, { success: false, error: text });
  });

  if (perMinute > 0) {
    // Several processes share one PostgreSQL, so they share its counter; one process on
    // SQLite counts in memory. A counter the database cannot update lets the request through
    // (storing it then answers 503 if the database is really gone).
    const shared = app.storage.target.kind === "postgres";
    app.log.info(`forms: at most ${perMinute} submissions a minute per client, counted ${shared ? "in PostgreSQL (shared by every process)" : "in this process's memory"}`);
    // request.ip honours trustProxy (app.ts), so clients behind the site's proxy are told apart.
    await app.register(rateLimit, {
      ...(shared && { store: postgresRateLimitStore(app.storage.db), skipOnError: true }),
      max: perMinute,
      timeWindow: 60_000,
      // The default key is request.ip (which honours TRUST_PROXY), IPv6 by its /64: the block
      // one household or server is given, so rotating through its addresses gains nothing.
      ipv6Subnet: 64,
      errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: messages.rateLimited }),
    });
  }

  // A browser without JavaScript posts the form urlencoded. The same-site check below is
  // what keeps such "simple" requests from other sites out.
  app.addContentTypeParser(URLENCODED, { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    // corsAllowed: the one origin allowed to post here from a static host (./cors.ts).
    if (isCrossSite(request) && !request.corsAllowed) return answer(reply, 403, { success: false, error: messages.crossSite });
    const type = mediaType(request);
    if (type !== "application/json" && type !== URLENCODED) return answer(reply, 415, { success: false, error: messages.notJson });
  };

  for (const entry of served) {
    const submit = async (request: FastifyRequest): Promise<[status: number, result: FormAnswer]> => {
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        return [400, { success: false, error: messages.notObject }];
      }
      const honeypot = (body as Record<string, unknown>)[HONEYPOT];
      if (typeof honeypot === "string" && honeypot.trim() !== "") {
        // A bot: it is told all went well, so it has no reason to try again. Nothing is kept.
        request.log.info({ form: entry.form.id }, "honeypot filled: submission dropped");
        return [200, { success: true }];
      }
      const parsed = entry.schema.safeParse(body);
      if (!parsed.success) return [400, validationAnswer(entry.form, parsed.error)];

      const { [HONEYPOT]: _dropped, ...values } = parsed.data as Record<string, string>;
      const address = emailField(entry.form);
      if (address && values[address] !== undefined) values[address] = normalizeEmail(values[address]);
      // Stored first; the notification is written after the row, and a notification that
      // cannot be written (a value a mail header refuses) never costs the submission.
      const form = entry.form;
      const notification = notifies(form) ? () => notificationFor(form, values, manifest.agency) : undefined;
      let stored;
      try {
        stored = await storeSubmission(app.storage.db, form, values, { formVersion: entry.formVersion, notification });
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.error({ form: form.id, code: serverErrors.DatabaseUnavailable.code, err: errorSummary(error) }, "form submission not stored: the database does not answer");
        return [503, { success: false, error: messages.unavailable }];
      }
      const { notificationError } = stored;
      if (notificationError) {
        request.log.error({ form: form.id, code: serverErrors.NotificationNotBuilt.code, err: errorSummary(notificationError) }, "notification not written");
      } else if (notification) app.notifications.kick();
      return [200, { success: true }];
    };
    app.post(entry.endpoint, { bodyLimit: entry.bodyLimit, onRequest: guard }, async (request, reply) => {
      const [status, result] = await submit(request);
      if (status === 503) reply.header("Retry-After", "30");
      if (mediaType(request) !== URLENCODED) return answer(reply, status, result);
      const page = formResultPage(entry.form, result, backTo(request), manifest.agency.name);
      return reply.code(status).type("text/html; charset=utf-8").send(page);
    });
  }

  // Anything else under /api answers in JSON too, never with the site's HTML 404 page.
  const endpoints = new Set(served.map((s) => s.endpoint));
  // Not rate limited: only submissions spend a client's budget (shared by all the forms).
  app.all("/api/*", { config: { rateLimit: false } }, async (request, reply) => {
    const pathname = request.url.split("?")[0]!;
    if (endpoints.has(pathname)) return answer(reply.header("Allow", "POST"), 405, { success: false, error: messages.methodNotAllowed });
    return answer(reply, 404, { success: false, error: messages.notFound });
  });
}

const URLENCODED = "application/x-www-form-urlencoded";

const mediaType = (request: FastifyRequest) => (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

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

/** Per-field messages, and one summary the browser shows as the notice text. */
export function validationAnswer(form: ResolvedForm, error: z.ZodError): FormAnswer {
  // Keys come from the request: "constructor" or "toString" must not meet Object.prototype.
  const fields: Record<string, string> = Object.create(null);
  const flag = (key: string, message: string) => {
    if (!Object.hasOwn(fields, key)) fields[key] = message;
  };
  let summary: string | undefined;
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) flag(key, "This field is not part of the form");
      summary ??= `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`;
      continue;
    }
    const key = issue.path[0];
    if (typeof key === "string") flag(key, issue.message);
    else summary ??= messages.notObject;
  }
  const missingRequired = Object.values(fields).includes(form.notices.invalid.description);
  const first = Object.values(fields)[0];
  return {
    success: false,
    error: missingRequired ? form.notices.invalid.description : (summary ?? first ?? messages.notObject),
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
}
