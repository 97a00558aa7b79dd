/**
 * The Submissions screen's API in local mode (ADMIN=1): the studio's submissions routes
 * (server/studio/submissions-api.ts) under /api/admin/submissions, behind the local API's guard
 * (./local-api.ts) instead of the studio's sign-in: this computer only, same origin, this run's
 * key on every call, and a JSON body for the one write (erasing).
 */
import type { FastifyInstance } from "fastify";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { type BuiltLocale, LOCAL_SUBMISSIONS_PREFIX } from "../../schemas/studio-submissions.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { submissionsApi } from "../studio/submissions-api.ts";
import { guardLocalApi } from "./local-api.ts";

export interface LocalSubmissionsOptions {
  forms: readonly ResolvedForm[];
  /** The build's locales, whose names the Submissions screen shows. */
  locales?: readonly BuiltLocale[];
  /** This run's admin key (src/admin/mode.server.ts): every call must carry it. */
  key: string;
}

/** An erasure names two addresses; nothing else is sent. */
const BODY_LIMIT = 16 * 1024;

export async function localSubmissionsPlugin(app: FastifyInstance, { forms, locales, key }: LocalSubmissionsOptions) {
  const { jsonOnly } = guardLocalApi(app, { name: "submissions", tooLarge: errors.AdminTooLarge("16 kB"), key });
  app.addHook("onRoute", (route) => {
    route.bodyLimit ??= BODY_LIMIT;
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return jsonOnly(request, reply);
  });
  await app.register((scope) => submissionsApi(scope, { forms, locales, erasedBy: () => "the local key" }), { prefix: LOCAL_SUBMISSIONS_PREFIX });
}
