/**
 * A post published after the build (WordPress only): the server sends, for an unknown
 * /blog/{slug} the source may have, the blog's not-found page in its pending state, whose
 * island fetches the post in the browser. That page is prerendered at PENDING_POST_PATH and
 * written as PENDING_POST_FILE, the file server/plugins/blog-fallback.ts sends.
 */
export const PENDING_POST_PATH = "/blog/__pending";
export const PENDING_POST_FILE = "__spa-fallback.html";
