/**
 * A build from a WordPress that does not answer stops with the source's title, message and
 * hint: what react-router.config.ts's prerender() runs first (no WordPress needed).
 */
import { createServer } from "node:net";
import { afterEach, expect, it, vi } from "vitest";

/** A local port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

afterEach(() => vi.unstubAllEnvs());

it("fails the build against an unreachable WordPress with a title, a message and a hint", async () => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  vi.stubEnv("WORDPRESS_URL", url);
  const { prerenderPaths } = await import("../../src/runtime/build.server.ts");
  const error = await prerenderPaths().then(() => undefined, (e: unknown) => e as Error);
  expect(error).toBeInstanceOf(Error);
  const lines = error!.message.trim().split("\n");
  expect(lines[0]).toMatch(new RegExp(`^WordPress is unreachable: Could not reach ${url}/wp-json/wp/v2/posts\\?.*`));
  expect(lines[1]).toBe(`  Hint: Check that WORDPRESS_URL (${url}) is right and that the site is up, then try again.`);
});
