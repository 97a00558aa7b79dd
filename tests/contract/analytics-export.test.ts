/**
 * `npm run analytics -- export` (docs/analytics.md) on SQLite and PostgreSQL: the rolled-up
 * figures and the raw views not rolled up yet together, over a period, as CSV (the exports'
 * one writer, formulas defused) or JSON; raw views without their visitor code. The command
 * itself once, as a process: its export, and a usage error (exit 2, the usage on stderr).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs, UsageError } from "../../scripts/analytics.ts";
import { exportAnalytics } from "../../server/storage/analytics-export.ts";
import { CSV_BOM } from "../../server/storage/csv.ts";
import { type Db, openDatabase } from "../../server/storage/database.ts";
import { describeOnEachDatabase, groupDatabase } from "./databases.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// The command runs as a process through tsx: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

async function seed(db: Db) {
  const daily = (day: string, dimension: string, value: string, views: number, visitors: number) => ({ day, dimension, value, views, visitors });
  await db.insertInto("analytics_daily").values([daily("2026-11-01", "path", "/about", 5, 4), daily("2026-11-01", "source", "=HYPERLINK(\"https://evil.example\")", 5, 4), daily("2026-11-20", "path", "/about", 7, 6)]).execute();
  await db.insertInto("analytics_days").values([{ day: "2026-11-01", views: 5, visitors: 4 }, { day: "2026-11-20", views: 7, visitors: 6 }]).execute();
  const view = (id: string, visitor: string, path: string) => ({ id, day: "2026-11-27", visitor, path, locale: "en", source: "", medium: "", campaign: "", device: "mobile" });
  await db.insertInto("analytics_views").values([view("v1", "visitor-a", "/about"), view("v2", "visitor-a", "/"), view("v3", "visitor-b", "/about")]).execute();
  await db.insertInto("analytics_conversions").values({ day: "2026-11-20", form: "contact", path: "/contact", locale: "en", source: "+91 newsletter", conversions: 2 }).execute();
}

const text = async (pieces: AsyncIterable<string>) => {
  let all = "";
  for await (const piece of pieces) all += piece;
  return all;
};

describeOnEachDatabase("analytics export on $name", (target) => {
  const database = groupDatabase(target);
  let db: Db;
  beforeAll(async () => {
    db = (await openDatabase(database.url)).db;
    await seed(db);
  });
  afterAll(() => db?.destroy());

  test("breakdowns: rolled-up days and the raw views not rolled up yet, counted alike, in CSV with formulas defused", async () => {
    const csv = await text(exportAnalytics(db, { data: "breakdowns" }, "csv"));
    const lines = csv.replace(CSV_BOM, "").trimEnd().split("\r\n");
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(lines[0]).toBe("day,breakdown,value,views,visitors");
    expect(lines).toContain(`2026-11-01,source,"'=HYPERLINK(""https://evil.example"")",5,4`);
    expect(lines).toContain("2026-11-27,path,/about,2,2");
    expect(lines).toContain("2026-11-27,path,/,1,1");
    expect(lines).toContain("2026-11-27,device,mobile,3,2");
    expect(lines.filter((line) => line.startsWith("2026-11-27,")), "each breakdown of the raw views").toHaveLength(2 + 1 + 1 + 1 + 1);
  });

  test("a period, days, conversions and raw views in JSON", async () => {
    const json = async (data: "breakdowns" | "days" | "conversions" | "raw", period: { from?: string; to?: string } = {}) => JSON.parse(await text(exportAnalytics(db, { data, ...period }, "json")));
    expect(await json("breakdowns", { from: "2026-11-02", to: "2026-11-26" })).toEqual([{ day: "2026-11-20", breakdown: "path", value: "/about", views: 7, visitors: 6 }]);
    expect(await json("days")).toEqual([
      { day: "2026-11-01", views: 5, visitors: 4 },
      { day: "2026-11-20", views: 7, visitors: 6 },
      { day: "2026-11-27", views: 3, visitors: 2 },
    ]);
    expect(await json("conversions")).toEqual([{ day: "2026-11-20", form: "contact", page: "/contact", locale: "en", source: "+91 newsletter", conversions: 2 }]);
    const raw = await json("raw", { from: "2026-11-27", to: "2026-11-27" });
    expect(raw).toHaveLength(3);
    expect(raw[0]).toEqual({ day: "2026-11-27", path: "/about", locale: "en", source: "", medium: "", campaign: "", device: "mobile" });
    expect(JSON.stringify(raw)).not.toContain("visitor-");
    expect(await json("days", { from: "2027-01-01", to: "2027-01-31" })).toEqual([]);
    expect(await text(exportAnalytics(db, { data: "conversions", from: "2027-01-01" }, "csv"))).toBe(`${CSV_BOM}day,form,page,locale,source,conversions\r\n`);
  });
});

describe("npm run analytics", () => {
  test("its options: a data set, a period of days or from and to, a format", () => {
    expect(parseArgs(["export"])).toEqual({ data: "breakdowns", format: "csv" });
    expect(parseArgs(["export", "--data", "days", "--days=7", "--format", "json"], "2026-11-28")).toEqual({ data: "days", format: "json", from: "2026-11-22", to: "2026-11-28" });
    expect(parseArgs(["export", "--from", "2026-11-01", "--to", "2026-11-30"])).toMatchObject({ from: "2026-11-01", to: "2026-11-30" });
    for (const bad of [[], ["import"], ["export", "--data", "visitors"], ["export", "--days", "0"], ["export", "--days", "seven"], ["export", "--days", "7", "--from", "2026-11-01"], ["export", "--from", "2026-11-31"], ["export", "--from", "2026-11-20", "--to", "2026-11-01"], ["export", "--format", "xlsx"], ["export", "--out", "x.csv"], ["export", "--data"]]) {
      expect(() => parseArgs(bad), bad.join(" ")).toThrow(UsageError);
    }
  });

  test("exports from the database the server uses; bad usage exits 2 with the usage on stderr", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "analytics-cli-"));
    const databaseUrl = `file:${path.join(dir, "site.db")}`;
    const { db } = await openDatabase(databaseUrl);
    await seed(db);
    await db.destroy();
    const cli = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "scripts/analytics.ts", ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
    const exported = cli("export", "--data", "days", "--from", "2026-11-01", "--to", "2026-11-30");
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(`${CSV_BOM}day,views,visitors\r\n2026-11-01,5,4\r\n2026-11-20,7,6\r\n2026-11-27,3,2\r\n`);
    expect(exported.stderr).toMatch(/^Exported 3 rows \(days\) from /);
    const refused = cli("export", "--days", "5", "--from", "2026-11-01");
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("--days, or --from and --to, not both");
    expect(refused.stderr).toContain("Usage:\n  npm run analytics -- export");
    rmSync(dir, { recursive: true, force: true });
  });
});
