/**
 * npm run audit -- export [--since <date>] [--until <date>] [--action <action>] [--actor <email>] [--format csv|json]
 *
 * The studio's audit log (docs/studio.md "The audit log"), from the database the server uses
 * (DATABASE_URL, default ./data/site.db), printed to stdout oldest first, so `> audit.csv`
 * saves it: the same CSV (formulas defused) or JSON the studio's /admin/audit downloads.
 * Dates are a day (2026-11-26, from midnight UTC) or a moment with its zone (2026-11-26T18:00:00Z).
 */
import { auditExportQuerySchema } from "../schemas/studio-audit.ts";
import { DEFAULT_DATABASE_URL } from "../server/config.ts";
import { ServerError } from "../server/errors.ts";
import { describeTarget, openDatabase } from "../server/storage/database.ts";
import { exportAudit } from "../server/studio/audit.ts";
import { errors } from "../src/errors/catalogue.ts";
import { runAsScript } from "./lib/cli.ts";

const USAGE = `Usage:
  npm run audit -- export [--since <date>] [--until <date>] [--action <action>] [--actor <email>] [--format csv|json]

A date is a day (2026-11-26) or a moment with its zone (2026-11-26T18:00:00Z); --until is exclusive.
The database is DATABASE_URL (default ${DEFAULT_DATABASE_URL}).`;

/** Bad usage: exits 2 with the message and the usage text. */
export class UsageError extends ServerError {
  constructor(problem: string) {
    super(errors.AuditCliUsage(problem));
  }
}

const OPTIONS = ["since", "until", "action", "actor", "format"] as const;

/** `export` and its options (--name value or --name=value), checked by the API's own schema. */
export function parseArgs(argv: string[]) {
  const [name, ...rest] = argv;
  if (name !== "export") throw new UsageError(name ? `Unknown command "${name}".` : "Say what to do: export.");
  const given: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const option = OPTIONS.find((o) => flag === `--${o}`);
    if (!option) throw new UsageError(`Unknown option "${arg}".`);
    const value = inline ?? rest[++i];
    if (value === undefined || value.trim() === "") throw new UsageError(`${flag} needs a value.`);
    given[option] = value;
  }
  const parsed = auditExportQuerySchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`--${issue.path.join(".")}: ${issue.message}.`);
  }
  return parsed.data;
}

async function main(argv: string[]) {
  let command: ReturnType<typeof parseArgs>;
  try {
    command = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) error.message += `\n\n${USAGE}`;
    throw error;
  }
  const { format, ...filter } = command;
  const { db, target } = await openDatabase(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  try {
    let lines = 0;
    for await (const piece of exportAudit(db, filter, format)) {
      lines++;
      // Wait for a full pipe to drain, so a long log is never held in memory.
      if (!process.stdout.write(piece)) await new Promise((resolve) => process.stdout.once("drain", resolve));
    }
    // Pieces are one per entry, besides the CSV header line and the JSON array's two brackets.
    const entries = Math.max(0, lines - (format === "csv" ? 1 : 2));
    process.stderr.write(`Exported ${entries} audit ${entries === 1 ? "entry" : "entries"} from ${describeTarget(target)}.\n`);
  } finally {
    await db.destroy();
  }
}

runAsScript(import.meta.url, "audit", main, (error) => error instanceof UsageError);
