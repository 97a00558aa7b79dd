/**
 * Submissions for the people who answer them, under /api/studio, every route behind the guard
 * (./guard.ts) for editors and admins, in local mode too (signed in as its owner, ./local.ts). The work is
 * server/storage/submissions.ts's, the same functions `npm run submissions` uses:
 *
 *   GET  /submissions/forms               editor → { forms: [{ id, count }], locales: [{ code, name }] }: content's forms and any the database holds; the build's locales
 *   GET  /submissions/forms/:form?q=&page= editor → { form, total, page, perPage, submissions }: newest first, searched over the values
 *   GET  /submissions/forms/:form/export  editor → the form's CSV (the command's export), as an attachment
 *   GET  /submissions/:id                 editor → { submission: { id, form, email, createdAt, updatedAt, formVersion, locale, values, files } }
 *   GET  /submissions/files/:id           editor → the file's bytes, as an attachment, never shown inline
 *   POST /submissions/erase               editor { email, confirm } → { email, erased: { forms, files, outbox } }
 *
 * An unknown form, submission or file is 404 StudioFormNotFound / StudioSubmissionNotFound /
 * StudioFileNotFound; a malformed id or query 400 StudioBadRequest; two addresses that differ
 * 400 StudioEraseNotConfirmed, with nothing erased.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { type BuiltLocale, eraseSchema, formIdSchema, type SubmissionFormsAnswer, storedIdSchema, SUBMISSIONS_PER_PAGE, submissionsQuerySchema } from "../../schemas/studio-submissions.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { countByForm, eraseEmail, exportCsv, isIntact, listSubmissions, normalizeEmail, readStoredFile, readSubmission } from "../storage/submissions.ts";
import { parse } from "./answers.ts";
import { refuse } from "./guard.ts";

export interface SubmissionsApiOptions {
  /** The build's forms (build/forms.json): their fields give the export's column order. */
  forms: readonly ResolvedForm[];
  /** The build's locales (build/forms.json), answered with the forms: the screen names a submission's locale with them. */
  locales?: readonly BuiltLocale[];
  /** Who erased, for the log: the signed-in account's id. */
  erasedBy: (request: FastifyRequest) => string;
}

type IdParams = { Params: { id: string } };
type FormParams = { Params: { form: string } };

/**
 * `attachment` with the name in both forms RFC 6266 gives: an ASCII stand-in any browser reads,
 * and the real name percent-encoded. Quotes, backslashes and line breaks never reach the header.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, "_").replace(/^[. ]+/, "").slice(0, 150) || "file";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** A download is bytes to save, never a page to run: nosniff, and sandboxed should a browser show it anyway. */
export const download = (reply: FastifyReply, mediaType: string, name: string) =>
  reply
    .header("Content-Type", mediaType)
    .header("Content-Disposition", attachment(name))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'; sandbox");

export async function submissionsApi(app: FastifyInstance, { forms, locales = [], erasedBy }: SubmissionsApiOptions) {
  const db = app.storage.db;
  const fieldsOf = new Map(forms.map((form) => [form.id, form.fields.map((f) => f.name)]));

  /** The form's id when content defines it or the database holds submissions of it; else the refusal is sent. */
  async function knownForm(raw: string, reply: FastifyReply): Promise<string | undefined> {
    const form = parse(formIdSchema, raw, reply);
    if (form === undefined) return undefined;
    if (fieldsOf.has(form) || (await countByForm(db))[form] !== undefined) return form;
    refuse(reply, 404, errors.StudioFormNotFound(form));
    return undefined;
  }

  app.get("/submissions/forms", { config: { least: "editor" } }, async (): Promise<SubmissionFormsAnswer> => {
    const counts = await countByForm(db);
    const ids = [...new Set([...fieldsOf.keys(), ...Object.keys(counts)])];
    return { forms: ids.map((id) => ({ id, count: counts[id] ?? 0 })), locales: locales.map(({ code, name }) => ({ code, name })) };
  });

  app.get<FormParams>("/submissions/forms/:form", { config: { least: "editor" } }, async (request, reply) => {
    const form = await knownForm(request.params.form, reply);
    if (!form) return reply;
    const query = parse(submissionsQuerySchema, request.query, reply);
    if (!query) return reply;
    const page = query.page ?? 1;
    const { total, submissions } = await listSubmissions(db, form, { search: query.q, page, perPage: SUBMISSIONS_PER_PAGE });
    return { form, total, page, perPage: SUBMISSIONS_PER_PAGE, submissions };
  });

  app.get<FormParams>("/submissions/forms/:form/export", { config: { least: "editor" } }, async (request, reply) => {
    const form = await knownForm(request.params.form, reply);
    if (!form) return reply;
    const { csv } = await exportCsv(db, form, fieldsOf.get(form));
    return download(reply, "text/csv; charset=utf-8", `${form}-submissions-${new Date().toISOString().slice(0, 10)}.csv`).send(csv);
  });

  app.get<IdParams>("/submissions/:id", { config: { least: "editor" } }, async (request, reply) => {
    const found = storedIdSchema.safeParse(request.params.id).success ? await readSubmission(db, request.params.id) : undefined;
    if (!found) return refuse(reply, 404, errors.StudioSubmissionNotFound());
    return { submission: found };
  });

  app.get<IdParams>("/submissions/files/:id", { config: { least: "editor" } }, async (request, reply) => {
    const file = storedIdSchema.safeParse(request.params.id).success ? await readStoredFile(db, request.params.id) : undefined;
    if (!file) return refuse(reply, 404, errors.StudioFileNotFound());
    // The server's fault, not the request's: a 500, and the log says which file.
    if (!isIntact(file)) throw new Error(`The stored file ${file.id} does not match its SHA-256: it was damaged in the database.`);
    return download(reply, file.media_type, file.name).send(file.bytes);
  });

  app.post("/submissions/erase", { config: { least: "editor" } }, async (request, reply) => {
    const body = parse(eraseSchema, request.body, reply);
    if (!body) return reply;
    const email = normalizeEmail(body.email);
    if (email !== normalizeEmail(body.confirm)) return refuse(reply, 400, errors.StudioEraseNotConfirmed());
    const erased = await eraseEmail(db, email);
    // Who erased, and how much: never whose data it was.
    request.log.info({ by: erasedBy(request), forms: erased.forms, files: erased.files, outbox: erased.outbox, purged: erased.purged }, "submissions: erased one person's submissions");
    if (!erased.purged) request.log.warn("submissions: the erased bytes are still in the database's files (busy); erasing the address again clears them");
    return { email, erased };
  });
}
