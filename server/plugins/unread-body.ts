/**
 * An answer given before the request's body was read (a 413 for a body over the route's limit,
 * a 401, 403 or 429 from a hook that runs first) ends with Fastify closing the connection. Were
 * it closed with the body's rest still unread, the kernel would reset it, and a proxy still
 * sending that body (nginx buffers it, then sends it whole) would report a 502 instead of the
 * answer. So the rest of a body of a plausible size is read and dropped first; a larger one
 * (no proxy in front of this server would pass it), or one too slow to wait for (408), is cut
 * off as before.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** Above the largest body nginx passes on (deploy/nginx/arcbyte.conf). */
export const MOST_UNREAD_BYTES = 8 * 1024 * 1024;
/** A client that stops sending is not waited for longer. */
const MOST_WAIT_MS = 5_000;

function hasUnreadBody(request: FastifyRequest, reply: FastifyReply): boolean {
  const raw = request.raw;
  if (reply.statusCode === 408) return false;
  if (raw.complete || raw.readableEnded) return false;
  const length = Number(raw.headers["content-length"] ?? 0);
  return length > 0 && length <= MOST_UNREAD_BYTES;
}

function readToEnd(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      raw.off("end", done).off("error", done).off("close", done);
      resolve();
    };
    const timer = setTimeout(done, MOST_WAIT_MS);
    raw.on("end", done).on("error", done).on("close", done);
    // A reader that stopped (a form's deadline stream, piped) would hold the body back again.
    raw.unpipe();
    raw.resume();
  });
}

export const unreadBodyPlugin = fp(async function unreadBody(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    if (hasUnreadBody(request, reply)) await readToEnd(request);
  });
});
