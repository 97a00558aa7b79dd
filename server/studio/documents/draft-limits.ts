/**
 * What the studio keeps as a draft, and how much of it. A draft is kept before it is checked
 * (the checker says what is wrong while one types), but it must be the document it names: its
 * value has the shape of that file's schema (the page, collection or translation schema of
 * src/runtime/content/json-schema.ts, a post's form fields), only with what a person leaves
 * half-typed (a text empty or too long, a format not yet right, a rule between fields not yet
 * met). And it must fit: each person, and everyone together, may keep so many drafts and so
 * many characters of them (DRAFT_LIMITS), so that no one fills the database with drafts.
 */
import { sql } from "kysely";
import type { z } from "zod";
import { errors, type ErrorData } from "../../../src/errors/catalogue.ts";
import { adminPostInputSchema } from "./posts.ts";
import { schemaTargets } from "../../../src/runtime/content/json-schema.ts";
import type { Db } from "../../storage/database.ts";
import { isPostFile } from "./kinds.ts";

/** How many drafts, and how many characters of their JSON, may be kept. */
export interface DraftLimits {
  /** One person's: the drafts they changed last. */
  perPerson: { drafts: number; characters: number };
  /** Everyone's together. */
  inTotal: { drafts: number; characters: number };
}

/**
 * Far above anyone's work in progress (a page's draft is a few kB, the largest collection's
 * about 60 kB, one draft at most 2 MB), far below what would trouble the database.
 */
export const DRAFT_LIMITS: DraftLimits = {
  perPerson: { drafts: 50, characters: 10 * 1024 * 1024 },
  inTotal: { drafts: 500, characters: 100 * 1024 * 1024 },
};

/** Problems a person makes while typing, which a draft may have; any other means the value is not this document. */
const WHILE_TYPING = new Set(["too_big", "too_small", "invalid_format", "not_multiple_of", "custom"]);

const valueAt = (data: unknown, path: readonly PropertyKey[]) => path.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown> | null | undefined)?.[key], data);

const whileTyping =
  (data: unknown) =>
  (issue: z.core.$ZodIssue): boolean =>
    WHILE_TYPING.has(issue.code) ||
    // A number field emptied or half typed holds the text typed so far (the editor's NumberInput).
    (issue.code === "invalid_type" && issue.expected === "number" && typeof valueAt(data, issue.path) === "string") ||
    (issue.code === "invalid_union" && issue.errors.some((branch) => branch.every(whileTyping(data))));

const schemaOf = async (file: string): Promise<z.ZodType | undefined> =>
  isPostFile(file) ? adminPostInputSchema : await schemaTargets.find((target) => target.content?.test(file))?.schema();

/** Why the value cannot be kept as the file's draft (a 400), or undefined when it can. */
export async function draftShapeProblem(file: string, data: unknown): Promise<ErrorData | undefined> {
  const schema = await schemaOf(file);
  if (!schema) return errors.StudioNotADocument(file);
  const parsed = await schema.safeParseAsync(data);
  const issue = parsed.success ? undefined : parsed.error.issues.find((i) => !whileTyping(data)(i));
  if (!issue) return undefined;
  const where = issue.path.length > 0 ? `at ${issue.path.join(".")}: ` : "";
  return errors.StudioDraftNotDocument(`${where}${issue.message}`);
}

const inWords = (limit: number, what: "drafts" | "characters") =>
  what === "drafts" ? `${limit} drafts` : limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))} MB` : `${limit} characters`;

/**
 * Whether `userId`'s draft of `file`, `size` characters of JSON, fits (undefined) or which limit
 * it passes (a 409). The file's own draft, which it replaces, does not count.
 */
export async function draftRoomProblem(db: Db, limits: DraftLimits, { file, userId, size }: { file: string; userId: string; size: number }): Promise<ErrorData | undefined> {
  const others = db.selectFrom("studio_drafts").where("file", "!=", file).select((eb) => [eb.fn.countAll<number | string>().as("drafts"), sql<number | string>`coalesce(sum(length(data)), 0)`.as("characters")]);
  const [mine, all] = await Promise.all([others.where("updated_by", "=", userId).executeTakeFirstOrThrow(), others.executeTakeFirstOrThrow()]);
  for (const [kept, limit, refusal] of [
    [mine, limits.perPerson, errors.StudioDraftsPerPerson],
    [all, limits.inTotal, errors.StudioDraftsFull],
  ] as const) {
    if (Number(kept.drafts) + 1 > limit.drafts) return refusal(inWords(limit.drafts, "drafts"));
    if (Number(kept.characters) + size > limit.characters) return refusal(inWords(limit.characters, "characters"));
  }
  return undefined;
}
