/** What `npm run submissions -- outbox` shows and does: the outbox's state, and dead letters sent again. */
import { type Db, sqlNow } from "./database.ts";

export async function outboxReport(db: Db) {
  const count = async (where: "waiting" | "sent") => {
    let query = db.selectFrom("outbox").select((eb) => eb.fn.countAll<string | number>().as("n")).where("dead_at", "is", null);
    query = where === "sent" ? query.where("sent_at", "is not", null) : query.where("sent_at", "is", null);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  // No addresses or text: what someone looking after mail needs to find the cause.
  const dead = await db.selectFrom("outbox").select(["id", "kind", "attempts", "dead_at", "last_error"]).where("dead_at", "is not", null).orderBy("dead_at").execute();
  return { waiting: await count("waiting"), sent: await count("sent"), dead };
}

/** Dead letters that still hold their email go back to the queue, due now, with fresh attempts. */
export async function retryDeadLetters(db: Db) {
  const { numUpdatedRows } = await db
    .updateTable("outbox")
    .set({ dead_at: null, attempts: 0, next_attempt_at: sqlNow(db), lease_until: null, last_error: null })
    .where("dead_at", "is not", null)
    .where("message", "!=", "")
    .executeTakeFirst();
  const unwritten = await db.selectFrom("outbox").select((eb) => eb.fn.countAll<string | number>().as("n")).where("dead_at", "is not", null).executeTakeFirstOrThrow();
  return { retried: Number(numUpdatedRows), unwritten: Number(unwritten.n) };
}
