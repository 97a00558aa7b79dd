/**
 * The deployment files work as written (docs/deploy.md): nginx runs deploy/nginx/arcbyte.conf
 * in front of the real server (node build/server.js: a public process, and a studio process
 * with STUDIO=1 on the same build and database) with only its ports and certificate paths
 * substituted, and the systemd unit passes `systemd-analyze verify`. Skipped loudly
 * without nginx (apt-get install nginx openssl; .ci/run's need_nginx), except in CI.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { ROOT, type TestRelease, testRelease } from "./release-fixture.ts";
import { freePort } from "../../scripts/lib/free-port.ts";
import { DEFAULT_TIMEOUTS } from "../../server/app.ts";

const NGINX = "/usr/sbin/nginx";
const installed = existsSync(NGINX) && spawnSync("openssl", ["version"]).status === 0;
if (!installed && process.env.CI) throw new Error("nginx is not installed. Hint: run .ci/run's need_nginx (apt-get install -y nginx openssl).");
if (!installed) console.warn("\n!! SKIPPING tests/contract/nginx.test.ts: nginx or openssl is not installed (apt-get install -y nginx openssl).\n");

const HOST = "www.arcbyte.in";

/** The TCP connections to and from `port` in a state (Linux's /proc/net/tcp: 01 open, 06 TIME_WAIT), both ends of each, as this machine holds them. */
function connections(port: number, state: "01" | "06") {
  const portOf = (address: string) => parseInt(address.split(":")[1]!, 16);
  return readFileSync("/proc/net/tcp", "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((row) => row[3] === state)
    .map(([, local, remote]) => ({ local: portOf(local!), remote: portOf(remote!) }))
    .filter((c) => c.local === port || c.remote === port);
}
/** nginx's ends of its open connections to the server on `port`. */
const openTo = (port: number) => connections(port, "01").filter((c) => c.remote === port).map((c) => c.local);
/** The closed connections with the server on `port`, by nginx's end, and which end closed first: the one left in TIME_WAIT. */
const closedWith = (port: number) => connections(port, "06").map((c) => (c.remote === port ? { closedBy: "nginx", nginxPort: c.local } : { closedBy: "server", nginxPort: c.remote }));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

describe.skipIf(!installed)("nginx in front of the server (deploy/nginx/arcbyte.conf)", () => {
  let t: TestRelease;
  let dir: string;
  let server: ChildProcess;
  let studioServer: ChildProcess | undefined;
  let nginx: ChildProcess;
  let upstreamPort: number;
  let studioPort: number;
  let httpPort: number;
  let httpsPort: number;
  let ca: Buffer;
  let serverOutput = "";

  beforeAll(async () => {
    t = await testRelease("nginx-test");
    dir = mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
    upstreamPort = await freePort();
    studioPort = await freePort();
    const start = (port: number, env: Record<string, string> = {}) => {
      const child = spawn(process.execPath, [path.join(t.buildDir, "server.js")], {
        env: { ...process.env, BUILD_DIR: t.buildDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", FORM_RATE_LIMIT: "2", DATABASE_URL: `file:${path.join(dir, "site.db")}`, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.on("data", (d: Buffer) => (serverOutput += d));
      child.stderr!.on("data", (d: Buffer) => (serverOutput += d));
      return child;
    };
    server = start(upstreamPort);

    // A self-signed certificate for both names, where the site file expects Let's Encrypt's.
    const certs = path.join(dir, "live");
    mkdirSync(certs);
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", `/CN=${HOST}`, "-addext", `subjectAltName=DNS:${HOST},DNS:arcbyte.in`, "-keyout", path.join(certs, "privkey.pem"), "-out", path.join(certs, "fullchain.pem")], { stdio: "pipe" });
    ca = readFileSync(path.join(certs, "fullchain.pem"));

    httpPort = await freePort();
    httpsPort = await freePort();
    const site = readFileSync(path.join(ROOT, "deploy/nginx/arcbyte.conf"), "utf8")
      .replace(/listen (\[::\]:)?80;/g, (_, v6: string | undefined) => `listen ${v6 ?? ""}${httpPort};`)
      .replace(/listen (\[::\]:)?443 ssl/g, (_, v6: string | undefined) => `listen ${v6 ?? ""}${httpsPort} ssl`)
      .replace("server 127.0.0.1:3000;", `server 127.0.0.1:${upstreamPort};`)
      .replace("server 127.0.0.1:3010;", `server 127.0.0.1:${studioPort};`)
      .replaceAll(`/etc/letsencrypt/live/${HOST}/`, `${certs}/`)
      .replaceAll("/var/www/letsencrypt", path.join(dir, "webroot"));
    // Everything else is the file as written: a substitution that did not happen fails here.
    expect(site).not.toMatch(/listen (?:\[::\]:)?(?:80|443)\b|letsencrypt\/live|:3000;|:3010;/);
    writeFileSync(path.join(dir, "site.conf"), site);
    // nginx's workers may run as another user (www-data when the tests run as root): they buffer a
    // large request body to a file in body/.
    chmodSync(dir, 0o755);
    for (const temp of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
      mkdirSync(path.join(dir, temp));
      chmodSync(path.join(dir, temp), 0o777);
    }
    writeFileSync(
      path.join(dir, "nginx.conf"),
      [
        "worker_processes 1;",
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log warn;`,
        "events {}",
        "http {",
        "  include /etc/nginx/mime.types;",
        // Which process answered each request: what the routing test reads.
        "  log_format upstreams '$request_uri $upstream_addr';",
        `  access_log ${dir}/access.log upstreams;`,
        ...["body", "proxy", "fastcgi", "uwsgi", "scgi"].map((temp) => `  ${temp === "body" ? "client_body" : temp}_temp_path ${dir}/${temp};`),
        `  include ${dir}/site.conf;`,
        "}",
      ].join("\n"),
    );
    const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`nginx -t refused the site file:\n${check.stderr}`);
    nginx = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    for (let i = 0; i < 300; i++) {
      const up = await get("/").then((a) => a.status === 200, () => false);
      if (up) break;
      if (server.exitCode !== null) throw new Error(`The server stopped:\n${serverOutput}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The studio's process starts once the public one has made the database (one migration at a time).
    studioServer = start(studioPort, { STUDIO: "1", SITE_URL: `https://${HOST}` });
    for (let i = 0; i < 300; i++) {
      const up = await get("/api/studio/me").then((a) => a.status === 401, () => false);
      if (up) return;
      if (studioServer.exitCode !== null) throw new Error(`The studio's server stopped:\n${serverOutput}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`nginx or the servers did not answer:\n${serverOutput}\n${readFileSync(path.join(dir, "error.log"), "utf8")}`);
  }, 900_000);

  afterAll(() => {
    nginx?.kill("SIGQUIT");
    server?.kill("SIGTERM");
    studioServer?.kill("SIGTERM");
    t?.remove();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A request over TLS to nginx, as a browser on https://www.arcbyte.in sends it. */
  function get(url: string, { method = "GET", headers = {}, body, host = HOST }: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: httpsPort, path: url, method, servername: host, ca, headers: { host, ...headers } }, (res) => {
        let text = "";
        res.setEncoding("latin1");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** A request over plain HTTP to nginx (its body is not read). */
  function getPlain(url: string, host: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port: httpPort, path: url, headers: { host } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: "" }));
      })
        .on("error", reject)
        .end();
    });
  }

  it("passes nginx -t as written, with only its ports and certificate paths changed", () => {
    expect(readFileSync(path.join(dir, "site.conf"), "utf8")).toContain(`server_name ${HOST};`);
  });

  it("redirects plain HTTP to https://www, keeping the path and query", async () => {
    const answer = await getPlain("/about?ref=mail", "arcbyte.in");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/about?ref=mail`);
  });

  it("redirects the bare domain over HTTPS to www", async () => {
    const answer = await get("/services", { host: "arcbyte.in" });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`https://${HOST}/services`);
  });

  it("serves the pages over HTTPS with the security headers, HSTS included (the server knows it is behind TLS)", async () => {
    const answer = await get("/about");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("passes the server's precompressed files through", async () => {
    const answer = await get("/", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
  });

  it("passes the server's redirects and 404 pages through", async () => {
    const redirect = await get("/app-development?x=1");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/services/mobile-development?x=1");
    expect((await get("/services/no-such-service")).status).toBe(404);
  });

  it("accepts a form from the site's own pages and refuses one from another site", async () => {
    const post = (origin: string, xff?: string) =>
      get("/api/newsletter", { method: "POST", headers: { "content-type": "application/json", origin, ...(xff && { "x-forwarded-for": xff }) }, body: JSON.stringify({ email: `nginx-${Math.random()}@example.com` }) });
    expect((await post(`https://${HOST}`)).status).toBe(200);
    expect((await post("https://evil.example")).status).toBe(403);
  });

  it("sees each client's own address: a forged X-Forwarded-For does not escape the rate limit", async () => {
    // FORM_RATE_LIMIT=2 a minute per client. Were the forged addresses believed, each post would
    // count as a new client's first; they are all this client's, so the third is refused at the latest.
    const post = (xff: string) =>
      get("/api/newsletter", { method: "POST", headers: { "content-type": "application/json", origin: `https://${HOST}`, "x-forwarded-for": xff }, body: JSON.stringify({ email: `limit-${xff}@example.com` }) });
    const statuses = [];
    for (const xff of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) statuses.push((await post(xff)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("sends /admin and /api/studio to the studio's process over HTTPS, everything else to the public ones", async () => {
    // The studio answers as over HTTPS (a session is needed, not HTTPS): a public process would say 404.
    const me = await get("/api/studio/me");
    expect(me.status).toBe(401);
    expect(JSON.parse(me.body).error.code).toBe("StudioSignedOut");
    const paths = { studio: ["/api/studio/me", "/api/studio", "/admin", "/admin/pages"], public: ["/about", "/administrator", "/api/studios", "/api/newsletter"] };
    for (const url of [...paths.studio, ...paths.public]) await get(url);
    // nginx writes a request's log line once it is answered.
    const answeredBy = new Map(readFileSync(path.join(dir, "access.log"), "utf8").trim().split("\n").map((line) => line.split(" ") as [string, string]));
    for (const url of paths.studio) expect(answeredBy.get(url), url).toBe(`127.0.0.1:${studioPort}`);
    for (const url of paths.public) expect(answeredBy.get(url), url).toBe(`127.0.0.1:${upstreamPort}`);
    // Over plain HTTP the studio is only a redirect to HTTPS.
    const plain = await getPlain("/api/studio/me", HOST);
    expect(`${plain.status} ${plain.headers.location}`).toBe(`301 https://${HOST}/api/studio/me`);
  });

  it("closes its idle connections to the server before the server does, so none is used as the server closes it", async () => {
    await get("/");
    const opened = openTo(upstreamPort);
    expect(opened.length).toBeGreaterThan(0);
    // The server closes an idle connection after DEFAULT_TIMEOUTS.keepAlive (and Node's second of grace).
    await new Promise((r) => setTimeout(r, DEFAULT_TIMEOUTS.keepAlive + 1500));
    // The side that closes first is left in TIME_WAIT: nginx's end (its own port), never the server's.
    const closed = closedWith(upstreamPort);
    for (const nginxPort of opened) expect(closed, `the connection from nginx's port ${nginxPort}`).toContainEqual({ closedBy: "nginx", nginxPort });
  });

  it("refuses a body far beyond any form before it reaches the server", async () => {
    const answer = await get("/api/contact", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ message: "x".repeat(300 * 1024) }) });
    expect(answer.status).toBe(413);
    // nginx's own answer (the server's would be JSON): the body never reached the server.
    expect(answer.body).toContain("<center>nginx");
  });

  it("passes a careers form with a CV of a few megabytes to the server", async () => {
    const boundary = "----nginx-test";
    const body = [`--${boundary}`, 'Content-Disposition: form-data; name="cv"; filename="cv.pdf"', "Content-Type: application/pdf", "", `%PDF-1.4\n${"x".repeat(3 * 1024 * 1024)}`, `--${boundary}--`, ""].join("\r\n");
    const answer = await get("/api/careers", { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: `https://${HOST}`, accept: "application/json" }, body });
    // The server's own answer (JSON, whatever it says of this form), not nginx's 413.
    expect(answer.body).not.toContain("<center>nginx");
    expect(`${answer.status} ${JSON.parse(answer.body).code}`).toMatch(/^4\d\d Form/);
  });

  it("passes on the studio's own answer to a body it refuses unread, every time (not a 502)", async () => {
    // Sign-in takes 16 kB: the studio answers 413 before it reads the body nginx is sending it.
    const body = JSON.stringify({ email: "x".repeat(1.9 * 1024 * 1024) });
    for (let i = 0; i < 10; i++) {
      const answer = await get("/api/studio/sign-in", { method: "POST", headers: { "content-type": "application/json", origin: `https://${HOST}` }, body });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).error.code).toBe("StudioTooLarge");
    }
  });

  it("refuses a studio body over the largest draft (2 MB) before it reaches the studio", async () => {
    const answer = await get("/api/studio/sign-in", { method: "POST", headers: { "content-type": "application/json", origin: `https://${HOST}` }, body: JSON.stringify({ email: "x".repeat(2.5 * 1024 * 1024) }) });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("<center>nginx");
  });
});

describe("the systemd unit (deploy/systemd/arcbyte@.service)", () => {
  const analyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
  it.skipIf(!analyze)("passes systemd-analyze verify without a warning", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "unit-"));
    try {
      copyFileSync(path.join(ROOT, "deploy/systemd/arcbyte@.service"), path.join(dir, "arcbyte@.service"));
      const result = spawnSync("systemd-analyze", ["verify", path.join(dir, "arcbyte@3000.service")], { encoding: "utf8" });
      expect(result.status).toBe(0);
      expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
