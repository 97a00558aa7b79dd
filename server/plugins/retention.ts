/**
 * Deletes data older than its retention period (server/storage/retention.ts): once the
 * server is ready, then every six hours. Every process may run it; deleting is idempotent.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { errorSummary } from "../notify/outbox.ts";
import { pruneExpired, type RetentionPeriods } from "../storage/retention.ts";
import { runPeriodically } from "./periodic.ts";

const EVERY_MS = 6 * 3_600_000;

export const retentionPlugin = fp(
  async function retention(app: FastifyInstance, { forms, periods }: { forms: ResolvedForm[]; periods: RetentionPeriods }) {
    const run = async () => {
      try {
        const report = await pruneExpired(app.storage.db, forms, periods);
        if (report.outbox > 0 || Object.keys(report.submissions).length > 0) app.log.info({ deleted: report }, "retention: old data deleted");
      } catch (error) {
        app.log.warn({ err: errorSummary(error) }, "retention: pass failed; it runs again later");
      }
    };
    runPeriodically(app, EVERY_MS, run);
  },
  { name: "retention", dependencies: ["storage"] },
);
