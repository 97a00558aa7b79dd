/**
 * GET /healthz: the process answers (for a supervisor deciding whether to restart it).
 * GET /readyz: the database answers too (for a load balancer deciding whether to send it
 * visitors): 503 while it does not, 200 again as soon as a query goes through.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sql } from "kysely";
import { errors } from "../../src/errors/catalogue.ts";

/** A readiness probe gives up on the database after this long. */
const READY_TIMEOUT_MS = 2_000;

export const healthPlugin = fp(
  async function health(app: FastifyInstance) {
    app.get("/healthz", async (_request, reply) => reply.header("Cache-Control", "no-store").send({ status: "ok" }));

    app.get("/readyz", async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(app.storage.db),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS))),
        ]);
        return reply.send({ status: "ready" });
      } catch (error) {
        request.log.warn({ code: errors.DatabaseUnavailable.code, err: { message: error instanceof Error ? error.message : String(error) } }, "not ready: the database does not answer");
        return reply.code(503).header("Retry-After", "5").send({ status: "unavailable", code: errors.DatabaseUnavailable.code });
      } finally {
        clearTimeout(timer);
      }
    });
  },
  { name: "health", dependencies: ["storage"] },
);
