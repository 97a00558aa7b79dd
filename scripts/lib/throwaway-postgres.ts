/**
 * A throwaway PostgreSQL cluster for tests and npm run bench:forms: initdb in a temp dir, started on a free local
 * port, removed afterwards. Uses the binaries on PATH, in /usr/local/bin or Debian's
 * /usr/lib/postgresql/<version>/bin (`apt-get install postgresql`). PostgreSQL refuses to
 * run as root, so as root the cluster runs as the `postgres` user (or `nobody`).
 *
 * Only when no PostgreSQL binaries exist at all do the tests skip, with a loud message;
 * if they exist and the cluster does not start, that is a failure.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

export interface Postgres {
  url: string;
  stop(): void;
  /** pg_ctl restart -m fast: every connection is closed, the server is back at once. */
  restart(): void;
  /** pg_ctl stop -m fast, and start again: the database is away until `start`. */
  halt(): void;
  start(): void;
  /** SIGSTOP to every process of the cluster: connections stay open, nothing answers. */
  pause(): void;
  resume(): void;
}

export function findPostgresBin(): string | undefined {
  const candidates = [
    process.env.PG_BIN,
    ...(process.env.PATH ?? "").split(":"),
    "/usr/local/bin",
    ...(existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return candidates.find((dir) => dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
}

export const NO_POSTGRES_MESSAGE =
  "\n" +
  "=".repeat(78) +
  "\n  SKIPPED: PostgreSQL storage tests. No PostgreSQL binaries (initdb, pg_ctl) were found\n" +
  "  on PATH, in /usr/local/bin or /usr/lib/postgresql/*/bin.\n" +
  "  Install them with `apt-get install -y postgresql` (the .ci/run script does) or set PG_BIN.\n" +
  "=".repeat(78) +
  "\n";

/** Which OS user runs the cluster: ourselves, unless we are root. */
function clusterUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    const id = spawnSync("id", ["-u", name], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", name], { encoding: "utf8" });
    if (id.status === 0 && gid.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  }
  throw new Error("Running as root, and neither a `postgres` nor a `nobody` user exists to run PostgreSQL.");
}

export async function startPostgres(): Promise<Postgres | undefined> {
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const user = clusterUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const data = path.join(dir, "data");
  if (user) {
    chownSync(dir, user.uid, user.gid);
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = user ? ["runuser", ["-u", user.name, "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    try {
      execFileSync(file, argv, { stdio: "pipe", cwd: dir });
    } catch (error) {
      const log = existsSync(path.join(dir, "log")) ? readFileSync(path.join(dir, "log"), "utf8") : "";
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
      throw new Error(`PostgreSQL ${command} failed: ${stderr}\n${log}`);
    }
  };
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  const start = () => run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"]);
  start();
  /** The postmaster and its children (backends, background workers). */
  const processes = () => {
    const postmaster = readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]!.trim();
    const children = spawnSync("ps", ["-o", "pid=", "--ppid", postmaster], { encoding: "utf8" }).stdout.split("\n").map((l) => l.trim()).filter(Boolean);
    return [postmaster, ...children].map(Number);
  };
  const signal = (name: "SIGSTOP" | "SIGCONT") => {
    for (const pid of processes()) process.kill(pid, name);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", path.join(dir, "log"), "restart"]),
    halt: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start,
    pause: () => signal("SIGSTOP"),
    resume: () => signal("SIGCONT"),
    stop() {
      try {
        signal("SIGCONT");
      } catch {
        // not running
      }
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
