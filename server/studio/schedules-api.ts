/**
 * Scheduled publishing under /api/studio (./schedules.ts keeps them, ./schedules-runner.ts runs
 * them), for editors and admins:
 *
 *   POST   /schedules       { file, base, data, at, override? } → 201 { schedule }; 200 { schedule } when the same
 *                           request's schedule is pending already (sent again: it is set once, ./schedules.ts)
 *                           409 ScheduleGateStopped { gate }: the publish gate stops the page (./publish-gate.ts), read
 *                           when it is scheduled; an admin's override: { reason } passes it (audit publish.override; others 403)
 *                           400 StudioScheduleInPast: `at` has passed (the database's clock)
 *                           409 StudioChangedSince { changes }: the file changed since `base`
 *                           422 StudioHasErrors { errors }: the whole-site check refuses the data now
 *                           The new images (uploaded, not published yet) the data names are checked with it and
 *                           published with it at its time, in its commit (./schedules-runner.ts), as a publish does
 *   GET    /schedules?file=… → { schedules }: every pending one (soonest first), then the recent finished ones;
 *                           a name the studio does not edit is 400 StudioNotADocument, as on every route
 *   DELETE /schedules/:id   → 204; 404 StudioScheduleNotFound; 409 StudioScheduleNotPending (ran, cancelled, or running now)
 *
 * The data is a snapshot: editing the draft afterwards does not change what is published.
 */
import type { FastifyInstance } from "fastify";
import { scheduleIdSchema, scheduleSchema, schedulesQuerySchema } from "../../schemas/studio-schedule.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { DOCUMENT_BODY_LIMIT } from "./documents-api.ts";
import { answer, answerPublishing, namedDocument, parse, signedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import { MAX_DEPTH, nestsDeeperThan } from "./documents/depth.ts";
import type { StudioDocuments } from "./documents/kinds.ts";
import { refuse } from "./guard.ts";
import type { Publisher } from "./publish.ts";
import type { ThroughGate } from "./publish-api.ts";
import type { MediaLibrary } from "./media/library.ts";
import { addSchedule, cancelSchedule, databaseNow, listSchedules } from "./schedules.ts";

const editor = { least: "editor" } as const;

export interface SchedulesApiOptions {
  documents: StudioDocuments;
  publishing: Publisher;
  throughGate: ThroughGate;
  /** The entries of the new images a draft names: the check knows them, as they go live with it. */
  library: Pick<MediaLibrary, "newEntriesIn">;
  onScheduled: () => void;
}

export async function schedulesApi(app: FastifyInstance, { documents, publishing, throughGate, library, onScheduled }: SchedulesApiOptions) {
  const db = app.storage.db;

  app.post("/schedules", { config: editor, bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const body = parse(scheduleSchema, request.body, reply);
    if (!body || !namedDocument(documents, body.file, reply)) return reply;
    if (nestsDeeperThan(body.data, MAX_DEPTH)) return refuse(reply, 400, errors.StudioBadRequest(`data: the value nests more than ${MAX_DEPTH} levels deep.`));
    const at = new Date(body.at).toISOString();
    if (at <= (await databaseNow(db))) return refuse(reply, 400, errors.StudioScheduleInPast(at));
    const checked = await publishing.check(body.file, body.base, body.data, await library.newEntriesIn(body.file, body.data));
    if (!checked.ok) return answerPublishing(reply, checked);
    // The gate reads the page when it is scheduled: what it publishes at its time is this data, read now.
    const gated = await throughGate(request, reply, body, errors.ScheduleGateStopped);
    if (!gated.passed) return reply;
    const { schedule, added } = await addSchedule(db, { file: checked.file, base: body.base, data: body.data, at, userId: signedIn(request).user.id });
    if (!added) return reply.code(200).send({ schedule });
    onScheduled();
    await audit(request, { action: "schedule.set", target: checked.file, detail: { schedule: schedule.id, at } });
    await gated.overridden?.({ schedule: schedule.id, at });
    return reply.code(201).send({ schedule });
  });

  app.get("/schedules", { config: editor }, async (request, reply) => {
    const query = parse(schedulesQuerySchema, request.query, reply);
    if (!query || (query.file !== undefined && !namedDocument(documents, query.file, reply))) return reply;
    return { schedules: await listSchedules(db, query) };
  });

  app.delete("/schedules/:id", { config: editor }, async (request, reply) => {
    const params = parse(scheduleIdSchema, request.params, reply);
    if (!params) return reply;
    const cancelled = await cancelSchedule(db, params.id, signedIn(request).user.id);
    if (cancelled.ok) await audit(request, { action: "schedule.cancel", target: cancelled.value.file, detail: { schedule: params.id, at: cancelled.value.at } });
    return answer(reply, cancelled, () => undefined, 204);
  });
}
