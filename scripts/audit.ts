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
import { exportToStdout, namedOptions, optionProblem, runAsScript, withUsage } from "./lib/cli.ts";

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
  const parsed = auditExportQuerySchema.safeParse(namedOptions(rest, OPTIONS, (problem) => new UsageError(problem)));
  if (!parsed.success) throw new UsageError(optionProblem(parsed.error.issues));
  return parsed.data;
}

const isUsage = (error: unknown) => error instanceof UsageError;

async function main(argv: string[]) {
  const { format, ...filter } = withUsage(() => parseArgs(argv), USAGE, isUsage);
  const { db, target } = await openDatabase(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  try {
    const entries = await exportToStdout(exportAudit(db, filter, format), format);
    process.stderr.write(`Exported ${entries} audit ${entries === 1 ? "entry" : "entries"} from ${describeTarget(target)}.\n`);
  } finally {
    await db.destroy();
  }
}

runAsScript(import.meta.url, "audit", main, isUsage);
