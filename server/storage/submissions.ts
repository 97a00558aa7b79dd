/**
 * What each served form stores, and the three things done with it: store (before the
 * success answer), export and erase. Shared by the API and `npm run submissions`.
 */
import { uuidv7 } from "./ids.ts";
import type { MailMessage } from "../notify/messages.ts";
import type { Db, Tables } from "./database.ts";

export const stores = {
  newsletter: { table: "newsletter_subscribers", fields: ["email"], label: "newsletter subscribers" },
  contact: {
    table: "contact_enquiries",
    fields: ["name", "email", "phone", "company", "service", "message"],
    label: "contact enquiries",
  },
  careers: { table: "job_applications", fields: ["name", "email", "position", "message"], label: "job applications" },
} as const satisfies Record<string, { table: keyof Tables; fields: readonly string[]; label: string }>;

export type StoreKind = keyof typeof stores;
export const storeKinds = Object.keys(stores) as StoreKind[];
export const isStoreKind = (id: string): id is StoreKind => Object.hasOwn(stores, id);

/** Addresses are compared and kept trimmed and lowercased; a +tag is part of the address. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface StoreOptions {
  /** Newsletter: which wording the person consented to. */
  consentVersion?: string;
  /**
   * Enquiries and applications: writes the notification, called only once the submission's
   * row is written. If it throws, the submission is still stored (and the error returned).
   */
  notification?: () => MailMessage;
  now?: Date;
}

/**
 * Stores one validated submission durably; resolves only once it is committed.
 * Subscribing an address again refreshes its consent time and otherwise changes nothing,
 * so the caller answers exactly as for a first subscription.
 */
export async function storeSubmission(
  db: Db,
  kind: StoreKind,
  values: Record<string, string>,
  options: StoreOptions = {},
): Promise<{ notificationError?: unknown }> {
  const now = (options.now ?? new Date()).toISOString();
  const id = uuidv7();
  const email = normalizeEmail(values.email ?? "");
  const text = (name: string) => values[name] ?? "";

  if (kind === "newsletter") {
    const consent_version = options.consentVersion ?? "unknown";
    await db
      .insertInto("newsletter_subscribers")
      .values({ id, email, consented_at: now, consent_version, created_at: now })
      .onConflict((oc) => oc.column("email").doUpdateSet({ consented_at: now, consent_version }))
      .execute();
    return {};
  }

  return db.transaction().execute(async (trx) => {
    if (kind === "contact") {
      await trx
        .insertInto("contact_enquiries")
        .values({ id, name: text("name"), email, phone: text("phone"), company: text("company"), service: text("service"), message: text("message"), created_at: now })
        .execute();
    } else {
      await trx
        .insertInto("job_applications")
        .values({ id, name: text("name"), email, position: text("position"), message: text("message"), created_at: now })
        .execute();
    }
    if (!options.notification) return {};
    let message: MailMessage;
    try {
      message = options.notification();
    } catch (notificationError) {
      return { notificationError };
    }
    {
      await trx
        .insertInto("outbox")
        .values({
          id: uuidv7(),
          kind,
          submission_id: id,
          subject_email: email,
          message: JSON.stringify(message),
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })
        .execute();
    }
    return {};
  });
}

/** The columns of an export, in order. */
export const exportColumns = (kind: StoreKind): string[] =>
  kind === "newsletter" ? ["email", "consented_at", "consent_version", "created_at"] : ["created_at", ...stores[kind].fields];

/** Every stored submission of a kind, oldest first, with the columns of `exportColumns`. */
export async function exportSubmissions(db: Db, kind: StoreKind): Promise<Record<string, string>[]> {
  if (kind === "newsletter") {
    return db.selectFrom("newsletter_subscribers").select(["email", "consented_at", "consent_version", "created_at"]).orderBy("created_at").orderBy("id").execute();
  }
  if (kind === "contact") {
    return db
      .selectFrom("contact_enquiries")
      .select(["created_at", "name", "email", "phone", "company", "service", "message"])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
  }
  return db.selectFrom("job_applications").select(["created_at", "name", "email", "position", "message"]).orderBy("created_at").orderBy("id").execute();
}

export type ErasureReport = Record<"newsletter_subscribers" | "contact_enquiries" | "job_applications" | "outbox", number>;

/** Removes everything stored about one address, in every table, in one transaction. */
export async function eraseEmail(db: Db, email: string): Promise<ErasureReport> {
  const address = normalizeEmail(email);
  return db.transaction().execute(async (trx) => {
    const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    return {
      newsletter_subscribers: count(await trx.deleteFrom("newsletter_subscribers").where("email", "=", address).executeTakeFirst()),
      contact_enquiries: count(await trx.deleteFrom("contact_enquiries").where("email", "=", address).executeTakeFirst()),
      job_applications: count(await trx.deleteFrom("job_applications").where("email", "=", address).executeTakeFirst()),
      outbox: count(await trx.deleteFrom("outbox").where("subject_email", "=", address).executeTakeFirst()),
    };
  });
}

/** Row counts of every table: what tests and the load benchmark compare against. */
export async function countRows(db: Db): Promise<ErasureReport> {
  const count = async (table: keyof ErasureReport) => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    newsletter_subscribers: await count("newsletter_subscribers"),
    contact_enquiries: await count("contact_enquiries"),
    job_applications: await count("job_applications"),
    outbox: await count("outbox"),
  };
}
