/**
 * A per-client rate limit on an encapsulated plugin's routes (@fastify/rate-limit), shared by
 * the form API and the analytics endpoint. Several processes share one PostgreSQL, so they
 * share its counter (server/storage/rate-limits.ts); one process on SQLite counts in memory.
 * A counter the database cannot update lets the request through (storing it then answers 503
 * if the database is really gone).
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { postgresRateLimitStore } from "../storage/rate-limits.ts";

export interface ClientRateLimit {
  /** Whose limit it is, for the start-up log line: "forms". */
  name: string;
  /** Requests per client per minute. */
  perMinute: number;
  /** What is counted, for the start-up log line: "submissions". */
  counting: string;
  /** The answer's message when the limit is reached. */
  message: () => string;
}

export async function registerClientRateLimit(app: FastifyInstance, { name, perMinute, counting, message }: ClientRateLimit) {
  const shared = app.storage.target.kind === "postgres";
  app.log.info(`${name}: at most ${perMinute} ${counting} a minute per client, counted ${shared ? "in PostgreSQL (shared by every process)" : "in this process's memory"}`);
  // request.ip honours trustProxy (app.ts), so clients behind the site's proxy are told apart.
  await app.register(rateLimit, {
    ...(shared && { store: postgresRateLimitStore(app.storage.db), skipOnError: true }),
    max: perMinute,
    timeWindow: 60_000,
    // The default key is request.ip (which honours TRUST_PROXY), IPv6 by its /64: the block
    // one household or server is given, so rotating through its addresses gains nothing.
    ipv6Subnet: 64,
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: message() }),
  });
}
