/** Where the local blog lives in the content (no Node imports: the blog admin's browser code names posts by these too). */
export const BLOG_DIR = "content/blog";
export const TAXONOMY_FILE = `${BLOG_DIR}/taxonomy.json`;
export const POSTS_DIR = `${BLOG_DIR}/posts`;
/** A post's file, as the studio names it: content/blog/posts/<slug>.md. */
export const postFileOf = (slug: string) => `${POSTS_DIR}/${slug}.md`;
/** A post file's slug: `content/blog/posts/<slug>.md` → `<slug>`. */
export const slugOfPostFile = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.md$/, "");
