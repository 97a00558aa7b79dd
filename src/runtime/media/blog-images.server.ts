/**
 * A remote blog's featured images (WordPress uploads) served by the site itself, through the
 * media pipeline: each post's image is taken in at build time (remote.server.ts) and the post
 * gets a `picture` of it, which the cards and the post page draw as they draw a local post's
 * (<picture> with AVIF and WebP, a placeholder, width and height). A post whose image cannot
 * be had shows the default image; the build goes on.
 */
import type { BlogIndex, BlogPost } from "../../../schemas/blog.ts";
import type { MediaManifest } from "../../../schemas/media.ts";
import { DEFAULT_POST_IMAGE } from "../../blog/defaults.ts";
import { importRemoteImage } from "./remote.server.ts";
import { mapAtOnce } from "../at-once.ts";

/** Fetched a few at a time: a blog of hundreds of posts does not open hundreds of connections. */
const AT_ONCE = 4;

export async function pipelineBlogImages(blog: BlogIndex, options: { cacheDir: string; log?: (line: string) => void }): Promise<{ blog: BlogIndex; media: Map<string, MediaManifest> }> {
  const media = new Map<string, MediaManifest>();
  // One upload illustrating several posts is taken in once (two writes of one file would race).
  const taken = new Map<string, Promise<MediaManifest | undefined>>();
  const take = (url: string) => {
    if (!taken.has(url)) taken.set(url, importRemoteImage(url, options));
    return taken.get(url)!;
  };
  const posts = await mapAtOnce(blog.posts, AT_ONCE, async (post): Promise<BlogPost> => {
    if (!/^https?:\/\//.test(post.image)) return post;
    const manifest = await take(post.image);
    if (!manifest) return { ...post, image: DEFAULT_POST_IMAGE, imageSrcSet: "" };
    media.set(manifest.id, manifest);
    // The alt text is the post's (one upload may illustrate several posts): on the use, not the asset.
    return { ...post, picture: { asset: manifest.id, ...(post.imageAlt ? { alt: post.imageAlt } : { decorative: true }) } };
  });
  return { blog: { ...blog, posts }, media };
}
