/**
 * Issue 37: erasure removes the data from the database's files, not only its rows. A person's
 * application (a marker in its message, their address, a CV with a marker in its bytes) is
 * stored last, after other people's, then erased; the files are then read raw, as anyone
 * with a copy of them could: SQLite's site.db, -wal and -shm; on PostgreSQL every file of
 * the database in the cluster's data directory, after a checkpoint has written what the
 * server held in memory. Before the erasure the markers are there, so the test reads the
 * right files; after it they are nowhere.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { parseDatabaseUrl } from "../../server/storage/database.ts";
import { eraseEmail } from "../../server/storage/submissions.ts";
import { type DatabaseTarget, describeOnEachDatabase, groupDatabase, sharedPostgres } from "./databases.ts";
import { multipartPost, type Part } from "./fixtures/multipart.ts";
import { startFormsApp, type TestApp, validCareers } from "./forms-harness.ts";

const TEXT_MARKER = "ErasureMarkerInTheMessage7f3a";
const FILE_MARKER = "ErasureMarkerInsideTheCv91c2";
const PERSON = "erase.me.marker@example.com";
const MARKERS = [TEXT_MARKER, FILE_MARKER, PERSON];

/**
 * A PDF (by its first bytes) of random bytes around the marker: incompressible, so PostgreSQL
 * stores it as it is (out of line, in the TOAST table) rather than compressed, where the marker
 * would not be readable before the erasure either.
 */
const cv = (marker: string) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(40_000), Buffer.from(marker), randomBytes(40_000)]);

const application = (email: string, message: string, file: Buffer): Part[] => [
  ...Object.entries({ ...validCareers, email, message }).map(([name, value]) => ({ name, value })),
  { name: "cv", filename: "cv.pdf", type: "application/pdf", bytes: file },
];

/** Every file of the database as bytes, read after whatever the engine held in memory is written out. */
async function databaseFiles(target: DatabaseTarget, url: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  if (target.name === "SQLite") {
    const { file } = parseDatabaseUrl(url) as { file: string };
    for (const name of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(name)) files.set(path.basename(name), readFileSync(name));
    return files;
  }
  const admin = new pg.Client({ connectionString: (await sharedPostgres()).url });
  await admin.connect();
  try {
    await admin.query("CHECKPOINT");
    const dataDir: string = (await admin.query("SHOW data_directory")).rows[0].data_directory;
    const { oid } = (await admin.query("SELECT oid FROM pg_database WHERE datname = $1", [new URL(url).pathname.slice(1)])).rows[0];
    const dir = path.join(dataDir, "base", String(oid));
    for (const name of readdirSync(dir)) files.set(name, readFileSync(path.join(dir, name)));
  } finally {
    await admin.end();
  }
  return files;
}

/** Which markers are in which files. */
const found = (files: Map<string, Buffer>) => MARKERS.flatMap((marker) => [...files].filter(([, bytes]) => bytes.includes(marker)).map(([name]) => `${marker} in ${name}`));

describeOnEachDatabase("erasure on $name", (target) => {
  const database = groupDatabase(target);
  let t: TestApp;
  beforeAll(async () => {
    t = await startFormsApp({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await t?.close();
  });

  test("an erased application, its message, address and CV, is nowhere in the database's files", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject(multipartPost("/api/careers", application(`someone${i}@example.com`, `Another applicant, number ${i}.`, cv(`kept-${i}`))));
      expect(response.statusCode).toBe(200);
    }
    // Stored last: its tuples sit at the free end of their pages, where compacting a page moves nothing over them.
    const mine = await t.app.inject(multipartPost("/api/careers", application(PERSON, `Please call me. ${TEXT_MARKER}`, cv(FILE_MARKER))));
    expect(mine.statusCode).toBe(200);

    expect(found(await databaseFiles(target, database.url)).length).toBeGreaterThanOrEqual(MARKERS.length);

    expect(await eraseEmail(t.app.storage.db, PERSON)).toEqual({ forms: { careers: 1 }, files: 1, outbox: 1, purged: true });
    expect(found(await databaseFiles(target, database.url))).toEqual([]);
    // The others' data stays.
    const kept = await databaseFiles(target, database.url);
    expect([...kept.values()].some((bytes) => bytes.includes("kept-4"))).toBe(true);
  });

  // A transaction left open elsewhere once kept VACUUM FULL waiting for its lock for ever, and every submission queued behind it.
  test.runIf(target.name === "PostgreSQL")("an erasure while another transaction reads the tables erases the rows at once and says the bytes are not cleared yet; run again, it clears them", async () => {
    expect((await t.app.inject(multipartPost("/api/careers", application("busy@example.com", "Please call me.", cv("busy-cv"))))).statusCode).toBe(200);
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    try {
      await reader.query("BEGIN");
      await reader.query("SELECT count(*) FROM submissions");
      const started = Date.now();
      expect(await eraseEmail(t.app.storage.db, "busy@example.com")).toEqual({ forms: { careers: 1 }, files: 1, outbox: 1, purged: false });
      expect(Date.now() - started).toBeLessThan(10_000);
      // Submissions go on meanwhile.
      expect((await t.app.inject(multipartPost("/api/careers", application("next@example.com", "Hello.", cv("next-cv"))))).statusCode).toBe(200);
    } finally {
      await reader.query("ROLLBACK");
      await reader.end();
    }
    expect(await eraseEmail(t.app.storage.db, "busy@example.com")).toMatchObject({ purged: true });
  });
});
