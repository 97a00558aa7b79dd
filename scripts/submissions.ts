/**
 * npm run submissions -- export <newsletter|contact|careers> [--format csv|json]
 * npm run submissions -- erase <email>
 *
 * Reads the database the server uses (DATABASE_URL, default ./data/site.db). Export prints
 * to stdout, so `> contacts.csv` saves it; erase removes everything stored about one
 * address, in every table, the notification outbox included.
 */
import { DEFAULT_DATABASE_URL } from "../server/config.ts";
import { describeTarget, openDatabase } from "../server/storage/database.ts";
import { eraseEmail, exportColumns, exportSubmissions, isStoreKind, normalizeEmail, storeKinds, stores } from "../server/storage/submissions.ts";

const USAGE = `Usage:
  npm run submissions -- export <${storeKinds.join("|")}> [--format csv|json]
  npm run submissions -- erase <email>

The database is DATABASE_URL (default ${DEFAULT_DATABASE_URL}).`;

export class UsageError extends Error {}

type Command = { name: "export"; kind: keyof typeof stores; format: "csv" | "json" } | { name: "erase"; email: string };

export function parseArgs(argv: string[]): Command {
  const [name, target, ...rest] = argv;
  if (name === "export") {
    if (!target) throw new UsageError(`Say what to export: ${storeKinds.join(", ")}.`);
    if (!isStoreKind(target)) throw new UsageError(`There is nothing called "${target}" to export. Choose one of: ${storeKinds.join(", ")}.`);
    let format: "csv" | "json" = "csv";
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!;
      const value = arg.startsWith("--format=") ? arg.slice("--format=".length) : arg === "--format" ? rest[++i] : undefined;
      if (value === undefined) throw new UsageError(`Unknown option "${arg}".`);
      if (value !== "csv" && value !== "json") throw new UsageError(`--format is csv or json, not "${value}".`);
      format = value;
    }
    return { name, kind: target, format };
  }
  if (name === "erase") {
    if (!target) throw new UsageError("Say whose data to erase: an email address.");
    if (rest.length > 0) throw new UsageError(`erase takes one email address; got also "${rest.join(" ")}".`);
    if (!/^[^\s@]+@[^\s@]+$/.test(target.trim())) throw new UsageError(`"${target}" is not an email address.`);
    return { name, email: target };
  }
  throw new UsageError(name ? `Unknown command "${name}".` : "Say what to do: export or erase.");
}

/** RFC 4180 CSV. A cell a spreadsheet would run as a formula (=, +, -, @) is prefixed with '. */
export function toCsv(rows: Record<string, string>[], columns: string[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [columns, ...rows.map((row) => columns.map((c) => row[c] ?? ""))].map((line) => line.map(cell).join(",")).join("\r\n") + "\r\n";
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function main(argv: string[]) {
  const command = parseArgs(argv);
  const { db, target } = await openDatabase(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  try {
    if (command.name === "export") {
      const rows = await exportSubmissions(db, command.kind);
      if (command.format === "json") process.stdout.write(JSON.stringify(rows, null, 2) + "\n");
      else process.stdout.write(toCsv(rows, exportColumns(command.kind)));
      process.stderr.write(`Exported ${plural(rows.length, "row", "rows")} of ${stores[command.kind].label} from ${describeTarget(target)}.\n`);
    } else {
      const email = normalizeEmail(command.email);
      const erased = await eraseEmail(db, email);
      const total = Object.values(erased).reduce((a, b) => a + b, 0);
      process.stdout.write(
        total === 0
          ? `Nothing is stored about ${email}.\n`
          : `Erased ${email}: ${plural(erased.newsletter_subscribers, "newsletter subscription", "newsletter subscriptions")}, ` +
              `${plural(erased.contact_enquiries, "contact enquiry", "contact enquiries")}, ` +
              `${plural(erased.job_applications, "job application", "job applications")}, ` +
              `${plural(erased.outbox, "notification", "notifications")}.\n`,
      );
    }
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`submissions: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
