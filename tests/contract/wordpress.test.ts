/**
 * The WordPress source against a real WordPress (Debian's package, started by
 * scripts/wordpress/setup.sh and seeded with every awkward case of wordpress-rest.md).
 * In CI a missing WordPress fails the suite; elsewhere it is skipped with a warning.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_POST_IMAGE } from "../../src/blog/defaults.ts";
import { BlogSourceError } from "../../src/blog/source.ts";
import { wordpressSource } from "../../src/blog/wordpress.ts";

const root = path.resolve(import.meta.dirname, "../..");
const setup = path.join(root, "scripts/wordpress/setup.sh");
const PORT = Number(process.env.WP_CONTRACT_PORT ?? 3981);
const WP_ROOT = `/tmp/arcbyte-wordpress-contract-${PORT}`;
const env = { ...process.env, WP_PORT: String(PORT), WP_ROOT };
const url = `http://127.0.0.1:${PORT}`;

const installed = existsSync("/usr/share/wordpress") && existsSync("/usr/sbin/mariadbd");
if (!installed && process.env.CI) throw new Error("WordPress is not installed. Hint: run .ci/run's need_wordpress (apt-get install -y wordpress mariadb-server php-cli php-mysql).");
if (!installed) console.warn("Skipping the WordPress contract suite: apt-get install -y wordpress mariadb-server php-cli php-mysql to run it.");

describe.skipIf(!installed)("WordPress source against a real WordPress", () => {
  const source = wordpressSource({ url });

  beforeAll(() => {
    execFileSync(setup, { env, stdio: "pipe", timeout: 110_000 });
  }, 120_000);
  afterAll(() => {
    execFileSync(setup, ["stop"], { env, stdio: "pipe" });
  });

  it("builds the whole index, paging past 100 posts", async () => {
    const index = await source.index();
    expect(index.posts.length).toBe(113);
    expect(index.posts.map((p) => p.id)).toEqual(expect.arrayContaining(["archive-note-1", "archive-note-105", "fast-pages-with-react"]));
    expect(index.categories.map((c) => c.name)).toEqual(expect.arrayContaining(["Releases & Updates", "Empty Category"]));
  });

  it("maps every awkward post without throwing", async () => {
    expect(await source.post("whats-new-and-more")).toMatchObject({ title: "What’s new & more in 2025", category: "Releases & Updates" });
    expect(await source.post("forbidden-image")).toMatchObject({ image: DEFAULT_POST_IMAGE });
    expect(await source.post("deleted-image")).toMatchObject({ image: DEFAULT_POST_IMAGE });
    expect(await source.post("protected-post")).toMatchObject({ protected: true, content: "" });
    const xss = await source.post("xss-payloads");
    expect(xss?.content).not.toMatch(/<script|<iframe|<object|<base|<meta|\son[a-z]+=|script:/i);
  });

  it("offers every size of a featured image WordPress made at its proportions, each a real image of that width", async () => {
    const post = await source.post("fast-pages-with-react");
    const sources = post!.imageSrcSet.split(", ").map((s) => s.split(" ") as [string, string]);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const [url, width] of sources) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type"), url).toBe("image/png");
      // A PNG's width is the big-endian 32-bit number at byte 16 (IHDR).
      expect(Buffer.from(await res.arrayBuffer()).readUInt32BE(16), url).toBe(Number.parseInt(width));
    }
  });

  it("finds a post published after the index was taken, and says no to unknown slugs", async () => {
    expect(await source.exists("published-later")).toBe(false);
    execFileSync("php", [path.join(root, "scripts/wordpress/add-post.php"), `${WP_ROOT}/site`, "published-later", "Published later"], { stdio: "pipe" });
    expect(await source.exists("published-later")).toBe(true);
    expect((await source.post("published-later"))?.title).toBe("Published later");
  });

  it("reports a stopped WordPress as a BlogSourceError with a hint", async () => {
    execFileSync(setup, ["stop-php"], { env, stdio: "pipe" });
    const error = await source.exists("fast-pages-with-react").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlogSourceError);
    expect((error as BlogSourceError).hint).toContain("WORDPRESS_URL");
  });
});
