/**
 * The studio's two emails, an invitation and a password reset link, in plain text. They are
 * queued in the outbox (server/notify/outbox.ts) in the same transaction that issues the link,
 * then sent with its retries. Links start with SITE_URL only, never with the request's Host
 * header: a forged Host must not put an attacker's address in front of someone's token.
 */
import { addressOf, type Agency, headerSafe, type MailMessage } from "../notify/messages.ts";
import { enqueueMail } from "../notify/outbox.ts";
import type { Db } from "../storage/database.ts";
import type { Issued } from "./auth/accounts.ts";
import { passwordLink } from "./links.ts";

/** What the studio mails with: the sender, and the site's public address for links. */
export interface StudioMail {
  agency: Agency;
  siteUrl: string;
}

export type StudioMailKind = "studio-invitation" | "studio-password-reset";

/** A person's name as a header holds it: on one line. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001F\u007F]+/g, " ").trim();

function message({ agency }: StudioMail, account: Issued["account"], subject: string, text: string): MailMessage {
  return {
    from: addressOf("From", { name: `${agency.name} website`, address: agency.email }),
    to: addressOf("To", { name: oneLine(account.name), address: account.email }),
    subject: headerSafe("Subject", subject),
    text,
  };
}

export function invitationMail(mail: StudioMail, { account, link }: Issued, invitedBy: string): MailMessage {
  const site = mail.agency.name;
  return message(
    mail,
    account,
    `You are invited to edit the ${site} website`,
    [
      `Hello ${oneLine(account.name)},`,
      "",
      `${oneLine(invitedBy)} has invited you to the ${site} website's studio, as ${account.role === "contributor" ? "a" : "an"} ${account.role}. Choose your password here to start:`,
      "",
      passwordLink(mail.siteUrl, link.token),
      "",
      "The link works once, for 24 hours. If you were not expecting this, you can ignore this email.",
      "",
    ].join("\n"),
  );
}

export function resetMail(mail: StudioMail, { account, link }: Issued): MailMessage {
  const site = mail.agency.name;
  return message(
    mail,
    account,
    `A new password for the ${site} website's studio`,
    [
      `Hello ${oneLine(account.name)},`,
      "",
      `Someone, we hope you, asked for a new password for your account in the ${site} website's studio. Choose it here:`,
      "",
      passwordLink(mail.siteUrl, link.token),
      "",
      "The link works once, for 24 hours. If you did not ask for it, ignore this email: your password stays as it is.",
      "",
    ].join("\n"),
  );
}

/** Queues a mail about an account's new link, in the transaction that issued it (accounts.ts AfterIssue). */
export const queueMail = (kind: StudioMailKind, write: (issued: Issued) => MailMessage) => async (trx: Db, issued: Issued) =>
  enqueueMail(trx, { kind, ownerId: issued.account.id, subjectEmail: issued.account.email, message: write(issued) });
