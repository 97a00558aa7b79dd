/**
 * npm run users -- add <email> --name "…" --role admin|editor|contributor
 * npm run users -- list
 * npm run users -- disable <email>
 * npm run users -- role <email> <admin|editor|contributor>
 * npm run users -- reset <email>
 *
 * The studio's accounts (docs/studio.md), in the database the server uses (DATABASE_URL,
 * default ./data/site.db). `add` and `reset` print a one-time link, valid 24 hours, for the
 * person to set their password; its base is SITE_URL, or the server's own address
 * (http://HOST:PORT) when unset. The first admin is made here.
 */
import { DEFAULT_DATABASE_URL, siteUrlFrom } from "../server/config.ts";
import { ServerError } from "../server/errors.ts";
import { type Db, describeTarget, openDatabase } from "../server/storage/database.ts";
import { type Account, changeRole, disableAccount, findAccount, inviteAccount, issueResetLink, listAccounts, type Outcome } from "../server/studio/auth/accounts.ts";
import { type AuditAction, recordAudit } from "../server/studio/audit.ts";
import { passwordLink } from "../server/studio/links.ts";
import { ROLES } from "../server/studio/roles.ts";
import { inviteSchema, type Role, roleSchema } from "../schemas/studio.ts";
import { errors } from "../src/errors/catalogue.ts";
import { userInfo } from "node:os";
import { runAsScript } from "./lib/cli.ts";

const USAGE = `Usage:
  npm run users -- add <email> --name "Full Name" --role ${ROLES.join("|")}
  npm run users -- list
  npm run users -- disable <email>
  npm run users -- role <email> <${ROLES.join("|")}>
  npm run users -- reset <email>

The database is DATABASE_URL (default ${DEFAULT_DATABASE_URL}); links start with SITE_URL (default http://HOST:PORT).`;

/** Bad usage: exits 2 with the message and the usage text. */
export class UsageError extends ServerError {
  constructor(problem: string) {
    super(errors.UsersCliUsage(problem));
  }
}

type Command =
  | { name: "add"; email: string; fullName: string; role: Role }
  | { name: "list" }
  | { name: "disable" | "reset"; email: string }
  | { name: "role"; email: string; role: Role };

const isEmail = (text: string) => inviteSchema.shape.email.safeParse(text).success;

function roleOf(text: string | undefined): Role {
  const parsed = roleSchema.safeParse(text);
  if (!parsed.success) throw new UsageError(text === undefined ? `Say which role: ${ROLES.join(", ")}.` : `"${text}" is not a role; choose one of: ${ROLES.join(", ")}.`);
  return parsed.data;
}

function emailOf(command: string, text: string | undefined): string {
  if (!text) throw new UsageError(`Say whose account to ${command}: an email address.`);
  if (!isEmail(text)) throw new UsageError(`"${text}" is not an email address.`);
  return text.trim().toLowerCase();
}

export function parseArgs(argv: string[]): Command {
  const [name, target, ...rest] = argv;
  if (name === "list") {
    if (target !== undefined) throw new UsageError(`list takes nothing; got "${argv.slice(1).join(" ")}".`);
    return { name };
  }
  if (name === "add") {
    const email = emailOf("add", target);
    let fullName: string | undefined;
    let role: string | undefined;
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!;
      const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
      if (flag !== "--name" && flag !== "--role") throw new UsageError(`Unknown option "${arg}".`);
      const value = inline ?? rest[++i];
      if (value === undefined || value.trim() === "") throw new UsageError(`${flag} needs a value.`);
      if (flag === "--name") fullName = value.trim();
      else role = value;
    }
    if (!fullName) throw new UsageError('Say the person\'s name: --name "Full Name".');
    if (fullName.length > 120) throw new UsageError("The name is longer than 120 characters.");
    return { name, email, fullName, role: roleOf(role) };
  }
  if (name === "disable" || name === "reset") {
    const email = emailOf(name, target);
    if (rest.length > 0) throw new UsageError(`${name} takes one email address; got also "${rest.join(" ")}".`);
    return { name, email };
  }
  if (name === "role") {
    const email = emailOf("change", target);
    if (rest.length > 1) throw new UsageError(`role takes an email address and a role; got also "${rest.slice(1).join(" ")}".`);
    return { name, email, role: roleOf(rest[0]) };
  }
  throw new UsageError(name ? `Unknown command "${name}".` : "Say what to do: add, list, disable, role or reset.");
}

/** Where links lead: SITE_URL, or the server's own address. */
export const linkBase = (env: NodeJS.ProcessEnv = process.env) => siteUrlFrom(env).siteUrl ?? `http://${env.HOST ?? "127.0.0.1"}:${env.PORT ?? 3000}`;

/** A refusal from the accounts module: printed, exit 1. */
class Refused extends Error {}
const settled = <T>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Refused(`${outcome.error.message} ${outcome.error.hint}`);
  return outcome.value;
};

/**
 * A change made here goes to the studio's audit log as the server's do: no account acted, so
 * the actor is empty and the detail names the command and the system user who ran it. A
 * failed record is said on stderr; the change stands.
 */
const systemUser = () => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "";
  }
};

const recordCommand = (db: Db, action: AuditAction, target: string, detail: Record<string, unknown> = {}) =>
  recordAudit(db, { action, actor: null, target, detail: { ...detail, via: "npm run users", systemUser: systemUser() } }, {
    error: (details, message) => process.stderr.write(`users: ${message}: ${String((details as { err?: unknown }).err)}\n`),
  });

const line = (a: Account) => `  ${a.email}  ${a.name}  ${a.role}  ${a.status}  since ${a.createdAt}`;

async function main(argv: string[]) {
  let command: Command;
  try {
    command = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) error.message += `\n\n${USAGE}`;
    throw error;
  }
  const base = linkBase(); // a bad SITE_URL stops here, before anything is written
  const { db, target } = await openDatabase(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  const out = (text: string) => process.stdout.write(`${text}\n`);
  try {
    if (command.name === "list") {
      const accounts = await listAccounts(db);
      out(accounts.length === 0 ? `No studio accounts yet in ${describeTarget(target)}.` : `${accounts.length} studio account${accounts.length === 1 ? "" : "s"}:\n${accounts.map(line).join("\n")}`);
    } else if (command.name === "add") {
      const { account, link } = settled(await inviteAccount(db, { email: command.email, name: command.fullName, role: command.role }));
      await recordCommand(db, "user.invite", account.email, { role: account.role, mailed: false });
      out(`Invited ${account.name} <${account.email}> as ${account.role}. Send them this link to set their password (once, until ${link.expiresAt}):\n  ${passwordLink(base, link.token)}`);
    } else if (command.name === "reset") {
      const { account, link } = settled(await issueResetLink(db, command.email));
      await recordCommand(db, "password.reset", account.email, { mailed: false });
      out(`A new link for ${account.email} (once, until ${link.expiresAt}; earlier links no longer work):\n  ${passwordLink(base, link.token)}`);
    } else if (command.name === "disable") {
      const { account, sessionsEnded } = settled(await disableAccount(db, { email: command.email }));
      await recordCommand(db, "user.disable", account.email, { sessionsEnded });
      out(`Disabled ${account.email}; ${sessionsEnded} session${sessionsEnded === 1 ? "" : "s"} ended.`);
    } else if (command.name === "role") {
      const before = await findAccount(db, { email: command.email });
      const account = settled(await changeRole(db, { email: command.email }, command.role));
      await recordCommand(db, "user.role", account.email, { from: before?.account.role, to: account.role });
      out(`${account.email} is now ${account.role}.`);
    }
  } finally {
    await db.destroy();
  }
}

runAsScript(import.meta.url, "users", main, (error) => error instanceof UsageError);
