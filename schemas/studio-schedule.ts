/**
 * Scheduled publishing's calls (server/studio/schedules-api.ts) and what it answers: a schedule
 * is a publish's body with the time to publish it.
 */
import { z } from "zod";
import { publishSchema } from "./studio-publish.ts";

export const scheduleStates = ["pending", "done", "failed", "cancelled"] as const;
export type ScheduleState = (typeof scheduleStates)[number];

/** `at`: an ISO-8601 time with its offset (the studio sends UTC), in the future. */
export const scheduleSchema = publishSchema.extend({
  at: z.iso.datetime({ offset: true, error: "at: the time to publish, ISO 8601 with its offset (2026-12-01T09:30:00Z)." }),
});
export const scheduleIdSchema = z.strictObject({ id: z.string().max(64) });
export const schedulesQuerySchema = z.strictObject({ file: z.string().min(1).max(300).optional() });

const errorDataSchema = z.object({ code: z.string(), title: z.string(), message: z.string(), hint: z.string() });

/** A schedule as the studio lists it. */
export const scheduleViewSchema = z.object({
  id: z.string(),
  file: z.string(),
  /** When it publishes (ISO-8601 UTC). */
  at: z.string(),
  by: z.object({ name: z.string() }),
  createdAt: z.string(),
  state: z.enum(scheduleStates),
  /** Done: the commit made (null when the data equalled the file). */
  commit: z.string().nullable(),
  /** Failed: why, as the catalogue says it. */
  error: errorDataSchema.nullable(),
  finishedAt: z.string().nullable(),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;
