/**
 * A studio server for the studio's browser tests: the built server (`node build/server.js`,
 * the worktree's build) with STUDIO=1, a database of its own, on http://localhost (a loopback
 * host: the development cookie, and a valid passkey RP ID, which an IP address is not). Each
 * worker has its own (ports.ts). People are added as a person does it,
 * with `npm run users -- add`, whose printed link the tests open.
 */
import { execFileSync } from "node:child_process";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test as base, expect, waitForHydration } from "./fixtures.ts";
import { type CommandProcess, startCommand } from "./server-process.ts";
import { PORTS } from "./ports.ts";
import { linkReleaseInto } from "./release-link.ts";

export interface StudioServer {
  /** e.g. http://localhost:3231 */
  url: string;
  /** Its SQLite database file. */
  database: string;
  /** With `publishing`: the git working copy the server publishes to (CONTENT_ROOT). */
  contentRoot?: string;
  /** `npm run users -- add <email> --name <name> --role <role>`: the invitation link it printed. */
  invite(email: string, name: string, role: "admin" | "editor" | "contributor"): string;
}

/**
 * For publishing: the content in a git repository of its own, and the build served from a copy
 * of this worktree's release, so publishes commit and rebuild there and never here.
 */
function publishingCopy(dir: string): Record<string, string> {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: "Dev", GIT_AUTHOR_EMAIL: "dev@example.com", GIT_COMMITTER_NAME: "Dev", GIT_COMMITTER_EMAIL: "dev@example.com" } });
  execFileSync("cp", ["-R", "content", path.join(dir, "content")]);
  git("init", "--quiet", "--initial-branch=main");
  git("add", "content");
  git("commit", "--quiet", "--message=Content");
  linkReleaseInto(dir);
  // The built server imports its packages from the node_modules above it; a rebuild checks images under public/.
  for (const shared of ["node_modules", "public"]) symlinkSync(path.resolve(shared), path.join(dir, shared));
  return { CONTENT_ROOT: dir, BUILD_DIR: path.join(dir, "build") };
}

/**
 * Nobody's editor open, as when everyone has closed their tab: closing one tells the server at
 * once (pagehide), but Playwright closes a test's browsers outright, so an earlier test's "Asha"
 * would still count as editing for the presence window ("Asha, Asha are editing this page").
 */
export function nobodyEditing(studio: StudioServer) {
  const db = new Database(studio.database, { timeout: 10_000 });
  try {
    db.prepare("DELETE FROM studio_presence").run();
  } finally {
    db.close();
  }
}

export const test = base.extend<object, { studio: StudioServer; publishing: boolean }>({
  /** `test.use({ publishing: true })`: the server may publish (its own content repository and build). */
  publishing: [false, { scope: "worker", option: true }],
  studio: [
    async ({ publishing }, use, workerInfo) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "studio-e2e-"));
      const port = PORTS.studio + workerInfo.parallelIndex;
      const url = `http://localhost:${port}`;
      const { BUILD_DIR: _buildDir, ADMIN: _admin, ...outside } = process.env;
      // SITE_URL: the base of the links `npm run users` prints, and the passkeys' RP ID (localhost).
      const env: NodeJS.ProcessEnv = { ...outside, STUDIO: "1", HOST: "localhost", PORT: String(port), SITE_URL: url, DATABASE_URL: `file:${path.join(dir, "site.db")}`, LOG_LEVEL: "warn", SMTP_URL: "", ...(publishing && publishingCopy(dir)) };
      let server: CommandProcess | undefined;
      try {
        server = await startCommand("studio server", [process.execPath, path.resolve(env.BUILD_DIR ?? "build", "server.js")], { cwd: process.cwd(), env: { ...env, LOG_LEVEL: "info" }, ready: /Server listening at/, timeoutMs: 60_000 });
        await use({
          url,
          database: path.join(dir, "site.db"),
          ...(publishing && { contentRoot: dir }),
          invite(email, name, role) {
            const printed = execFileSync("npm", ["run", "--silent", "users", "--", "add", email, "--name", name, "--role", role], { env, encoding: "utf8" });
            const link = /(http\S+\/admin\/password#token=\S+)/.exec(printed)?.[1];
            if (!link) throw new Error(`npm run users -- add printed no link:\n${printed}`);
            return link;
          },
        });
      } finally {
        await server?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

export const PASSWORD = "correct horse battery staple";

/** At an invitation's link: the password set twice, as a person types it. */
export async function setPassword(page: Page, link: string, password = PASSWORD) {
  await page.goto(link);
  await waitForHydration(page);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/admin\/password$/);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  // Hashing the password at OWASP's parameters takes seconds on a loaded 2-core machine.
  await expect(page.getByTestId("studio-done")).toContainText("Your password is set", { timeout: 30_000 });
}

/** On the sign-in page: the address (unless already filled in) and the password. */
export async function signInWithPassword(page: Page, email: string | undefined, password = PASSWORD) {
  if (email !== undefined) await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** The account page, its devices listing only this browser's session. */
export async function expectAccountOnThisDeviceOnly(page: Page, studio: StudioServer, email: string) {
  await page.goto(`${studio.url}/admin/account`);
  await waitForHydration(page);
  await expect(page.getByTestId("studio-account")).toContainText(email);
  await expect(page.getByTestId("studio-devices").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("studio-devices")).toContainText("This device");
}

/** A platform authenticator with user verification, as a laptop's fingerprint reader is. */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

export { expect, expectNoAxeViolations, ignoreConsoleErrors, waitForHydration } from "./fixtures.ts";
