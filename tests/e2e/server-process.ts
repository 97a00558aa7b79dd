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

export interface CommandProcess {
  /** Everything the command printed so far. */
  output: () => string;
  /** The first match of `ready` in the output, which said the command was up. */
  ready: RegExpMatchArray;
  /** Stops the command and every process it started (npm runs sh, tsx, node): SIGTERM to its group, then waits until none is left. */
  stop: () => Promise<void>;
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs a command as a person does in a terminal (`npm start`), in a process group of its own
 * so that stopping it stops its children too, and waits until its output matches `ready`.
 */
export async function startCommand(name: string, command: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number }): Promise<CommandProcess> {
  let output = "";
  // A build prints hundreds of lines; what went wrong is at the end.
  const tail = () => output.split("\n").slice(-80).join("\n");
  const [file, ...args] = command;
  const child = spawn(file!, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout!.on("data", (d: Buffer) => (output += d));
  child.stderr!.on("data", (d: Buffer) => (output += d));
  const pid = child.pid!;
  const stop = async () => {
    if (groupAlive(pid)) process.kill(-pid, "SIGTERM");
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      if (!groupAlive(pid)) return;
    }
    process.kill(-pid, "SIGKILL");
    throw new Error(`The ${name} (${command.join(" ")}) was still running 10 s after SIGTERM, and was killed:\n${tail()}`);
  };
  for (const deadline = Date.now() + options.timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const ready = output.match(options.ready);
    if (ready) return { output: () => output, ready, stop };
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The ${name} (${command.join(" ")}) stopped (exit ${child.exitCode}):\n${tail()}`);
    }
  }
  await stop();
  throw new Error(`The ${name} (${command.join(" ")}) printed nothing matching ${options.ready} in ${options.timeoutMs / 1000} s:\n${tail()}`);
}
