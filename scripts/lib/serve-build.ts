/** Starts the real server on a build for a benchmark, and stops it. */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

export async function serveBuild({ port, buildDir = "build", env = {} }: { port: number; buildDir?: string; env?: Record<string, string> }) {
  const origin = `http://127.0.0.1:${port}`;
  // A server left over from an interrupted run would answer in place of this one, with
  // another build (and its cached CSP hashes): measure nothing rather than the wrong site.
  if (await fetch(origin + "/").then(() => true, () => false)) {
    throw new Error(`Port ${port} is already in use: stop the process listening on it (a leftover bench server?) and run again.`);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR: buildDir, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Shown as it comes, and kept: what the server printed (local mode's sign-in link) is read from it.
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it answered.`);
    try {
      if ((await fetch(origin + "/")).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    /** What the server printed so far. */
    output: () => output,
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")))),
  };
}
