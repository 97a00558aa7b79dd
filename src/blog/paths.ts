/** Where the local blog lives in the content (no Node imports: the blog admin's browser code names posts by these too). */
export const BLOG_DIR = "content/blog";
export const TAXONOMY_FILE = `${BLOG_DIR}/taxonomy.json`;
export const POSTS_DIR = `${BLOG_DIR}/posts`;
/** Where a locale's posts live: content/blog/posts/ (the default locale's), or content/blog/posts/<locale>/ for another locale's own, same taxonomy, same format. */
export const postsDirOf = (locale?: string) => (locale ? `${POSTS_DIR}/${locale}` : POSTS_DIR);
/** A post's file, as the studio names it: content/blog/posts/<slug>.md, or content/blog/posts/<locale>/<slug>.md. */
export const postFileOf = (slug: string, locale?: string) => `${postsDirOf(locale)}/${slug}.md`;
/** A post file's slug: `content/blog/posts/<slug>.md` → `<slug>`. */
export const slugOfPostFile = (file: string) => file.slice(file.lastIndexOf("/") + 1).replace(/\.md$/, "");
