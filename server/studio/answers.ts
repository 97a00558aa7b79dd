/** What every studio API module answers with: the body as its schema reads it, the signed-in person, an outcome, a new session. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { errors } from "../../src/errors/catalogue.ts";
import { isEditable } from "../../src/editor/server/store.ts";
import type { Db } from "../storage/database.ts";
import { findAccount, type Outcome } from "./auth/accounts.ts";
import { type CookieKind, sessionCookie } from "./auth/cookie.ts";
import { csrfTokenOf, type SessionLimits } from "./auth/sessions.ts";
import type { StudioDocuments } from "./documents/kinds.ts";
import { refuse } from "./guard.ts";
import type { Outcome as PublishingOutcome } from "./publish.ts";

/** The body as the schema reads it, or a 400 answer naming the first problem. */
export function parse<S extends z.ZodType>(schema: S, body: unknown, reply: FastifyReply): z.output<S> | undefined {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  refuse(reply, 400, errors.StudioBadRequest(`${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${issue.message}`));
  return undefined;
}

/**
 * The document a request names, if it is one the studio edits (`pagesOnly`: one the page editor
 * opens, which /document and /check take), else a 400 StudioNotADocument answer. Every route
 * that takes a document's name, in its body or its query, reads it through here: names are
 * judged alike everywhere.
 */
export function namedDocument(documents: StudioDocuments, file: string, reply: FastifyReply, { pagesOnly = false } = {}): string | undefined {
  if (pagesOnly ? isEditable(file) : documents.isDocument(file)) return file;
  refuse(reply, 400, errors.StudioNotADocument(file));
  return undefined;
}

/** The signed-in person on a route that needs a role: the guard has set it. */
export function signedIn(request: FastifyRequest) {
  if (!request.studio) throw new Error("a studio route that needs a role ran without the guard");
  return request.studio;
}

/** An account's outcome (./auth/accounts.ts) as the answer: its value wrapped, or its refusal. */
export function answer<T>(reply: FastifyReply, outcome: Outcome<T>, wrap: (value: T) => unknown, status = 200) {
  return outcome.ok ? reply.code(status).send(wrap(outcome.value)) : refuse(reply, outcome.status, outcome.error);
}

/** A publishing outcome (./publish.ts) as the answer: its value, or its refusal with the status and what it carries (errors, changes). */
export function answerPublishing<T>(reply: FastifyReply, outcome: PublishingOutcome<T>) {
  if (outcome.ok) {
    const { ok: _ok, ...value } = outcome;
    return reply.send(value);
  }
  const { ok: _ok, status, ...refusal } = outcome;
  return reply.code(status).send(refusal);
}

/** A sign-in's answer, by password or passkey: the session's cookie, who signed in, and the session's CSRF token. */
export async function sendSignedIn(db: Db, reply: FastifyReply, kind: CookieKind, sessions: SessionLimits, { userId, secret }: { userId: string; secret: string }) {
  const found = await findAccount(db, { id: userId });
  reply.header("Set-Cookie", sessionCookie(kind, secret, sessions.absoluteMs));
  return { user: found!.account, csrfToken: csrfTokenOf(secret) };
}
