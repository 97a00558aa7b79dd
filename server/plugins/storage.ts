/**
 * Opens the submissions database on start (creating and migrating it if needed) and closes
 * it when the server stops. Decorates `app.storage`.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type DatabaseTarget, type Db, describeTarget, openDatabase } from "../storage/database.ts";

export const storagePlugin = fp(
  async function storage(app: FastifyInstance, { databaseUrl, timeoutMs }: { databaseUrl: string; timeoutMs?: number }) {
    const { db, target } = await openDatabase(databaseUrl, {
      timeoutMs,
      onIdleError: (error) => app.log.warn({ err: { type: error.name, message: error.message } }, "storage: a database connection was lost; the next query opens a new one"),
    });
    app.log.info(`storage: ${describeTarget(target)}`);
    app.decorate("storage", { db, target });
    app.addHook("onClose", async () => db.destroy());
  },
  { name: "storage" },
);

declare module "fastify" {
  interface FastifyInstance {
    storage: { db: Db; target: DatabaseTarget };
  }
}
