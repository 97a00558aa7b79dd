/**
 * The two databases storage tests run on: a SQLite file (the default) and a database in a
 * real throwaway PostgreSQL cluster (./postgres.ts, one cluster per test file, stopped
 * after it). `describe.each(databaseTargets())` runs a group on both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { findPostgresBin, NO_POSTGRES_MESSAGE, type Postgres, startPostgres } from "../../scripts/lib/throwaway-postgres.ts";

export interface DatabaseTarget {
  name: "SQLite" | "PostgreSQL";
  available: boolean;
  /** A fresh, empty database. */
  setup(): Promise<{ url: string; teardown(): Promise<void> }>;
}

let postgres: Postgres | undefined;
let databases = 0;

/** The file's PostgreSQL cluster, started on first use. */
export async function sharedPostgres(): Promise<Postgres> {
  postgres ??= await startPostgres();
  if (!postgres) throw new Error("No PostgreSQL binaries (initdb, pg_ctl) found");
  return postgres;
}

/** Stops the file's cluster, if one was started. */
export const stopSharedPostgres = () => {
  postgres?.stop();
  postgres = undefined;
};

/** A new empty database in the file's cluster. */
export async function createPostgresDatabase(): Promise<string> {
  const cluster = await sharedPostgres();
  const name = `forms_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return cluster.url.replace(/\/postgres$/, `/${name}`);
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: "SQLite",
      available: true,
      async setup() {
        const dir = mkdtempSync(path.join(os.tmpdir(), "forms-sqlite-"));
        return { url: `file:${path.join(dir, "site.db")}`, teardown: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    {
      name: "PostgreSQL",
      available: findPostgresBin() !== undefined,
      async setup() {
        return { url: await createPostgresDatabase(), teardown: async () => undefined };
      },
    },
  ];
  if (!targets[1]!.available) console.warn(NO_POSTGRES_MESSAGE);
  afterAll(stopSharedPostgres);
  return targets;
}
