/**
 * npm run bench:build — a report, not a test: how the build scales with a large blog.
 * Copies the project into .bench-scale/ (node_modules are found in the parent), adds
 * generated posts (default 1,000) to the local blog, then measures:
 *   - the content checker's time on all files,
 *   - the full build's wall time and peak memory (GNU time's maximum resident set size),
 *   - prerendering: pages written and time per page,
 *   - an incremental rebuild (build/rebuild.js, what a WordPress webhook starts) with nothing
 *     changed, and after one new post, beside the full build (target: at most a tenth of it).
 * Writes bench/results/build.{md,json}.
 *
 *   --posts N   how many posts to generate (default 1000)
 *   --keep      keep .bench-scale/ afterwards (to profile it)
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { copyProject, writeGeneratedPosts } from "./lib/project-copy.ts";

const args = process.argv.slice(2);
const count = Number(args[args.indexOf("--posts") + 1] ?? 1000) || 1000;
const root = process.cwd();
const work = path.join(root, ".bench-scale");

copyProject(root, work);
const { taxonomy, postsDir } = writeGeneratedPosts(work, count);
const files = readdirSync(postsDir).length;
console.log(`bench:build: ${files} posts in ${path.relative(root, postsDir)}`);

if (args.includes("--setup-only")) process.exit(0);

// The content checker alone.
const checkOut = execFileSync(process.execPath, ["--import", "tsx", "scripts/content-check.ts"], { cwd: work, encoding: "utf8" });
const checkMs = Number(/\((\d+) ms\)/.exec(checkOut)?.[1] ?? NaN);
console.log(checkOut.trim());

// The whole build under GNU time, with a timestamp for every prerendered page.
const started = Date.now();
const prerenderTimes: number[] = [];
let log = "";
const timeFile = path.join(work, "time.txt");
const status = await new Promise<number>((resolve) => {
  const child = spawn("/usr/bin/time", ["-v", "-o", timeFile, process.execPath, path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: work,
    env: { ...process.env, NODE_ENV: "production" },
  });
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    log += text;
    for (const line of text.split("\n")) if (/Prerender \(html\)/.test(line)) prerenderTimes.push(Date.now());
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  child.on("exit", (code) => resolve(code ?? 1));
});
const wallMs = Date.now() - started;
if (status !== 0) {
  console.error(log.slice(-4000));
  throw new Error(`The build failed with exit code ${status}.`);
}
const time = existsSync(timeFile) ? readFileSync(timeFile, "utf8") : "";

// The build as npm run build leaves it (a link to a release), so the incremental rebuild can run.
mkdirSync(path.join(work, "build-releases"));
renameSync(path.join(work, "build"), path.join(work, "build-releases/full"));
symlinkSync("build-releases/full", path.join(work, "build"));

/** One run of the build's own rebuild.js, as the server starts it: wall time and what it did. */
function incremental() {
  const started = Date.now();
  const out = execFileSync(process.execPath, [path.join(work, "build/rebuild.js")], { cwd: work, encoding: "utf8", env: { ...process.env, BUILD_DIR: path.join(work, "build") } });
  const result = JSON.parse(out.split("\n").find((l) => l.startsWith("rebuild-result "))!.slice("rebuild-result ".length)) as { rendered: string[]; removed: string[]; unchanged: number };
  // Where the time went: the rebuild's own log of its phases (server/build/rebuild.ts).
  const phases = out.split("\n").filter((l) => l.startsWith("Rebuild: ") && !l.startsWith("Rebuild: rendered ")).map((l) => l.slice("Rebuild: ".length)).join("; ");
  return { wallMs: Date.now() - started, phases, ...result };
}
const unchanged = incremental();
writeFileSync(
  path.join(postsDir, "one-more-post.md"),
  ["---", 'title: "One more post"', 'excerpt: "The post an incremental rebuild adds."', `date: ${new Date().toISOString().slice(0, 10)}`, `author: ${taxonomy.authors[0]!.slug}`, `category: ${taxonomy.categories[0]!.slug}`, `tags: [${taxonomy.tags[0]!.slug}]`, "---", "Published after the full build.", ""].join("\n"),
);
const onePost = incremental();
console.log(`Incremental: nothing changed ${unchanged.wallMs} ms (${unchanged.unchanged} pages checked); one new post ${onePost.wallMs} ms (${onePost.rendered.length} pages rendered: ${onePost.rendered.join(", ")})`);
console.log(`Incremental phases: nothing changed: ${unchanged.phases}; one new post: ${onePost.phases}`);
const peakMb = Math.round(Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time)?.[1] ?? NaN) / 1024);
const pages = prerenderTimes.length;
const prerenderMs = pages > 1 ? prerenderTimes.at(-1)! - prerenderTimes[0]! : NaN;

const figures = {
  posts: files,
  contentCheckMs: checkMs,
  buildWallS: Number((wallMs / 1000).toFixed(1)),
  peakMemoryMb: peakMb,
  prerenderedPages: pages,
  prerenderS: Number((prerenderMs / 1000).toFixed(1)),
  prerenderMsPerPage: Number((prerenderMs / Math.max(1, pages - 1)).toFixed(1)),
  incrementalUnchangedS: Number((unchanged.wallMs / 1000).toFixed(1)),
  incrementalOnePostS: Number((onePost.wallMs / 1000).toFixed(1)),
  incrementalOnePostPages: onePost.rendered.length,
  incrementalShareOfFull: Number((onePost.wallMs / wallMs).toFixed(3)),
};
const markdown = [
  `# Build at scale: ${files} blog posts`,
  "",
  `${new Date().toISOString()} · Node ${process.version}`,
  "",
  "| figure | value |",
  "| --- | --- |",
  `| content check (all files) | ${figures.contentCheckMs} ms |`,
  `| build, wall time (check, bundle, prerender, sitemap, precompress) | ${figures.buildWallS} s |`,
  `| build, peak memory (max RSS) | ${figures.peakMemoryMb} MB |`,
  `| pages prerendered | ${figures.prerenderedPages} |`,
  `| prerender time | ${figures.prerenderS} s (${figures.prerenderMsPerPage} ms per page) |`,
  `| incremental rebuild, nothing changed (every page's data checked) | ${figures.incrementalUnchangedS} s |`,
  `| incremental rebuild, one new post | ${figures.incrementalOnePostS} s (${figures.incrementalOnePostPages} pages rendered), ${(figures.incrementalShareOfFull * 100).toFixed(1)} % of the full build (target: at most 10 %) |`,
  `| incremental rebuild, one new post: phases | ${onePost.phases} |`,
].join("\n");
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/build.md"), markdown + "\n");
writeFileSync(path.join(root, "bench/results/build.json"), JSON.stringify(figures, null, 2));
if (!args.includes("--keep")) rmSync(work, { recursive: true, force: true });
console.log("\n" + markdown);
