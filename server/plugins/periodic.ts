/**
 * A pass a plugin runs once the server is ready, then every so often, and waits for at close
 * (the retention pass, the analytics roll-up). Its plugin is registered after storage, so
 * the last pass ends before the database closes. A failing pass is the pass's to report.
 */
import type { FastifyInstance } from "fastify";

export function runPeriodically(app: FastifyInstance, everyMs: number, pass: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  app.addHook("onReady", async () => {
    running = pass();
    timer = setInterval(() => (running = pass()), everyMs).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
