/**
 * HTTP/1.1 over a bare TCP socket, for what fetch cannot do: send a request in pieces with
 * pauses (slow headers, slow bodies), send bytes no client library would (a raw backslash or
 * CR in the target), and see when the server closes the connection.
 */
import { connect } from "node:net";

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection (rather than keeping it alive). */
  closed: boolean;
  /** Milliseconds from the first byte sent to the answer (or the close). */
  ms: number;
  /** Milliseconds from the first byte sent to the close, when the server closed. */
  closedMs?: number;
}

/** A piece of the request, or a pause in milliseconds. */
export type Part = string | Buffer | { wait: number };

/**
 * Sends the parts in order (stopping once the server answers or closes) and reads one answer.
 * With `keepOpen`, it then waits up to that many ms more to see whether the server closes.
 */
export function exchange(port: number, parts: Part[], { timeout = 15_000, keepOpen = 0 }: { timeout?: number; keepOpen?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const started = Date.now();
    let received = Buffer.alloc(0);
    let answered: Omit<RawResponse, "closed" | "ms"> | undefined;
    let answeredAt = 0;
    let closed = false;
    let closedAt = 0;
    const timer = setTimeout(() => finish(), timeout);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const response = answered ?? parse(received) ?? { status: 0, headers: {}, body: received.toString("latin1") };
      resolve({ ...response, closed, ms: (answeredAt || Date.now()) - started, ...(closed && { closedMs: closedAt - started }) });
    };
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (answered) return;
      answered = complete(received);
      if (answered) {
        answeredAt = Date.now();
        if (keepOpen === 0) finish();
        else setTimeout(finish, keepOpen);
      }
    });
    socket.on("close", () => {
      closed = true;
      closedAt = Date.now();
      if (!answeredAt) answeredAt = Date.now();
      finish();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close while we still send (a refused body): what it answered counts.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
      clearTimeout(timer);
      reject(error);
    });
    socket.once("connect", async () => {
      for (const part of parts) {
        if (answered || closed) break;
        if (typeof part === "object" && !Buffer.isBuffer(part)) await new Promise((r) => setTimeout(r, part.wait));
        else socket.write(part);
      }
    });
  });
}

/** The parts of a request whose body arrives one byte every `every` ms. */
export function trickle(head: string, body: string, every: number): Part[] {
  const bytes = Buffer.from(body);
  return [head, ...[...bytes].flatMap((b) => [{ wait: every }, Buffer.from([b])])];
}

/** A request's head with the given headers (Content-Length from the body when given). */
export function head(method: string, target: string, headers: Record<string, string>, body?: string): string {
  const all = { host: "127.0.0.1", ...headers, ...(body !== undefined && { "content-length": String(Buffer.byteLength(body)) }) };
  return `${method} ${target} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
}

/** A whole answer (head, and a body of its Content-Length), or undefined while more is due. */
function complete(data: Buffer): Omit<RawResponse, "closed" | "ms"> | undefined {
  const response = parse(data);
  if (!response) return undefined;
  const length = Number(response.headers["content-length"] ?? NaN);
  if (Number.isNaN(length)) return undefined; // chunked or until close: read to the close
  return Buffer.byteLength(response.body) >= length ? response : undefined;
}

function parse(data: Buffer): Omit<RawResponse, "closed" | "ms"> | undefined {
  const end = data.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine, ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, body: data.subarray(end + 4).toString("utf8") };
}
