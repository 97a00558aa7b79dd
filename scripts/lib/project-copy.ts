/**
 * A copy of the project for the benches that build at scale (bench:build, bench:publish): a
 * folder inside the project (its node_modules are found in the parent) holding everything the
 * build reads, with generated blog posts if asked.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the build reads. */
const BUILD_INPUTS = ["src", "schemas", "public", "content", "scripts", "server", "react-router.config.ts", "vite.config.ts", "tsconfig.json", "package.json"];

export function copyProject(root: string, work: string) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const entry of BUILD_INPUTS) cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });
}

export interface Taxonomy {
  categories: { slug: string; name: string }[];
  tags: { slug: string }[];
  authors: { slug: string }[];
}

/** `count` posts in the local blog, spread over the real taxonomy and two years of dates. */
export function writeGeneratedPosts(work: string, count: number): { taxonomy: Taxonomy; postsDir: string } {
  const taxonomy = JSON.parse(readFileSync(path.join(work, "content/blog/taxonomy.json"), "utf8")) as Taxonomy;
  const topics = ["caching", "observability", "accessibility", "pricing pages", "search", "onboarding", "payments", "data pipelines", "testing", "migrations"];
  const pick = <T,>(xs: T[], i: number) => xs[i % xs.length]!;
  const postsDir = path.join(work, "content/blog/posts");
  for (let i = 0; i < count; i++) {
    const topic = pick(topics, i);
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    const paragraphs = Array.from({ length: 6 }, (_, p) =>
      `Part ${p + 1} of our notes on ${topic}: what we measured on client project ${i}, which defaults we changed, and the result after four weeks in production. ` +
      `We keep the change small, write down the baseline first, and review the numbers with the client before rolling it out further.`,
    );
    writeFileSync(
      path.join(postsDir, `generated-${String(i).padStart(4, "0")}-${topic.replace(/\s+/g, "-")}.md`),
      [
        "---",
        `title: "Field notes on ${topic}, case ${i}"`,
        `excerpt: "What changed when we revisited ${topic} for client project ${i}, with the numbers before and after."`,
        `date: ${day}`,
        `author: ${pick(taxonomy.authors, i).slug}`,
        `category: ${pick(taxonomy.categories, i).slug}`,
        `tags: [${pick(taxonomy.tags, i).slug}, ${pick(taxonomy.tags, i + 7).slug}]`,
        "---",
        ...paragraphs.flatMap((p, n) => (n % 2 === 0 ? [`## Step ${n / 2 + 1}`, "", p, ""] : [p, ""])),
      ].join("\n"),
    );
  }
  return { taxonomy, postsDir };
}
