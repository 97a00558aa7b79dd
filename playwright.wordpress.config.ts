import { defineConfig, devices } from "@playwright/test";
import base from "./playwright.config.ts";
import { SERVER_PORT } from "./tests/e2e-wordpress/env.ts";

/**
 * The blog against a real WordPress (`npm run test:wordpress`): global setup starts a
 * throwaway WordPress (scripts/wordpress/setup.sh), builds the site from it into
 * build-wordpress/ and serves that build on its own port and database. It does all three
 * itself rather than through `webServer`, which Playwright starts before global setup.
 *
 * The "blog" project runs first, in parallel; "wordpress-down" stops WordPress, so it runs
 * after it, alone. Without WordPress packages the suite is skipped loudly, except in CI.
 */
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  ...base,
  testDir: "tests/e2e-wordpress",
  globalSetup: "./tests/e2e-wordpress/global-setup.ts",
  // Not under test-results/, which the main suite empties whenever it starts.
  outputDir: "test-results-wordpress",
  webServer: undefined,
  use: { ...base.use, baseURL: `http://127.0.0.1:${SERVER_PORT}` },
  projects: [
    { name: "blog", testIgnore: /wordpress-down/, use: desktop },
    { name: "wordpress-down", testMatch: /wordpress-down\.spec\.ts/, dependencies: ["blog"], fullyParallel: false, use: desktop },
  ],
});
