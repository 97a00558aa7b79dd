/**
 * Local mode (ADMIN=1) is the studio on this computer: explicit, on a loopback address only,
 * serving the same build as any other mode, its screens declared in every build. What it
 * answers is the studio's (tests/contract/studio-local.test.ts).
 */
import path from "node:path";
import { readConfig } from "../../server/config.ts";
import { isLoopback } from "../../src/admin/mode.server.ts";

describe("local mode is explicit", () => {
  it("ADMIN=1 refuses to start on an address other machines can reach", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "example.com"]) {
      expect(() => readConfig({ ADMIN: "1", HOST: host })).toThrow(`must listen on a loopback address, not HOST="${host}"`);
    }
    for (const host of ["127.0.0.1", "::1", "localhost", "127.0.0.2"]) expect(readConfig({ ADMIN: "1", HOST: host })).toMatchObject({ admin: true, studio: true });
  });

  it("serves the one build every mode serves: build/, or BUILD_DIR", () => {
    expect(path.basename(readConfig({ ADMIN: "1" }).buildDir)).toBe("build");
    expect(path.basename(readConfig({}).buildDir)).toBe("build");
    expect(readConfig({ ADMIN: "1", BUILD_DIR: "/tmp/elsewhere" }).buildDir).toBe("/tmp/elsewhere");
  });

  it.each([
    ["127.0.0.1", true], ["127.10.0.3", true], ["::1", true], ["[::1]", true], ["::ffff:127.0.0.1", true], ["localhost", true],
    ["0.0.0.0", false], ["::", false], ["10.0.0.1", false], ["::ffff:10.0.0.1", false], ["localhost.evil.example", false], ["127.0.0.1.nip.io", false], ["", false],
  ])("isLoopback(%j) is %s", (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe("the studio's routes", () => {
  const routeIds = async (env: string | undefined) => {
    const saved = process.env.ADMIN;
    if (env === undefined) delete process.env.ADMIN;
    else process.env.ADMIN = env;
    try {
      vi.resetModules();
      const routes = (await import("../../src/routes.ts")).default as { id?: string; path?: string }[];
      return routes.map((r) => `${r.id}:${r.path ?? ""}`);
    } finally {
      if (saved === undefined) delete process.env.ADMIN;
      else process.env.ADMIN = saved;
    }
  };

  it("are declared in every build, local mode or not (the blog admin, the page editor, its preview and the studio's screens), before the catch-all page route", async () => {
    const studio = [
      "index:",
      "admin:admin",
      "editor:admin/pages",
      "editor-settings:admin/settings",
      "editor-preview:admin/preview",
      "studio-home:admin/home",
      "studio-sign-in:admin/sign-in",
      "studio-password:admin/password",
      "studio-account:admin/account",
      "studio-users:admin/users",
      "studio-audit:admin/audit",
      "studio-submissions:admin/submissions",
      "studio-media:admin/media",
      "studio-analytics:admin/analytics",
      "page:*",
    ];
    expect(await routeIds(undefined)).toEqual(studio);
    expect(await routeIds("0")).toEqual(studio);
    expect(await routeIds("1")).toEqual(studio);
  });
});
