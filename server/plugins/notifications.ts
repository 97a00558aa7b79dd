/**
 * Emails enquiries and applications to the agency when SMTP_URL is set, from the outbox the
 * form API writes into. Without SMTP_URL nothing is sent and the outbox keeps every message,
 * ready for when mail is configured. Decorates `app.notifications`.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type DrainReport, type Mailer, Outbox, type OutboxOptions } from "../notify/outbox.ts";
import { smtpTransport } from "../notify/smtp.ts";

export interface NotificationsOptions {
  smtpUrl?: string;
  /** Tests pass their own timings. */
  outbox?: OutboxOptions;
  /** Tests may pass a transport (a nodemailer Transporter); by default one is made from smtpUrl. */
  transport?: Mailer;
}

export const notificationsPlugin = fp(
  async function notifications(app: FastifyInstance, { smtpUrl, outbox: timings, transport }: NotificationsOptions) {
    const mailer = transport ?? (smtpUrl ? smtpTransport(smtpUrl) : undefined);
    if (!mailer) {
      app.log.info("notifications: SMTP_URL is not set; enquiries and applications wait in the outbox");
      app.decorate("notifications", { enabled: false, kick: () => undefined, drain: async () => ({ sent: 0, failed: 0, dead: 0 }) });
      return;
    }
    const outbox = new Outbox(app.storage.db, mailer, app.log, timings);
    app.decorate("notifications", { enabled: true, kick: () => outbox.kick(), drain: () => outbox.drain() });
    app.addHook("onReady", async () => outbox.start());
    // Registered after storage, so this runs before the database closes.
    app.addHook("onClose", async () => outbox.stop());
  },
  { dependencies: ["storage"] },
);

declare module "fastify" {
  interface FastifyInstance {
    notifications: { enabled: boolean; kick(): void; drain(): Promise<DrainReport> };
  }
}
