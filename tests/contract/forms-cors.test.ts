/**
 * Forms on a static host post to this server from the site's origin (FORMS_API_URL at build
 * time): that origin, and only that one, is answered with CORS; every other origin is refused
 * as cross-site, and CORS never reaches anything but the form endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDeployConfig } from "../../server/deploy-config.ts";
import { contentFormsManifest, json, makeTestBuild, startFormsApp, type TestApp, validContact } from "./forms-harness.ts";

const SITE = "https://www.arcbyte.example";
const fromSite = { origin: SITE, "sec-fetch-site": "cross-site", referer: `${SITE}/` };

describe("a build made with FORMS_API_URL (forms.json names the site's origin)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFormsApp({ buildDir: makeTestBuild({ ...contentFormsManifest(), cors: { origin: SITE } }) });
  });
  afterAll(() => t.close());

  it("answers the preflight of a JSON post from the site's origin", async () => {
    const res = await t.app.inject({
      method: "OPTIONS",
      url: "/api/contact",
      headers: { origin: SITE, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      "access-control-allow-origin": SITE,
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "Content-Type, Accept",
      vary: expect.stringContaining("Origin"),
    });
  });

  it("stores a submission posted from the site's origin and lets the page read the answer", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact", headers: { ...json, ...fromSite }, payload: validContact });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers["access-control-allow-origin"]).toBe(SITE);
  });

  it("answers a form posted without JavaScript from the site with a page that links back to the site", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/x-www-form-urlencoded", ...fromSite },
      payload: "email=static-host%40example.com",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="${SITE}/"`);
  });

  it("refuses every other origin, with no CORS header", async () => {
    for (const origin of ["https://evil.example", `${SITE}.evil.example`, "http://www.arcbyte.example", "null"]) {
      const preflight = await t.app.inject({ method: "OPTIONS", url: "/api/contact", headers: { origin, "access-control-request-method": "POST" } });
      expect(preflight.headers["access-control-allow-origin"], origin).toBeUndefined();
      const res = await t.app.inject({ method: "POST", url: "/api/contact", headers: { ...json, origin, "sec-fetch-site": "cross-site" }, payload: validContact });
      expect(res.statusCode, origin).toBe(403);
      expect(res.headers["access-control-allow-origin"], origin).toBeUndefined();
    }
  });

  it("gives no CORS header outside the form endpoints", async () => {
    for (const url of ["/api/admin/posts", "/api/hooks/wordpress", "/api/unknown", "/"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { origin: SITE } });
      expect(res.headers["access-control-allow-origin"], url).toBeUndefined();
    }
  });
});

describe("a build made without FORMS_API_URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFormsApp();
  });
  afterAll(() => t.close());

  it("answers no origin with CORS: a cross-site post is refused", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact", headers: { ...json, ...fromSite }, payload: validContact });
    expect(res.statusCode).toBe(403);
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows the origin CORS_ORIGIN names", async () => {
    const other = await startFormsApp({ corsOrigin: "http://127.0.0.1:3000" });
    try {
      const res = await other.app.inject({ method: "POST", url: "/api/contact", headers: { ...json, origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" }, payload: validContact });
      expect(res.statusCode).toBe(200);
      expect(res.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:3000");
    } finally {
      await other.close();
    }
  });
});

it("CORS_ORIGIN must be an origin", () => {
  expect(readDeployConfig({ CORS_ORIGIN: "https://www.example.com" })).toEqual({ corsOrigin: "https://www.example.com" });
  for (const bad of ["https://www.example.com/", "www.example.com", "https://www.example.com/forms", "ftp://example.com"]) {
    expect(() => readDeployConfig({ CORS_ORIGIN: bad }), bad).toThrow(expect.objectContaining({ code: "InvalidCorsOrigin" }));
  }
});

it("the webhook secret and the polling interval are checked at start", () => {
  expect(readDeployConfig({ WORDPRESS_WEBHOOK_SECRET: "x".repeat(24), WORDPRESS_POLL_SECONDS: "30" })).toEqual({ webhookSecret: "x".repeat(24), pollSeconds: 30 });
  expect(() => readDeployConfig({ WORDPRESS_WEBHOOK_SECRET: "too short" })).toThrow(expect.objectContaining({ code: "InvalidWebhookSecret" }));
  for (const bad of ["2", "-1", "1.5", "soon"]) {
    expect(() => readDeployConfig({ WORDPRESS_POLL_SECONDS: bad }), bad).toThrow(expect.objectContaining({ code: "InvalidPollSeconds" }));
  }
  expect(readDeployConfig({ WORDPRESS_POLL_SECONDS: "0" })).toEqual({});
});
