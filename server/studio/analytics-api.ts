/**
 * The analytics figures for editors and admins under /api/studio, behind the guard
 * (docs/analytics.md); contributors are refused (StudioForbidden):
 *
 *   GET /analytics?days=7|30|90   editor → AnalyticsReport: this period and the one before (default 30 days)
 */
import type { FastifyInstance } from "fastify";
import { analyticsQuerySchema } from "../../schemas/analytics.ts";
import { analyticsReport } from "../analytics/report.ts";
import { dayOf } from "../analytics/visitor.ts";
import { parse } from "./answers.ts";

export async function analyticsApi(app: FastifyInstance) {
  app.get("/analytics", { config: { least: "editor" } }, async (request, reply) => {
    const query = parse(analyticsQuerySchema, request.query, reply);
    if (!query) return reply;
    return analyticsReport(app.storage.db, dayOf(new Date()), query.days ?? 30);
  });
}
