import { defineConfig } from "vitest/config";

// Unit, component, content and contract tests. Browser tests live in tests/e2e (Playwright).
// Component tests opt into a DOM with `// @vitest-environment jsdom` at the top of the file.
export default defineConfig({
  // As a public build (vite.config.ts): no admin island.
  define: { __ADMIN__: "false" },
  test: {
    include: ["tests/{unit,content,contract}/**/*.test.{ts,tsx}"],
    environment: "node",
    globals: true,
    testTimeout: 20_000,
    hookTimeout: 120_000,
  },
});
