/**
 * The audit log for admins under /api/studio (./audit.ts does the work), behind the guard:
 *
 *   GET /audit?action=&actor=&since=&until=&page=   admin → { entries, total, page, perPage }: 50 a page, newest first
 *   GET /audit/export?…&format=csv|json              admin → every matching entry, oldest first, as an attachment
 *
 * The filters are schemas/studio-audit.ts's; a bad one is 400 StudioBadRequest.
 */
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { auditExportQuerySchema, auditQuerySchema } from "../../schemas/studio-audit.ts";
import { parse } from "./answers.ts";
import { exportAudit, listAudit } from "./audit.ts";
import { download } from "./submissions-api.ts";

export async function auditApi(app: FastifyInstance) {
  const db = app.storage.db;

  app.get("/audit", { config: { least: "admin" } }, async (request, reply) => {
    const query = parse(auditQuerySchema, request.query, reply);
    if (!query) return reply;
    const { page, ...filter } = query;
    return listAudit(db, filter, page);
  });

  app.get("/audit/export", { config: { least: "admin" } }, async (request, reply) => {
    const query = parse(auditExportQuerySchema, request.query, reply);
    if (!query) return reply;
    const { format, ...filter } = query;
    const mediaType = format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
    return download(reply, mediaType, `studio-audit-${new Date().toISOString().slice(0, 10)}.${format}`).send(Readable.from(exportAudit(db, filter, format)));
  });
}
