/** What the project's command-line tools (npm run submissions, users, audit, analytics) share. */

/**
 * Runs `main` when `moduleUrl` (the tool's import.meta.url) is the script node was started
 * with, not when a test imports it. Bad usage exits 2 with its message (the usage text
 * included); any other failure exits 1, its message after the tool's name.
 */
export function runAsScript(moduleUrl: string, name: string, main: (argv: string[]) => Promise<void>, isUsage: (error: unknown) => boolean) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (isUsage(error)) {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(2);
    }
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}

/** A bench's `--name N` option: a positive number, or the fallback when not given. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} takes a positive number.`);
  return value;
}

/**
 * A command's options (--name value or --name=value), each one of `names`, into a record for its
 * schema to check; `usage(problem)` is the error thrown for anything else.
 */
export function namedOptions<Name extends string>(args: readonly string[], names: readonly Name[], usage: (problem: string) => Error): Partial<Record<Name, string>> {
  const given: Partial<Record<Name, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const option = names.find((o) => flag === `--${o}`);
    if (!option) throw usage(`Unknown option "${arg}".`);
    const value = inline ?? args[++i];
    if (value === undefined || value.trim() === "") throw usage(`${flag} needs a value.`);
    given[option] = value;
  }
  return given;
}

/** A schema's first complaint about a command's options, as the usage error's problem. */
export const optionProblem = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const issue = issues[0]!;
  return issue.path.length > 0 ? `--${issue.path.map(String).join(".")}: ${issue.message}.` : `${issue.message}.`;
};

/** `parse()`'s command, or its usage error with the usage text after the problem. */
export function withUsage<T>(parse: () => T, usage: string, isUsage: (error: unknown) => boolean): T {
  try {
    return parse();
  } catch (error) {
    if (isUsage(error)) (error as Error).message += `\n\n${usage}`;
    throw error;
  }
}

/**
 * An export (server/storage/csv.ts exportPieces) to stdout, waiting for a full pipe to drain so a
 * long one is never held in memory; answers how many rows it wrote (a piece a row, besides the
 * CSV header line and the JSON array's two brackets).
 */
export async function exportToStdout(pieces: AsyncIterable<string>, format: "csv" | "json"): Promise<number> {
  let count = 0;
  for await (const piece of pieces) {
    count++;
    if (!process.stdout.write(piece)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  }
  return Math.max(0, count - (format === "csv" ? 1 : 2));
}
