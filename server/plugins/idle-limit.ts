/**
 * The idle limit (Fastify's connectionTimeout) is for a client that holds a socket and sends
 * nothing. Once a request has been read, the socket is quiet by the server's doing while it
 * works on the answer: a publish's whole-site check takes seconds, tens of them on a loaded
 * machine, and the limit cut the connection under it, so the studio showed a network error for
 * a publish or a schedule that went through. So the limit is off from the handler's start until
 * its answer is ready to go (onSend), and on again for sending it: a client that does not read
 * its answer is still let go.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const idleLimitPlugin = fp(
  async (app: FastifyInstance, { idleMs }: { idleMs: number }) => {
    // Optional calls: a request made with inject() has no real socket.
    app.addHook("preHandler", async (request) => {
      request.raw.socket?.setTimeout?.(0);
    });
    app.addHook("onSend", async (request) => {
      request.raw.socket?.setTimeout?.(idleMs);
    });
  },
  { name: "idle-limit" },
);
