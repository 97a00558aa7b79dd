/**
 * The floor of `npm run bench` is only a floor if the browser gets it under the same headers
 * as the site's pages: the Cross-Origin-Opener-Policy alone decides whether its commit counts
 * as blocking time.
 */
import { serveFloorPage } from "../../scripts/lib/floor-page.ts";
import { freePort } from "../../scripts/lib/free-port.ts";
import { contentSecurityPolicy, SECURITY_HEADERS } from "../../src/runtime/security-policy.ts";

describe("the bench's floor page", () => {
  it("is a page with nothing to it, sent with every header a page of the site gets", async () => {
    const floor = await serveFloorPage(await freePort());
    try {
      const res = await fetch(floor.url);
      expect(res.status).toBe(200);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
      expect(res.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
      const html = await res.text();
      expect(html).toContain("<h1>");
      expect(html).not.toMatch(/<script|<style|<link|<img/);
      expect((await fetch(new URL("/favicon.ico", floor.url))).status).toBe(404);
    } finally {
      await floor.stop();
    }
  });
});
