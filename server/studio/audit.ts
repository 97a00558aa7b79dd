/**
 * The studio's audit log: who did what, when and from where (docs/studio.md "The audit log").
 * This module is the only code that touches the table, and it offers only recording and
 * reading: nothing here updates or deletes a row, and the database refuses both anyway
 * (migration 0010's triggers).
 *
 * Recording never breaks the action it records: it runs after the action, outside its
 * transaction, and a failed insert is logged as an error (with what was not recorded), never
 * thrown. Callers on the API use `audit(request, …)`; anything else (`npm run users`, the
 * scheduler, pushing to other hosts) calls `recordAudit` with its own actor and logger.
 */
import type { FastifyRequest } from "fastify";
import { type AuditAction, type AuditEntry, type AuditFilter, auditActionSchema } from "../../schemas/studio-audit.ts";
import { exportPieces } from "../storage/csv.ts";
import { type Db, sqlNow, type Tables } from "../storage/database.ts";
import { uuidv7 } from "../storage/ids.ts";

export type { AuditAction, AuditEntry, AuditFilter };

/** Who acted, as they were at the time (a later rename does not rewrite the log). */
export interface AuditActor {
  id: string;
  email: string;
  name: string;
}

export interface AuditEvent {
  action: AuditAction;
  /** Null when nobody was signed in: a failed sign-in, a reset asked for by email, the command line. */
  actor: AuditActor | null;
  /** What it was done to: an account's address, a content file. */
  target?: string;
  /** More about it, as a JSON object: never a password, a token or a session id. */
  detail?: Record<string, unknown>;
  /** The client's address as the server reads it (request.ip: TRUST_PROXY, server/client-ip.ts) and its User-Agent. */
  from?: { ip: string; userAgent: string };
}

/** Where a failed insert is reported: the server's logger (pino's signature), or a command's. */
export interface AuditLogger {
  error(details: object, message: string): void;
}

/** As a session keeps it (server/studio/auth/sessions.ts): enough to tell devices apart. */
const USER_AGENT_LENGTH = 200;
const TARGET_LENGTH = 300;

/** Appends one event; false (and an error in the log) when it could not be stored. */
export async function recordAudit(db: Db, event: AuditEvent, log: AuditLogger): Promise<boolean> {
  try {
    await db
      .insertInto("studio_audit")
      .values({
        id: uuidv7(),
        at: sqlNow(db),
        action: auditActionSchema.parse(event.action),
        actor_id: event.actor?.id ?? null,
        actor_email: event.actor?.email ?? null,
        actor_name: event.actor?.name ?? null,
        target: (event.target ?? "").slice(0, TARGET_LENGTH),
        detail: JSON.stringify(event.detail ?? {}),
        ip: event.from?.ip ?? "",
        user_agent: (event.from?.userAgent ?? "").slice(0, USER_AGENT_LENGTH),
      })
      .execute();
    return true;
  } catch (error) {
    // The action stands; what it was goes to the log, so the gap in the table is seen.
    log.error({ err: error, audit: { action: event.action, actor: event.actor?.email ?? null, target: event.target ?? "", detail: event.detail ?? {}, ip: event.from?.ip ?? "" } }, "audit: an action could not be recorded");
    return false;
  }
}

/**
 * Records an event of a studio request: the signed-in person (the guard's session) unless
 * `actor` says otherwise, from the request's client address and browser.
 */
export function audit(request: FastifyRequest, event: Omit<AuditEvent, "actor" | "from"> & { actor?: AuditActor | null }) {
  const who = event.actor !== undefined ? event.actor : request.studio?.user;
  const actor = who ? { id: who.id, email: who.email, name: who.name } : null;
  return recordAudit(request.server.storage.db, { ...event, actor, from: { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" } }, request.log);
}

export const AUDIT_PAGE_SIZE = 50;

/** A day or a moment as stored times compare (ISO-8601 UTC text). */
const storedTime = (text: string) => new Date(text).toISOString();

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom("studio_audit");
  if (filter.action) query = query.where("action", "=", filter.action);
  if (filter.actor) query = query.where("actor_email", "=", filter.actor);
  if (filter.since) query = query.where("at", ">=", storedTime(filter.since));
  if (filter.until) query = query.where("at", "<", storedTime(filter.until));
  return query;
}

type Row = Tables["studio_audit"];

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  at: row.at,
  action: row.action as AuditAction,
  actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? "", name: row.actor_name ?? "" },
  target: row.target,
  detail: JSON.parse(row.detail) as Record<string, unknown>,
  ip: row.ip,
  userAgent: row.user_agent,
});

/** One page of the log, newest first, and how many entries match in all. */
export async function listAudit(db: Db, filter: AuditFilter, page: number) {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as("total"))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { entries: rows.map(toEntry), total: Number(total), page, perPage: AUDIT_PAGE_SIZE };
}

const EXPORT_BATCH = 1000;

/** Every matching entry, oldest first, read a batch at a time (the log is kept for good, so it may be long). */
export async function* auditEntries(db: Db, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let after: { at: string; id: string } | undefined;
  for (;;) {
    let query = filtered(db, filter).selectAll();
    if (after) {
      const { at, id } = after;
      query = query.where((eb) => eb.or([eb("at", ">", at), eb.and([eb("at", "=", at), eb("id", ">", id)])]));
    }
    const rows = await query.orderBy("at").orderBy("id").limit(EXPORT_BATCH).execute();
    for (const row of rows) yield toEntry(row);
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!;
  }
}

/** The CSV's columns: an entry flattened, its detail as JSON text. */
export const AUDIT_CSV_COLUMNS = ["id", "at", "action", "actor_id", "actor_email", "actor_name", "target", "detail", "ip", "user_agent"] as const;

const csvValues = (entry: AuditEntry) => [
  entry.id,
  entry.at,
  entry.action,
  entry.actor?.id ?? "",
  entry.actor?.email ?? "",
  entry.actor?.name ?? "",
  entry.target,
  JSON.stringify(entry.detail),
  entry.ip,
  entry.userAgent,
];

/**
 * The export as text, a piece at a time, for the studio's download and `npm run audit -- export`
 * alike: CSV (server/storage/csv.ts, formulas defused) or a JSON array of entries.
 */
export function exportAudit(db: Db, filter: AuditFilter, format: "csv" | "json"): AsyncGenerator<string> {
  return exportPieces(auditEntries(db, filter), format, { columns: AUDIT_CSV_COLUMNS, values: csvValues });
}
