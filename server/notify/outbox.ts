/**
 * Delivers the outbox: notifications stored with their submissions are sent by SMTP, with
 * retries and exponential backoff, so an SMTP outage delays mail but loses none. A row is
 * leased before sending, on the database's clock, so several senders (server processes on
 * one PostgreSQL, whatever their own clocks say) never send it at once; it is marked sent,
 * and emptied of its text, right after the SMTP server accepts it. A message the server
 * refuses for good (5xx), one that failed `maxAttempts` times, or a row that cannot be
 * read becomes a dead letter (dead_at, last_error), reported in the log; the rest go on.
 */
import type { FastifyBaseLogger } from "fastify";
import type Mail from "nodemailer/lib/mailer";
import type { ErrorData } from "../../src/errors/define.ts";
import { sql } from "kysely";
import { type Db, isPostgres, sqlNow } from "../storage/database.ts";
import { uuidv7 } from "../storage/ids.ts";
import type { MailAttachment, MailMessage } from "./messages.ts";
import { errors } from "../../src/errors/catalogue.ts";

export interface OutboxOptions {
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often due rows are looked for (new submissions also wake the sender at once). */
  pollMs?: number;
  /** How long a sender holds a message it is sending; a crashed sender's message waits this long. */
  leaseMs?: number;
  /** Messages sent at once by one process (and SMTP connections kept open). */
  concurrency?: number;
  /** Attempts before a message is given up as a dead letter. */
  maxAttempts?: number;
}

export interface DrainReport {
  sent: number;
  failed: number;
  /** Set aside as dead letters in this drain. */
  dead: number;
}

/** Marks the start of an attempt: a row still saying so was being sent when its sender stopped. */
const IN_FLIGHT = "OUTBOX_IN_FLIGHT";
/** What a claim turns IN_FLIGHT into: the previous attempt never finished. */
const IN_FLIGHT_AGAIN = "OUTBOX_IN_FLIGHT_AGAIN";

type Claimed = { id: string; message: string; attempts: number; last_error: string | null };

/** What the outbox sends with: a nodemailer transport (./smtp.ts makes one that loads nodemailer on first send; tests pass their own). */
export interface Mailer {
  sendMail(message: Mail.Options): Promise<unknown>;
  close(): void;
}

export class Outbox {
  private readonly options: Required<OutboxOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DrainReport> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transport: Mailer,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
  ) {
    const leaseMs = options.leaseMs ?? 120_000;
    // Polls often enough that a message whose sender died goes out soon after its lease ends.
    const pollMs = Math.min(15_000, leaseMs / 2);
    this.options = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, pollMs, leaseMs, concurrency: 5, maxAttempts: 20, ...options };
  }

  start() {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Wakes the sender; never throws (a failure is logged and retried later). */
  kick() {
    if (this.stopped) return;
    this.drain().catch((error: unknown) => this.log.error({ err: errorSummary(error) }, "outbox: drain failed"));
  }

  /** Sends every due notification once. Concurrent calls share a run, plus one more pass. */
  drain(): Promise<DrainReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const total: DrainReport = { sent: 0, failed: 0, dead: 0 };
      do {
        this.again = false;
        const report = await this.pass();
        total.sent += report.sent;
        total.failed += report.failed;
        total.dead += report.dead;
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /** Claims due messages a few at a time and sends each claimed batch at once, until none is due. */
  private async pass(): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, failed: 0, dead: 0 };
    while (!this.stopped) {
      const claimed = await this.claim(this.options.concurrency);
      for (const outcome of await Promise.all(claimed.map((row) => this.deliverSafely(row)))) report[outcome]++;
      if (claimed.length < this.options.concurrency) break;
    }
    return report;
  }

  /**
   * Leases up to `count` due messages in one statement, on the database's clock. On
   * PostgreSQL the candidates are locked with SKIP LOCKED, so concurrent senders take
   * different rows instead of queueing on the same ones. The attempt is marked in flight;
   * a row already marked so was being sent when its sender stopped, and comes back marked
   * IN_FLIGHT_AGAIN (the SET sees the old value), to be logged as a possible duplicate.
   */
  private async claim(count: number) {
    const due = (query: ReturnType<typeof this.outbox>) =>
      query
        .where("sent_at", "is", null)
        .where("dead_at", "is", null)
        .where("next_attempt_at", "<=", sqlNow(this.db))
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", sqlNow(this.db))]));
    let candidates = due(this.outbox()).select("id").orderBy("created_at").limit(count);
    if (isPostgres(this.db)) candidates = candidates.forUpdate().skipLocked();
    return this.db
      .updateTable("outbox")
      .set((eb) => ({
        lease_until: sqlNow(this.db, this.options.leaseMs),
        attempts: eb("attempts", "+", 1),
        last_error: sql<string>`case when last_error like ${IN_FLIGHT + "%"} then ${IN_FLIGHT_AGAIN} else ${IN_FLIGHT} end`,
      }))
      .where("id", "in", candidates)
      // Checked again on the row itself: PostgreSQL re-reads it if another sender changed it meanwhile.
      .where("sent_at", "is", null)
      .where("dead_at", "is", null)
      .returning(["id", "message", "attempts", "last_error"])
      .execute();
  }

  private outbox() {
    return this.db.selectFrom("outbox");
  }

  /** Sends one claimed message; a database failure under it is logged, and the lease lets another pass retry it. */
  private async deliverSafely(row: Claimed): Promise<keyof DrainReport> {
    try {
      return await this.deliver(row);
    } catch (error) {
      this.log.error({ outboxId: row.id, err: errorSummary(error) }, "outbox: could not process a message");
      return "failed";
    }
  }

  private async deliver(row: Claimed): Promise<keyof DrainReport> {
    const attempts = row.attempts;
    if (row.last_error === IN_FLIGHT_AGAIN) {
      const e = errors.OutboxMaybeDuplicate();
      this.log.warn({ outboxId: row.id, attempts, code: e.code }, `outbox: ${e.message}`);
    }
    const message = readMessage(row.message);
    if (typeof message === "string") return this.bury(errors.OutboxCorruptRow(message), row.id);

    try {
      const { attachments, ...mail } = message;
      await this.transport.sendMail({ ...mail, ...(attachments?.length && { attachments: await this.attachmentsOf(attachments) }), messageId: `<${row.id}@outbox.${message.to.address.split("@")[1] ?? "localhost"}>` });
    } catch (error) {
      const summary = errorSummary(error).message.slice(0, 400);
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === "number" && code >= 500 && code < 600) {
        return this.bury(errors.OutboxRefused(summary), row.id);
      }
      if (attempts >= this.options.maxAttempts) {
        return this.bury(errors.OutboxGaveUp(attempts, summary), row.id);
      }
      const delay = Math.min(this.options.baseDelayMs * 2 ** (attempts - 1), this.options.maxDelayMs);
      await this.db
        .updateTable("outbox")
        .set({ next_attempt_at: sqlNow(this.db, delay), lease_until: null, last_error: summary })
        .where("id", "=", row.id)
        .execute();
      this.log.warn({ outboxId: row.id, attempts, retryInMs: delay, err: errorSummary(error) }, "outbox: sending failed, will retry");
      return "failed";
    }
    // Sent: the text (names, addresses, the message) is not kept once delivered.
    await this.db
      .updateTable("outbox")
      .set({ sent_at: sqlNow(this.db), lease_until: null, last_error: null, message: "" })
      .where("id", "=", row.id)
      .execute();
    return "sent";
  }

  /** The files a message attaches, read from the database as it is sent (one erased meanwhile is left out). */
  private async attachmentsOf(attachments: MailAttachment[]): Promise<Mail.Attachment[]> {
    const rows = await this.db.selectFrom("submission_files").select(["id", "bytes"]).where("id", "in", attachments.map((a) => a.fileId)).execute();
    const bytes = new Map(rows.map((r) => [r.id, Buffer.from(r.bytes)]));
    return attachments.flatMap((a) => {
      const content = bytes.get(a.fileId);
      return content ? [{ filename: a.filename, contentType: a.contentType, content }] : [];
    });
  }

  /** Sets a message aside as a dead letter and reports it. */
  private async bury({ code, message: reason }: ErrorData, id: string): Promise<"dead"> {
    await this.db
      .updateTable("outbox")
      .set({ dead_at: sqlNow(this.db), lease_until: null, last_error: `${code}: ${reason}`.slice(0, 500) })
      .where("id", "=", id)
      .execute();
    this.log.error({ outboxId: id, code }, `outbox: dead letter: ${reason}`);
    return "dead";
  }
}

/**
 * Stores one message, due at once, in the caller's transaction: what it belongs to commits with
 * it or not at all. `app.notifications.kick()` afterwards sends it without waiting for the poll.
 */
export async function enqueueMail(db: Db, row: { kind: string; ownerId: string; subjectEmail: string; message: MailMessage }) {
  const now = sqlNow(db);
  await db
    .insertInto("outbox")
    // submission_id names what the message is about: a submission, or a studio account.
    .values({ id: uuidv7(), kind: row.kind, submission_id: row.ownerId, subject_email: row.subjectEmail, message: JSON.stringify(row.message), attempts: 0, next_attempt_at: now, created_at: now })
    .execute();
}

/** The stored message, or why it cannot be used. */
function readMessage(text: string): MailMessage | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "it is not JSON";
  }
  const m = value as Partial<MailMessage> | null;
  const isAddress = (a: unknown) => typeof a === "object" && a !== null && typeof (a as { address?: unknown }).address === "string";
  if (!m || typeof m.subject !== "string" || typeof m.text !== "string" || !isAddress(m.from) || !isAddress(m.to)) return "it is not a notification";
  return m as MailMessage;
}

/** Name, code and message only: driver errors can carry the values they failed on. */
export function errorSummary(error: unknown): { type: string; code?: string; message: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, ...(typeof code === "string" ? { code } : {}), message: error.message };
}
