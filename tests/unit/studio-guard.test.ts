/**
 * The studio's guard and roles without a database: a route that does not declare the least
 * role it needs cannot be registered; the role ladder; the sign-in throttle's delays.
 */
import Fastify from "fastify";
import { readConfig } from "../../server/config.ts";
import { DEFAULT_SESSION_LIMITS } from "../../server/studio/auth/sessions.ts";
import { DEFAULT_THROTTLE, delayAfter, networkOf, throttleKeys } from "../../server/studio/auth/throttle.ts";
import { guardStudio, type StudioRoute } from "../../server/studio/guard.ts";
import { mayUse } from "../../server/studio/roles.ts";

async function scopeWith(register: (scope: import("fastify").FastifyInstance) => void) {
  const app = Fastify();
  const routes: StudioRoute[] = [];
  await app.register(async (scope) => {
    guardStudio(scope, { sessions: DEFAULT_SESSION_LIMITS, routes });
    register(scope);
  });
  return { app, routes };
}

describe("the studio guard", () => {
  test("refuses, at start, a route that declares no least role", async () => {
    await expect(scopeWith((scope) => scope.get("/forgotten", async () => "open"))).rejects.toThrow(
      'GET /forgotten: every studio route declares the least role it needs: config: { least: "contributor" | "editor" | "admin" | "anyone" }.',
    );
  });

  test("refuses a declaration that is not a role", async () => {
    await expect(scopeWith((scope) => scope.post("/typo", { config: { least: "editr" as never } }, async () => "open"))).rejects.toThrow(/POST \/typo: every studio route declares/);
  });

  test("lists every declared route with its role (HEAD mirrors GET and is left out)", async () => {
    const { app, routes } = await scopeWith((scope) => {
      scope.get("/a", { config: { least: "contributor" } }, async () => "a");
      scope.route({ method: ["PUT", "DELETE"], url: "/b", config: { least: "admin" }, handler: async () => "b" });
    });
    await app.ready();
    expect(routes).toEqual([
      { method: "GET", url: "/a", least: "contributor" },
      { method: "PUT", url: "/b", least: "admin" },
      { method: "DELETE", url: "/b", least: "admin" },
    ]);
    await app.close();
  });
});

describe("roles", () => {
  test.each([
    [undefined, "anyone", true],
    [undefined, "contributor", false],
    ["contributor", "contributor", true],
    ["contributor", "editor", false],
    ["editor", "contributor", true],
    ["editor", "editor", true],
    ["editor", "admin", false],
    ["admin", "editor", true],
    ["admin", "admin", true],
  ] as const)("%s on a route for %s: %s", (role, least, allowed) => {
    expect(mayUse(role, least)).toBe(allowed);
  });
});

describe("sign-in delays", () => {
  test("none for the free attempts, then doubling, up to the cap: never a lockout", () => {
    const policy = { free: 3, firstDelayMs: 1000, maxDelayMs: 60_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1000].map((n) => delayAfter(n, policy))).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
  });

  test("a stranger can slow an account's owner by a minute at most", () => {
    expect(delayAfter(1_000_000, DEFAULT_THROTTLE.account)).toBe(60_000);
    expect(DEFAULT_THROTTLE.account.free).toBeGreaterThan(DEFAULT_THROTTLE.accountFromAddress.free);
  });
});

describe("the client address a sign-in is counted against", () => {
  test.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::99", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("%s counts as %s", (address, network) => {
    expect(networkOf(address)).toBe(network);
  });

  test("two addresses of one IPv6 /64 are counted together; another /64 is not", () => {
    const keys = (address: string) => throttleKeys("asha@example.com", address, DEFAULT_THROTTLE).map((k) => k.key);
    expect(keys("2001:db8:1:2::a")).toEqual(keys("2001:db8:1:2:ffff::b"));
    expect(keys("2001:db8:1:3::a")).not.toEqual(keys("2001:db8:1:2::a"));
  });
});

describe("readConfig: the studio", () => {
  test("STUDIO=1 turns it on; unset or anything else, it is off", () => {
    expect(readConfig({}).studio).toBe(false);
    expect(readConfig({ STUDIO: "1" }).studio).toBe(true);
    expect(readConfig({ STUDIO: "0" }).studio).toBe(false);
  });

  test("SITE_URL, the base of invitation links, must be an http(s) address", () => {
    expect(readConfig({ SITE_URL: "https://www.example.com/" }).siteUrl).toBe("https://www.example.com");
    expect(readConfig({ SITE_URL: " " }).siteUrl).toBeUndefined();
    for (const bad of ["www.example.com", "ftp://example.com", "https://example.com/?a=1"]) {
      expect(() => readConfig({ SITE_URL: bad })).toThrow(`SITE_URL must be the site's address starting with https:// (or http://), such as https://www.example.com, not "${bad}".`);
    }
  });
});
