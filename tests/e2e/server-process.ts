/**
 * A server of its own for a browser test (the admin server, the dev server): started with
 * tsx, its output kept for the error a test shows when it stops or never answers.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the server printed so far. */
  output: () => string;
}

/** Starts `node --import tsx <args>` and waits until `readyUrl` answers 200. */
export async function startServerProcess(name: string, args: string[], env: NodeJS.ProcessEnv, readyUrl: string, timeoutMs = 30_000): Promise<ServerProcess> {
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`The ${name} stopped (exit ${child.exitCode}):\n${output}`);
    if (await fetch(readyUrl).then((r) => r.ok, () => false)) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGTERM");
  throw new Error(`The ${name} did not answer at ${readyUrl}:\n${output}`);
}
