/**
 * Privacy-first analytics (docs/analytics.md): `POST /api/analytics/view` takes the page views
 * the collector sends (src/analytics/collect.ts) and counts those it may (server/analytics/rules.ts)
 * under the visitor's daily id (server/analytics/visitor.ts); the form API asks `app.analytics`
 * for the conversion each stored submission counts as; and every hour the raw views two days
 * old are rolled up and their day's salt deleted. Registered only while ANALYTICS is not off.
 *
 * Bad input is a 4xx with a catalogue error, never stored: a body that is not one bounded JSON
 * object, a field the schema does not have, a path that is no page of the site, another site's
 * request, too many views from one client.
 */
import { statSync } from "node:fs";
import path from "node:path";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ANALYTICS_BODY_LIMIT, ANALYTICS_ENDPOINT, pageViewSchema, sourceOf } from "../../schemas/analytics.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { isStudioPath } from "../../src/runtime/studio-paths.ts";
import { notCounted } from "../analytics/rules.ts";
import { dayOf, deleteOldSalts, type SaltKeeper, saltKeeper, visitorId } from "../analytics/visitor.ts";
import type { AnalyticsSettings } from "../config.ts";
import { errorSummary } from "../notify/outbox.ts";
import { isSameOrigin } from "../same-origin.ts";
import { type Conversion, rollUpViews, viewWriter, visitSource } from "../storage/analytics.ts";
import { isDatabaseUnavailable } from "../storage/database.ts";
import { registerClientRateLimit } from "./client-rate-limit.ts";
import { runPeriodically } from "./periodic.ts";
import { htmlFile } from "./site.ts";
import { sitePath } from "./site-path.ts";

const EVERY_MS = 3_600_000;

type ViewWriter = ReturnType<typeof viewWriter>;

export const analyticsPlugin = fp(
  async function analytics(app: FastifyInstance, settings: AnalyticsSettings) {
    const salts = saltKeeper(app.storage.db);
    app.decorate("analytics", { conversion: (request: FastifyRequest, form: string, locale?: string) => conversionOf(app, salts, request, form, locale) });
    const views = viewWriter(app.storage.db);
    await app.register(pageViewRoute, { salts, views, perMinute: settings.perMinute });

    const run = async () => {
      try {
        const today = dayOf(new Date());
        const rolled = await rollUpViews(app.storage.db, today, settings.keepDays);
        const salted = await deleteOldSalts(app.storage.db, today);
        if (rolled.views + rolled.expired + salted > 0) app.log.info({ ...rolled, salts: salted }, "analytics: views rolled up, old salts deleted");
      } catch (error) {
        app.log.warn({ err: errorSummary(error) }, "analytics: roll-up failed; it runs again later");
      }
    };
    runPeriodically(app, EVERY_MS, run);
    // Registered after storage: the last views are written before the database closes.
    app.addHook("onClose", () => views.flush());
  },
  { name: "analytics", dependencies: ["storage"] },
);

/** The page view route, encapsulated: its body parsers, error answers and rate limit are its own. */
async function pageViewRoute(app: FastifyInstance, { salts, views, perMinute }: { salts: SaltKeeper; views: ViewWriter; perMinute: number }) {
  const refuse = (reply: FastifyReply, status: number, error: ErrorData) => reply.code(status).header("Cache-Control", "no-store").send({ error });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return refuse(reply, 413, errors.AnalyticsTooLarge());
    if (status === 415) return refuse(reply, 415, errors.AnalyticsUnsupportedMediaType());
    if (status === 429) return refuse(reply, 429, errors.AnalyticsRateLimited());
    if (status < 500) return refuse(reply, 400, errors.AnalyticsMalformed());
    request.log.error({ err: errorSummary(error) }, "analytics: page view failed");
    return refuse(reply, 500, errors.AnalyticsUnavailable());
  });

  // sendBeacon with a string sends text/plain; a JSON client may say so. Either is read as JSON text.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(["text/plain", "application/json"], { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error("not JSON"), { statusCode: 400 }), undefined);
    }
  });

  if (perMinute > 0) await registerClientRateLimit(app, { name: "analytics", perMinute, counting: "page views", message: () => errors.AnalyticsRateLimited().message });

  // A budget of its own: on PostgreSQL's shared counter, page views never spend a client's form submissions.
  app.post(ANALYTICS_ENDPOINT, { bodyLimit: ANALYTICS_BODY_LIMIT, config: { rateLimit: { groupId: "analytics" } } }, async (request, reply) => {
    if (!isSameOrigin(request)) return refuse(reply, 403, errors.AnalyticsCrossSite());
    const parsed = pageViewSchema.safeParse(request.body);
    if (!parsed.success) return refuse(reply, 400, errors.AnalyticsInvalidEvent(parsed.error.issues.map((i) => i.message).join("; ")));
    const view = parsed.data;
    const page = pagePath(view.p);
    if (page === undefined || !isSitePage(app, page)) return refuse(reply, 422, errors.AnalyticsUnknownPage());

    // Well-formed, and not to be counted: answered the same, so nothing tells a page what was decided.
    if (notCounted(request.headers) === undefined) {
      const day = dayOf(new Date());
      try {
        const visitor = visitorId(await salts.salt(day), request.hostname, request.ip, request.headers["user-agent"] ?? "");
        await views.write({ day, visitor, path: page, locale: view.l ?? "", source: sourceOf(view), medium: view.um ?? "", campaign: view.uc ?? "", device: view.s });
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: errorSummary(error) }, "analytics: page view not counted: the database does not answer");
        return refuse(reply.header("Retry-After", "30"), 503, errors.AnalyticsUnavailable());
      }
    }
    return reply.code(204).header("Cache-Control", "no-store").send();
  });
}

/** The decoded path of a page as location.pathname writes it, or undefined when it can be no page (a trailing slash, "..", control characters). */
function pagePath(pathname: string): string | undefined {
  const parsed = sitePath(pathname);
  return parsed.kind === "path" && parsed.slashless === undefined && parsed.search === "" ? parsed.path : undefined;
}

/** A page the live build serves (not a not-found page, not the studio's). The API alone (dev: Vite serves the pages) takes any path. */
function isSitePage(app: FastifyInstance, page: string): boolean {
  if (isStudioPath(page.toLowerCase())) return false;
  if (!app.hasDecorator("liveBuild")) return true;
  const release = app.liveBuild.current();
  if (release.notFoundPages.has(page)) return false;
  try {
    return statSync(path.join(release.client, htmlFile(page))).isFile();
  } catch {
    return false;
  }
}

/**
 * What a stored submission counts as: its form, the page it was sent from (its Referer, when
 * it is this site's), the page's locale and the source of the visit that day (the visitor's
 * first counted view, found by the same daily id; "" when the script was blocked or the
 * visitor is not counted). Never makes a salt: a lookup that finds none finds no visit.
 */
async function conversionOf(app: FastifyInstance, salts: SaltKeeper, request: FastifyRequest, form: string, locale = ""): Promise<Conversion> {
  const day = dayOf(new Date());
  let source = "";
  if (notCounted(request.headers) === undefined) {
    const salt = await salts.existing(day);
    if (salt) source = (await visitSource(app.storage.db, day, visitorId(salt, request.hostname, request.ip, request.headers["user-agent"] ?? ""))) ?? "";
  }
  return { day, form, path: refererPage(request) ?? "", locale, source };
}

function refererPage(request: FastifyRequest): string | undefined {
  try {
    const referer = new URL(request.headers.referer ?? "");
    if (referer.host !== new URL(`${referer.protocol}//${request.host}`).host) return undefined;
    return pagePath(referer.pathname);
  } catch {
    return undefined;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set while analytics is on (ANALYTICS is not off). */
    analytics?: { conversion(request: FastifyRequest, form: string, locale?: string): Promise<Conversion> };
  }
}
