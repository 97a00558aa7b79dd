/**
 * npm run analytics -- export [--data breakdowns|days|conversions|raw] [--days <n> | --from <day> --to <day>] [--format csv|json]
 *
 * The site's analytics (docs/analytics.md), from the database the server uses (DATABASE_URL,
 * default ./data/site.db), printed to stdout, so `> analytics.csv` saves it: the rolled-up
 * figures and the raw views not rolled up yet, as CSV (formulas defused, as every export's)
 * or JSON. Days are UTC days, both ends included.
 */
import { ANALYTICS_EXPORTS, analyticsExportSchema } from "../schemas/analytics.ts";
import { dayOf, daysBefore } from "../server/analytics/visitor.ts";
import { DEFAULT_DATABASE_URL } from "../server/config.ts";
import { ServerError } from "../server/errors.ts";
import { exportAnalytics } from "../server/storage/analytics-export.ts";
import { describeTarget, openDatabase } from "../server/storage/database.ts";
import { errors } from "../src/errors/catalogue.ts";
import { exportToStdout, namedOptions, optionProblem, runAsScript, withUsage } from "./lib/cli.ts";

const USAGE = `Usage:
  npm run analytics -- export [--data ${ANALYTICS_EXPORTS.join("|")}] [--days <n> | --from <day> --to <day>] [--format csv|json]

--data       breakdowns (default): views and visitors per day and page, language, source, campaign, device;
             days: each day's views and visitors; conversions: forms sent per day, form, page, language, source;
             raw: the page views of the last two days, not rolled up yet (no visitor code)
--days       the last n days, today included; or --from and --to, days as 2026-11-28, both included.
             Without either: every day kept.
The database is DATABASE_URL (default ${DEFAULT_DATABASE_URL}).`;

/** Bad usage: exits 2 with the message and the usage text. */
export class UsageError extends ServerError {
  constructor(problem: string) {
    super(errors.AnalyticsCliUsage(problem));
  }
}

const OPTIONS = ["data", "days", "from", "to", "format"] as const;

/** `export` and its options (--name value or --name=value); `today` ends a --days period. */
export function parseArgs(argv: string[], today = dayOf(new Date())) {
  const [name, ...rest] = argv;
  if (name !== "export") throw new UsageError(name ? `Unknown command "${name}".` : "Say what to do: export.");
  const parsed = analyticsExportSchema.safeParse(namedOptions(rest, OPTIONS, (problem) => new UsageError(problem)));
  if (!parsed.success) throw new UsageError(optionProblem(parsed.error.issues));
  const { days, ...options } = parsed.data;
  return days === undefined ? options : { ...options, from: daysBefore(today, days - 1), to: today };
}

const isUsage = (error: unknown) => error instanceof UsageError;

async function main(argv: string[]) {
  const { format, ...what } = withUsage(() => parseArgs(argv), USAGE, isUsage);
  const { db, target } = await openDatabase(process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL);
  try {
    const rows = await exportToStdout(exportAnalytics(db, what, format), format);
    process.stderr.write(`Exported ${rows} row${rows === 1 ? "" : "s"} (${what.data}) from ${describeTarget(target)}.\n`);
  } finally {
    await db.destroy();
  }
}

runAsScript(import.meta.url, "analytics", main, isUsage);
