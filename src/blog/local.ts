/**
 * The local blog source, the embedded default: content/blog/taxonomy.json and one Markdown
 * file per post, content/blog/posts/{slug}.md. Node only (build time and server).
 *
 * Write-friendly on purpose (the admin builds on it): a post is exactly its frontmatter
 * (schemas/blog.ts, localPostFrontmatterSchema) plus Markdown text, in a file named after
 * its slug; `formatLocalPost` writes that format back.
 */
import type { LocalPostFrontmatter } from "../../schemas/blog.ts";
import { formatError } from "../content-files/errors.ts";
import { writeFrontMatter } from "../content-files/frontmatter.ts";
import { checkLocalBlog } from "./local-check.ts";
import { errors as catalogue } from "../errors/catalogue.ts";
import { BlogSourceError, type BlogSource } from "./source.ts";

/** @param locale a locale's own posts (content/blog/posts/<locale>/), else the default locale's */
export function localSource(root: string = process.cwd(), locale?: string): BlogSource {
  const read = async () => {
    const { index, errors } = await checkLocalBlog(root, locale ? { locale } : {});
    if (errors.length > 0) {
      throw new BlogSourceError(catalogue.LocalBlogInvalid(errors.map(formatError).join("\n\n")));
    }
    return index;
  };
  return {
    kind: "local",
    index: read,
    async post(slug) {
      return (await read()).posts.find((p) => p.id === slug) ?? null;
    },
    async exists(slug) {
      return (await read()).posts.some((p) => p.id === slug);
    },
  };
}

/** A post's file text from its frontmatter and Markdown, in the format the checker reads. */
export function formatLocalPost(frontmatter: LocalPostFrontmatter, markdown: string): string {
  return writeFrontMatter(frontmatter, markdown);
}
