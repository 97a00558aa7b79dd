/**
 * Behind proxies: TRUST_PROXY decides whose X-Forwarded-For is believed, so each visitor
 * behind a trusted proxy keeps their own rate-limit budget, a client that is no trusted
 * proxy cannot pick its address, and IPv6 visitors are counted per /64 network.
 * (Requests are injected with the proxy's remote address; nothing leaves this process.)
 */
import { parseTrustProxy } from "../../server/client-ip.ts";
import { readConfig } from "../../server/config.ts";
import { json, startFormsApp, type TestApp } from "./forms-harness.ts";

describe("TRUST_PROXY", () => {
  test.each([
    [undefined, "loopback"],
    ["", "loopback"],
    ["1", 1],
    ["2", 2],
    ["0", 0],
    ["10.0.0.5", "10.0.0.5"],
    [" 10.0.0.0/8 , fd00::/8, loopback ", "10.0.0.0/8,fd00::/8,loopback"],
    ["uniquelocal", "uniquelocal"],
  ])("%j → %j", (value, trust) => {
    expect(parseTrustProxy(value)).toEqual(trust);
    expect(readConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  test.each([
    ["true", /trusting every or no sender/],
    ["*", /trusting every or no sender/],
    ["10.0.0.300", /10\.0\.0\.300/],
    ["10.0.0.0/33", /10\.0\.0\.0\/33/],
    ["proxy.internal", /proxy\.internal/],
    ["10.0.0.1,,10.0.0.2", /an entry is empty/],
  ])("%j is refused at start with code InvalidTrustProxy and a hint", (value, problem) => {
    expect(() => readConfig({ TRUST_PROXY: value })).toThrow(expect.objectContaining({ code: "InvalidTrustProxy", message: expect.stringMatching(problem), hint: expect.stringContaining("TRUST_PROXY=1") }));
  });
});

describe("rate limit behind a proxy on another host", () => {
  const PROXY = "10.20.0.5";
  let t: TestApp;
  beforeEach(async () => (t = await startFormsApp({ formRateLimit: 2, trustProxy: "10.20.0.0/16" })));
  afterEach(() => t.close());
  let n = 0;
  const subscribe = (remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      remoteAddress,
      payload: JSON.stringify({ email: `visitor${n++}@example.com` }),
      headers: { ...json, ...(forwardedFor && { "x-forwarded-for": forwardedFor }) },
    });
  const statuses = async (count: number, send: () => ReturnType<typeof subscribe>) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await send()).statusCode);
    return out;
  };

  test("each visitor the proxy forwards keeps their own budget", async () => {
    expect(await statuses(3, () => subscribe(PROXY, "198.51.100.1"))).toEqual([200, 200, 429]);
    expect(await statuses(3, () => subscribe(PROXY, "198.51.100.2"))).toEqual([200, 200, 429]);
    // A visitor's own claim in front of the proxy's entry is not believed beyond the trusted hop.
    expect(await statuses(1, () => subscribe(PROXY, "192.0.2.99, 198.51.100.1"))).toEqual([429]);
  });

  test("a client that is not a trusted proxy cannot choose its address with X-Forwarded-For", async () => {
    const spoofs = await statuses(3, () => subscribe("198.51.100.77", `203.0.113.${n}`));
    expect(spoofs).toEqual([200, 200, 429]);
  });

  test("IPv6 visitors are counted per /64: other addresses in the same network share a budget", async () => {
    expect((await subscribe(PROXY, "2001:db8:1:2::1")).statusCode).toBe(200);
    expect((await subscribe(PROXY, "2001:db8:1:2::ffff")).statusCode).toBe(200);
    expect((await subscribe(PROXY, "2001:db8:1:2:abcd::1")).statusCode).toBe(429);
    expect((await subscribe(PROXY, "2001:db8:1:3::1")).statusCode).toBe(200); // the next /64 is someone else
  });

  test("with a hop count, the entry that many hops back is the client", async () => {
    await t.close();
    t = await startFormsApp({ formRateLimit: 1, trustProxy: 1 });
    expect((await subscribe("192.0.2.1", "198.51.100.1")).statusCode).toBe(200);
    expect((await subscribe("192.0.2.2", "198.51.100.1")).statusCode).toBe(429); // another proxy, same visitor
    expect((await subscribe("192.0.2.1", "198.51.100.2")).statusCode).toBe(200);
  });
});
