/** A real SMTP server (smtp-server) on this machine that keeps what it receives, for notification tests. */
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP sink: no TLS, no auth, every message kept; or every recipient refused with
 * the code `refuse`; each message answered after `delayMs` (a slow mail server).
 */
export function smtpSink({ refuse, delayMs = 0 }: { refuse?: number; delayMs?: number } = {}) {
  const received: Received[] = [];
  let server: SMTPServer | undefined;
  return {
    received,
    start(port: number) {
      server = new SMTPServer({
        disabledCommands: ["STARTTLS", "AUTH"],
        authOptional: true,
        logger: false,
        onRcptTo(_address, _session, done) {
          if (refuse) return done(Object.assign(new Error("Mailbox unavailable"), { responseCode: refuse }));
          done();
        },
        onData(stream, session, done) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: Buffer.concat(chunks).toString("utf8"),
            });
            setTimeout(done, delayMs);
          });
        },
      });
      // A sender killed mid-session (the multi-instance test's SIGKILL) resets its connection:
      // smtp-server reports that as an 'error' event, which would otherwise be thrown.
      server.on("error", () => {});
      return new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", () => resolve()));
    },
    stop() {
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

/** The Message-ID header of a received message. */
export const messageId = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim();

/** Waits for `check` to give something (a mail received, a row marked sent), polling every 25 ms. */
export async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
