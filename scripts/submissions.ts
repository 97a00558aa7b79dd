/**
 * npm run submissions -- export <form> [--format csv|json]
 * npm run submissions -- erase <email>
 * npm run submissions -- outbox [retry]
 * npm run submissions -- file <id> [--out <path>]
 *
 * Reads the database the server uses (DATABASE_URL, default ./data/site.db). Export prints
 * to stdout, so `> contacts.csv` saves it; erase removes everything stored about one
 * address, every form, the files sent with them and the notification outbox; file writes
 * one stored file (a CV; the export names each with its id) to a file, never over an
 * existing one. Any form works: those in
 * content/collections/forms.json (their fields give the columns' order) and any the
 * database holds submissions of.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { collectionFileSchema } from "../schemas/collections/index.ts";
import { DEFAULT_DATABASE_URL } from "../server/config.ts";
import { ServerError } from "../server/errors.ts";
import { describeTarget, openDatabase } from "../server/storage/database.ts";
import { outboxReport, retryDeadLetters } from "../server/storage/outbox-admin.ts";
import { eraseEmail, exportCsv, exportSubmissions, isIntact, normalizeEmail, readStoredFile, storedForms } from "../server/storage/submissions.ts";
import { errors } from "../src/errors/catalogue.ts";
import { runAsScript } from "./lib/cli.ts";

const usage = (forms: string[]) => `Usage:
  npm run submissions -- export <${forms.join("|") || "form"}> [--format csv|json]
  npm run submissions -- erase <email>
  npm run submissions -- outbox [retry]
  npm run submissions -- file <id> [--out <path>]   (the id is in the export; default: the file's own name here)

The database is DATABASE_URL (default ${DEFAULT_DATABASE_URL}).`;

/** Bad usage: exits 2 with the message and the usage text. */
export class UsageError extends ServerError {
  constructor(problem: string) {
    super(errors.CliUsage(problem));
  }
}

type Command =
  | { name: "export"; form: string; format: "csv" | "json" }
  | { name: "erase"; email: string }
  | { name: "outbox"; retry: boolean }
  | { name: "file"; id: string; out?: string };

/** `forms`: the ids that can be exported, in the order they are offered. */
export function parseArgs(argv: string[], forms: string[]): Command {
  const [name, target, ...rest] = argv;
  if (name === "export") {
    if (!target) throw new UsageError(`Say what to export: ${forms.join(", ")}.`);
    if (!forms.includes(target)) throw new UsageError(`There is nothing called "${target}" to export. Choose one of: ${forms.join(", ")}.`);
    let format: "csv" | "json" = "csv";
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!;
      const value = arg.startsWith("--format=") ? arg.slice("--format=".length) : arg === "--format" ? rest[++i] : undefined;
      if (value === undefined) throw new UsageError(`Unknown option "${arg}".`);
      if (value !== "csv" && value !== "json") throw new UsageError(`--format is csv or json, not "${value}".`);
      format = value;
    }
    return { name, form: target, format };
  }
  if (name === "erase") {
    if (!target) throw new UsageError("Say whose data to erase: an email address.");
    if (rest.length > 0) throw new UsageError(`erase takes one email address; got also "${rest.join(" ")}".`);
    if (!/^[^\s@]+@[^\s@]+$/.test(target.trim())) throw new UsageError(`"${target}" is not an email address.`);
    return { name, email: target };
  }
  if (name === "outbox") {
    if (rest.length > 0 || (target !== undefined && target !== "retry")) throw new UsageError(`outbox takes nothing or "retry", not "${[target, ...rest].join(" ")}".`);
    return { name, retry: target === "retry" };
  }
  if (name === "file") {
    if (!target) throw new UsageError("Say which file to write: its id, from the export.");
    if (rest.length === 0) return { name, id: target };
    const out = rest.length === 1 && rest[0]!.startsWith("--out=") ? rest[0]!.slice("--out=".length) : rest.length === 2 && rest[0] === "--out" ? rest[1] : undefined;
    if (!out) throw new UsageError(`file takes an id and --out <path>, not "${rest.join(" ")}".`);
    return { name, id: target, out };
  }
  throw new UsageError(name ? `Unknown command "${name}".` : "Say what to do: export, erase, outbox or file.");
}

/** The forms content defines, with their fields in order (content/collections/forms.json under CONTENT_ROOT). */
export function contentForms(root = process.env.CONTENT_ROOT ?? "."): Map<string, string[]> {
  const file = path.resolve(root, "content/collections/forms.json");
  const { items } = collectionFileSchema("forms").parse(JSON.parse(readFileSync(file, "utf8")));
  return new Map(items.map((form) => [form.id, form.fields.map((f) => f.name)]));
}

/** The CSV lives with the storage, where the studio's export uses it too. */
export { toCsv } from "../server/storage/csv.ts";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function main(argv: string[]) {
  const fields = contentForms();
  const { db, target } = await openDatabase(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  try {
    const forms = [...new Set([...fields.keys(), ...(await storedForms(db))])];
    let command: Command;
    try {
      command = parseArgs(argv, forms);
    } catch (error) {
      if (error instanceof UsageError) error.message += `\n\n${usage(forms)}`;
      throw error;
    }
    if (command.name === "export") {
      const columns = fields.get(command.form);
      let rows: unknown[];
      if (command.format === "json") {
        ({ rows } = await exportSubmissions(db, command.form, columns));
        process.stdout.write(JSON.stringify(rows, null, 2) + "\n");
      } else {
        const exported = await exportCsv(db, command.form, columns);
        ({ rows } = exported);
        process.stdout.write(exported.csv);
      }
      process.stderr.write(`Exported ${plural(rows.length, "submission", "submissions")} of the ${command.form} form from ${describeTarget(target)}.\n`);
    } else if (command.name === "file") {
      const file = await readStoredFile(db, command.id);
      if (!file) throw new UsageError(`No file is stored with the id "${command.id}" (the export names each file's id).`);
      if (!isIntact(file)) throw new Error(`The stored file ${file.id} does not match its SHA-256: it was damaged in the database.`);
      const out = command.out ?? file.name;
      if (existsSync(out)) throw new UsageError(`${out} exists already: choose another path with --out.`);
      // "wx": never over a file, even one made since.
      writeFileSync(out, file.bytes, { flag: "wx" });
      process.stdout.write(`Wrote ${out}: ${file.name}, ${plural(file.size, "byte", "bytes")}, ${file.media_type}, sent in the ${file.field} field.\n`);
    } else if (command.name === "outbox") {
      if (command.retry) {
        const again = await retryDeadLetters(db);
        process.stdout.write(`${plural(again.retried, "dead letter", "dead letters")} will be sent again${again.unwritten > 0 ? `; ${again.unwritten} never written (NotificationNotBuilt) cannot be: read those submissions in the export` : ""}.\n`);
      } else {
        const report = await outboxReport(db);
        process.stdout.write(`Notifications: ${report.waiting} waiting, ${report.sent} sent, ${report.dead.length} dead.\n`);
        for (const d of report.dead) process.stdout.write(`  ${d.id}  ${d.kind}  ${d.attempts} attempts  dead since ${d.dead_at}  ${d.last_error ?? ""}\n`);
      }
    } else {
      const email = normalizeEmail(command.email);
      const erased = await eraseEmail(db, email);
      const parts = Object.entries(erased.forms).map(([form, n]) => plural(n, `${form} submission`, `${form} submissions`));
      if (erased.files > 0) parts.push(plural(erased.files, "file", "files"));
      process.stdout.write(
        parts.length === 0 && erased.outbox === 0
          ? `Nothing is stored about ${email}.\n`
          : `Erased ${email}: ${[...parts, plural(erased.outbox, "notification", "notifications")].join(", ")}.\n`,
      );
      if (!erased.purged) {
        process.stderr.write("Their bytes are still in the database's files: it was busy (a reader of SQLite's WAL, a lock on PostgreSQL). Run the same erase again to clear them.\n");
        process.exitCode = 1;
      }
    }
  } finally {
    await db.destroy();
  }
}

runAsScript(import.meta.url, "submissions", main, (error) => error instanceof UsageError);
