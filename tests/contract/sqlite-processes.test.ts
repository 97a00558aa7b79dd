/**
 * Processes that start at once on one SQLite file (a restart overlapping the old process, a CLI
 * beside the server) each open it: one migrates it, the others wait for it and find it done.
 * Kysely takes no lock for SQLite's migrations, and four processes on a new file failed to
 * start ("table ... already exists") in most rounds before the migrations ran in one IMMEDIATE
 * transaction (server/storage/database.ts).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../server/storage/database.ts";
import { migrations } from "../../server/storage/migrations.ts";

const PROCESSES = 4;
const ROUNDS = 3;
const OPEN = path.join(import.meta.dirname, "fixtures/open-database.ts");

/** Starts a process that opens the database; resolves with its exit code and output. */
function opening(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", OPEN, url], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

let dir: string;
beforeAll(() => void (dir = mkdtempSync(path.join(os.tmpdir(), "sqlite-processes-"))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test(`${PROCESSES} processes starting at once on a new SQLite file all open it, and every migration ran once (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const url = `file:${path.join(dir, `round-${round}.db`)}`;
    const started = await Promise.all(Array.from({ length: PROCESSES }, () => opening(url)));
    for (const { code, output } of started) expect({ round, code, output: output.trim().split("\n").slice(-3) }).toMatchObject({ code: 0, output: ["opened"] });
    const { db } = await openDatabase(url);
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    } finally {
      await db.destroy();
    }
  }
});
