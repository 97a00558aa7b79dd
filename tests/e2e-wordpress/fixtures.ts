/**
 * The e2e fixtures (a test fails on any console error), plus what a WordPress-backed page
 * needs offline: WordPress gives authors Gravatar avatars, which this machine cannot reach,
 * so they are answered with a local image. Every test is skipped when global setup skipped
 * the suite (no WordPress packages, outside CI).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test as base } from "../e2e/fixtures.ts";
import { ROOT, SKIP_ENV } from "./env.ts";

export { expect, expectNoAxeViolations, waitForHydration } from "../e2e/fixtures.ts";

const avatar = readFileSync(path.join(ROOT, "content/media/portrait-priya-sharma.svg"));

export const test = base.extend<{ localGravatar: undefined }>({
  localGravatar: [
    async ({ page }, use, testInfo) => {
      testInfo.skip(process.env[SKIP_ENV] === "1", "WordPress is not installed (see the warning above)");
      await page.route(/^https:\/\/(?:[a-z0-9-]+\.)?gravatar\.com\//, (route) => route.fulfill({ contentType: "image/svg+xml", body: avatar }));
      await use(undefined);
    },
    { auto: true },
  ],
});

/** Drops the console lines a test provokes on purpose, `times` of them or at least one (the fixture fails on any other). */
export function ignore(consoleErrors: string[], expected: RegExp, times?: number) {
  const matching = consoleErrors.filter((e) => expected.test(e));
  if (times === undefined) expect(matching.length, `expected console lines ${expected}`).toBeGreaterThan(0);
  else expect(matching, `expected console lines ${expected}`).toHaveLength(times);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !expected.test(e)));
}

/** What a sanitised post must not contain, and window.__xss, which every payload would set. */
export async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  const content = page.getByTestId("post-content");
  expect(await content.locator("script, iframe, object, embed, base, meta, svg").count()).toBe(0);
  const dangerous = await content.evaluate((root) =>
    [...root.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes].filter((a) => /^on/i.test(a.name) || a.name === "srcdoc" || /script:/i.test(a.value)).map((a) => `${el.tagName} ${a.name}`),
    ),
  );
  expect(dangerous).toEqual([]);
}
