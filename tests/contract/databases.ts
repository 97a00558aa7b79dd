/**
 * The two databases storage tests run on: a SQLite file (the default) and a database in a
 * real throwaway PostgreSQL cluster (./postgres.ts, one cluster per test file, stopped
 * after it). `describeOnEachDatabase` runs a group on both; `groupDatabase` gives the group a
 * fresh database of its own.
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

/**
 * `describe` the group once per database (title with `$name`: "… on SQLite", "… on PostgreSQL"),
 * the PostgreSQL one skipped with a note when its binaries are missing.
 */
export function describeOnEachDatabase(title: string, group: (target: DatabaseTarget) => void) {
  describe.each(databaseTargets())(title, (target) => {
    if (!target.available) {
      test.skip("PostgreSQL binaries not found (see the message above)", () => undefined);
      return;
    }
    group(target);
  });
}

/**
 * In a group: a fresh database of `target`, made before the hooks the group registers after this
 * call and removed after theirs (Vitest runs after-hooks in reverse order). Its URL once made.
 */
export function groupDatabase(target: DatabaseTarget): { readonly url: string } {
  let made: { url: string; teardown(): Promise<void> } | undefined;
  beforeAll(async () => {
    made = await target.setup();
  });
  afterAll(async () => {
    await made?.teardown();
  });
  return {
    get url() {
      if (!made) throw new Error("the group's database is made in beforeAll");
      return made.url;
    },
  };
}
