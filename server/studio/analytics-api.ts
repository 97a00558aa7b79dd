/**
 * The analytics figures for editors and admins under /api/studio, behind the guard
 * (docs/analytics.md); contributors are refused (StudioForbidden):
 *
 *   GET /analytics?days=7|30|90             editor → AnalyticsReport: this period and the one before (default 30 days)
 *   GET /analytics/page?file=…&days=7|30|90 editor → PageAnalytics: one page's figures, its publishes, and since the last one;
 *                                                    a file that is no page is 400 StudioNotADocument
 */
import type { FastifyInstance } from "fastify";
import { analyticsQuerySchema, pageAnalyticsQuerySchema } from "../../schemas/analytics.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { isPageFile } from "../../src/editor/server/store.ts";
import { pageReport } from "../analytics/page-report.ts";
import { analyticsReport } from "../analytics/report.ts";
import { dayOf } from "../analytics/visitor.ts";
import { parse } from "./answers.ts";
import { refuse } from "./guard.ts";

export interface AnalyticsApiOptions {
  /** Where the site serves a page file (the content on disk). */
  pagePaths(file: string): Promise<string[]>;
  /** When a page file was published, newest first (its history). */
  publishes(file: string): Promise<string[]>;
}

export async function analyticsApi(app: FastifyInstance, { pagePaths, publishes }: AnalyticsApiOptions) {
  app.get("/analytics", { config: { least: "editor" } }, async (request, reply) => {
    const query = parse(analyticsQuerySchema, request.query, reply);
    if (!query) return reply;
    return analyticsReport(app.storage.db, dayOf(new Date()), query.days ?? 30);
  });

  app.get("/analytics/page", { config: { least: "editor" } }, async (request, reply) => {
    const query = parse(pageAnalyticsQuerySchema, request.query, reply);
    if (!query) return reply;
    if (!isPageFile(query.file)) return refuse(reply, 400, errors.StudioNotADocument(query.file));
    const [paths, published] = await Promise.all([pagePaths(query.file), publishes(query.file)]);
    return pageReport(app.storage.db, { file: query.file, today: dayOf(new Date()), days: query.days ?? 30, paths, publishes: published });
  });
}
