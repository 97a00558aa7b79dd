/**
 * The SMTP transport of the outbox (SMTP_URL). nodemailer loads when the first message is
 * sent, not when the server starts: most starts send nothing at once, and the server answers
 * sooner without it (docs/architecture.md, "How soon the server answers").
 */
import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Mailer } from "./outbox.ts";

export function smtpTransport(smtpUrl: string): Mailer {
  // Short timeouts: a dead SMTP server must fail an attempt, not hold it for minutes.
  // Pooled: connections stay open between messages, up to the outbox's concurrency.
  const options: SMTPTransport.Options & { pool: true; maxConnections: number } = {
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  let transport: Transporter | undefined;
  // One load, whoever sends first: messages sent at once all wait for the same transport.
  let loading: Promise<Transporter> | undefined;
  const load = () =>
    (loading ??= import("nodemailer").then(
      ({ default: nodemailer }) => (transport = nodemailer.createTransport(options)),
      (error: unknown) => {
        loading = undefined; // tried again by the next message
        throw error;
      },
    ));
  return {
    sendMail: async (message) => (await load()).sendMail(message),
    close: () => transport?.close(),
  };
}
