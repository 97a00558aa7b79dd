import os from "node:os";
import { defineConfig } from "vitest/config";

// Unit, component, content and contract tests. Browser tests live in tests/e2e (Playwright).
// Component tests opt into a DOM with `// @vitest-environment jsdom` at the top of the file.
export default defineConfig({
  test: {
    include: ["tests/{unit,content,contract}/**/*.test.{ts,tsx}"],
    environment: "node",
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // The longest files mostly wait (a WordPress starting, rebuilds a test polls for, a
    // PostgreSQL cluster's initdb, a server process starting): with Vitest's default of one
    // worker less than the cores, a 2-core machine ran every file after the other while its
    // cores idled. One worker more than the cores keeps them busy.
    maxWorkers: os.availableParallelism() + 1,
  },
});
