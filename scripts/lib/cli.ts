/** What the project's command-line tools (npm run submissions, npm run users) share. */

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
