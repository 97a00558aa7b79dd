import { defineConfig, devices } from "@playwright/test";
import { CHROME_ARGS, TEST_CHROME_PATH } from "./scripts/lib/chrome.ts";
import { PORTS } from "./tests/e2e/ports.ts";

/**
 * End-to-end tests in Debian's Chromium (its headless shell: scripts/lib/chrome.ts) against the real server (`npm start` serves the
 * same build on port 3000; tests use 3100 so they never collide with a running site).
 * Run `npm run build` first; `npm test` does.
 */
const PORT = PORTS.site;
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A fresh folder for the clean copy the admin tests' server is started in (tests/e2e/admin-server.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  timeout: 30_000,
  // A publish now renders the page for the publish gate first (server/studio/publish-gate.ts):
  // seconds on a loaded two-core CI machine, so a publish's answer gets twice the default.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace costs every test a DOM snapshot and a screenshot per action, and
    // retain-on-failure records every test to keep a few; in CI, where a failed test runs
    // again, the retry records it instead.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: TEST_CHROME_PATH,
      args: CHROME_ARGS,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } }, grepInvert: /@mobile/ },
    // "@mobile" tests run only on a phone; "@responsive" ones on both.
    { name: "mobile", use: { ...devices["Pixel 7"] }, grep: /@mobile|@responsive/ },
  ],
  webServer: {
    // The server as production runs it: the JavaScript bundle the build wrote beside the site.
    command: "node build/server.js",
    // Form submissions from e2e tests go to their own database, and parallel tests from one
    // IP must not trip the per-IP rate limit (tests/contract covers the limit itself).
    // Nor their page views the analytics endpoint's (tests/contract/analytics.test.ts covers it).
    env: { PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATABASE_URL: "file:data/e2e-site.db", FORM_RATE_LIMIT: "0", ANALYTICS_RATE_LIMIT: "0" },
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
