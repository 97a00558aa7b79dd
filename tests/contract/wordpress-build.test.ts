/**
 * A build from a WordPress that does not answer stops with the source's title, message and
 * hint: what react-router.config.ts's prerender() runs first (no WordPress needed).
 */
import { afterEach, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/lib/free-port.ts";

afterEach(() => vi.unstubAllEnvs());

it("fails the build against an unreachable WordPress with a title, a message and a hint", async () => {
  const url = `http://127.0.0.1:${await freePort()}`;
  vi.stubEnv("WORDPRESS_URL", url);
  const { prerenderPaths } = await import("../../src/runtime/build.server.ts");
  const error = await prerenderPaths().then(() => undefined, (e: unknown) => e as Error);
  expect(error).toBeInstanceOf(Error);
  const lines = error!.message.trim().split("\n");
  expect(lines[0]).toMatch(new RegExp(`^WordPress is unreachable: Could not reach ${url}/wp-json/wp/v2/posts\\?.*`));
  expect(lines[1]).toBe(`  Hint: Check that WORDPRESS_URL (${url}) is right and that the site is up, then try again.`);
});
