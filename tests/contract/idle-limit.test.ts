/**
 * The idle limit over TCP (server/plugins/idle-limit.ts): a client that sends nothing loses its
 * connection; a request the server takes longer than the limit to answer still gets its answer
 * (a publish's whole-site check on a loaded machine), and the connection stays usable.
 */
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { idleLimitPlugin } from "../../server/plugins/idle-limit.ts";
import { startFormsApp } from "./forms-harness.ts";
import { exchange, head } from "./raw-http.ts";

const IDLE_MS = 600;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  // As buildApp sets it up (connectionTimeout), with a route as slow as a publish on a loaded machine.
  app = Fastify({ connectionTimeout: IDLE_MS });
  await app.register(idleLimitPlugin, { idleMs: IDLE_MS });
  app.post("/slow", async () => {
    await new Promise((r) => setTimeout(r, 3 * IDLE_MS));
    return { published: true };
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

test("an answer the server works on for longer than the idle limit still comes, on a connection kept alive", async () => {
  const response = await exchange(port, [head("POST", "/slow", { "content-type": "application/json" }, "{}"), "{}"], { keepOpen: 200 });
  expect(response.status).toBe(200);
  expect(JSON.parse(response.body)).toEqual({ published: true });
  expect(response.ms).toBeGreaterThanOrEqual(3 * IDLE_MS);
  expect(response.closed).toBe(false);
});

test("a connection that sends nothing is still closed at the idle limit", async () => {
  const response = await exchange(port, [{ wait: 4 * IDLE_MS }], { keepOpen: 0 });
  expect(response.status).toBe(0);
  expect(response.closed).toBe(true);
  expect(response.closedMs).toBeLessThan(2 * IDLE_MS);
});

test("the server as it runs has it", async () => {
  const t = await startFormsApp();
  try {
    expect(t.app.hasPlugin("idle-limit")).toBe(true);
  } finally {
    await t.close();
  }
});
