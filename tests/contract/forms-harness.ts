/**
 * The real Fastify app for form API tests: a build directory holding the forms.json the
 * build would write (from the real content), a fresh database, and captured log lines.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { collectionFileSchema, type Collections } from "../../schemas/collections/index.ts";
import { type AppOptions, buildApp } from "../../server/app.ts";
import type { ServerConfig } from "../../server/config.ts";
import type { Db } from "../../server/storage/database.ts";
import site from "../../src/page/site-settings.ts";
import { type FormsManifest, formsManifest } from "../../src/runtime/build.server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The forms the build would write, from the real content (forms and the services they list). */
export function contentFormsManifest(): FormsManifest {
  const read = <N extends "forms" | "services">(name: N) =>
    collectionFileSchema(name).parse(JSON.parse(readFileSync(path.join(ROOT, "content/collections", `${name}.json`), "utf8"))).items;
  const collections = { forms: read("forms"), services: read("services") } as unknown as Collections;
  return formsManifest({ site, collections });
}

/** A minimal build: forms.json, a site manifest and a 404 page, so the whole app starts. */
export function makeTestBuild(manifest: FormsManifest = contentFormsManifest()): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "forms-build-"));
  mkdirSync(path.join(dir, "client", "404"), { recursive: true });
  writeFileSync(path.join(dir, "client", "404", "index.html"), "<!doctype html><title>Not found</title><h1>Not found</h1>");
  writeFileSync(path.join(dir, "site-manifest.json"), JSON.stringify({ redirects: {}, notFound: [{ prefix: "/", page: "/404" }] }));
  writeFileSync(path.join(dir, "forms.json"), JSON.stringify(manifest));
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  /** Every log line the app wrote, as JSON text. */
  logs: string[];
  databaseUrl: string;
  close(): Promise<void>;
}

export interface StartOptions extends Partial<ServerConfig> {
  notifications?: AppOptions["notifications"];
  timeouts?: AppOptions["timeouts"];
  studioLimits?: AppOptions["studioLimits"];
  rebuilds?: AppOptions["rebuilds"];
  pushRetry?: AppOptions["pushRetry"];
}

/** Starts the app on a fresh SQLite file in a temp dir unless a databaseUrl is given. */
export async function startFormsApp({ notifications, timeouts, studioLimits, rebuilds, pushRetry, ...config }: StartOptions = {}): Promise<TestApp> {
  const buildDir = config.buildDir ?? makeTestBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "forms-data-"));
  const databaseUrl = config.databaseUrl ?? `file:${path.join(dataDir, "site.db")}`;
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const cleanUp = () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (!config.buildDir) rmSync(buildDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(
      { host: "127.0.0.1", port: 0, https: false, formRateLimit: 0, ...config, buildDir, databaseUrl },
      { notifications, timeouts, studioLimits, rebuilds, pushRetry, logStream: stream },
    );
    await app.ready();
  } catch (error) {
    cleanUp();
    throw error;
  }
  return {
    app,
    logs,
    databaseUrl,
    async close() {
      await app.close();
      cleanUp();
    },
  };
}

export const json = { "content-type": "application/json" };

/** A urlencoded body posted as a browser without JavaScript posts a form of this site (an inject request). */
export const browserPost = (url: string, payload: string) => ({
  method: "POST" as const,
  url,
  payload,
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    "sec-fetch-site": "same-origin",
    "sec-fetch-mode": "navigate",
    origin: "http://localhost:80",
    referer: "http://localhost:80/form-page",
    host: "localhost:80",
  },
});

export const validContact = {
  name: "Priya Sharma",
  email: "priya.sharma@example.com",
  phone: "+91 98765 43210",
  company: "Sharma Textiles",
  service: "Web Development",
  message: "We need a new online store for our textile business before Diwali.",
  consent: "yes",
};

export const validCareers = {
  name: "Arjun Mehta",
  email: "arjun.mehta@example.com",
  position: "Frontend Developer (React)",
  message: "Five years of React; portfolio at https://arjun.example.com",
  consent: "yes",
};

/** The stored submissions of one form, oldest first, with their values parsed. */
export async function submissionsOf(db: Db, form: string) {
  const rows = await db.selectFrom("submissions").selectAll().where("form", "=", form).orderBy("created_at").orderBy("id").execute();
  return rows.map((row) => ({ ...row, values: JSON.parse(row.data) as Record<string, string> }));
}

/** What countRows answers when nothing at all is stored. */
export const nothingStored = { submissions: 0, outbox: 0, byForm: {} };
