/**
 * Delivers the outbox: notifications stored with their submissions are sent by SMTP, with
 * retries and exponential backoff, so an SMTP outage delays mail but loses none. A row is
 * leased before sending, so two senders (two server processes on one PostgreSQL) never
 * send it twice; it is marked sent right after the SMTP server accepts it.
 */
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Db } from "../storage/database.ts";
import type { MailMessage } from "./messages.ts";

export interface OutboxOptions {
  /** First retry delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often due rows are looked for (new submissions also wake the sender at once). */
  pollMs?: number;
  leaseMs?: number;
  batchSize?: number;
}

export interface DrainReport {
  sent: number;
  failed: number;
}

export function smtpTransport(smtpUrl: string): Transporter {
  // Short timeouts: a dead SMTP server must fail an attempt, not hold it for minutes.
  const options: SMTPTransport.Options = { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  return nodemailer.createTransport(options);
}

export class Outbox {
  private readonly options: Required<OutboxOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DrainReport> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transport: Transporter,
    private readonly log: FastifyBaseLogger,
    options: OutboxOptions = {},
  ) {
    this.options = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, pollMs: 15_000, leaseMs: 120_000, batchSize: 20, ...options };
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
      const total: DrainReport = { sent: 0, failed: 0 };
      do {
        this.again = false;
        const report = await this.pass();
        total.sent += report.sent;
        total.failed += report.failed;
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

  private async pass(): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, failed: 0 };
    const now = new Date();
    const due = await this.db
      .selectFrom("outbox")
      .select(["id", "message", "attempts"])
      .where("sent_at", "is", null)
      .where("next_attempt_at", "<=", now.toISOString())
      .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now.toISOString())]))
      .orderBy("created_at")
      .limit(this.options.batchSize)
      .execute();

    for (const row of due) {
      if (this.stopped) break;
      const claimedAt = new Date();
      const claim = await this.db
        .updateTable("outbox")
        .set({ lease_until: new Date(claimedAt.getTime() + this.options.leaseMs).toISOString() })
        .where("id", "=", row.id)
        .where("sent_at", "is", null)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", claimedAt.toISOString())]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue; // another sender has it

      const message = JSON.parse(row.message) as MailMessage;
      try {
        await this.transport.sendMail({ from: message.from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text });
        await this.db
          .updateTable("outbox")
          .set({ sent_at: new Date().toISOString(), attempts: row.attempts + 1, lease_until: null, last_error: null })
          .where("id", "=", row.id)
          .execute();
        report.sent++;
      } catch (error) {
        const attempts = row.attempts + 1;
        const delay = Math.min(this.options.baseDelayMs * 2 ** (attempts - 1), this.options.maxDelayMs);
        await this.db
          .updateTable("outbox")
          .set({
            attempts,
            next_attempt_at: new Date(Date.now() + delay).toISOString(),
            lease_until: null,
            last_error: errorSummary(error).message.slice(0, 500),
          })
          .where("id", "=", row.id)
          .execute();
        report.failed++;
        this.log.warn({ outboxId: row.id, attempts, retryInMs: delay, err: errorSummary(error) }, "outbox: sending failed, will retry");
      }
    }
    return report;
  }
}

/** Name, code and message only: driver errors can carry the values they failed on. */
export function errorSummary(error: unknown): { type: string; code?: string; message: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, ...(typeof code === "string" ? { code } : {}), message: error.message };
}
