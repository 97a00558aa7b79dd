/**
 * A remote blog's featured images (WordPress uploads) served by the site itself, through the
 * media pipeline: each post's image is taken in at build time (remote.server.ts) and the post
 * then names its variants (a JPEG `image`, a WebP `imageSrcSet`), so the post cards and pages
 * show them with no change of their own. A post whose image cannot be had shows the default
 * image; the build goes on.
 */
import type { BlogIndex, BlogPost } from "../../../schemas/blog.ts";
import type { MediaManifest } from "../../../schemas/media.ts";
import { DEFAULT_POST_IMAGE } from "../../blog/defaults.ts";
import { importRemoteImage } from "./remote.server.ts";
import { pictureSources } from "./variants.ts";

/** Fetched a few at a time: a blog of hundreds of posts does not open hundreds of connections. */
const AT_ONCE = 4;

export async function pipelineBlogImages(blog: BlogIndex, options: { cacheDir: string; log?: (line: string) => void }): Promise<{ blog: BlogIndex; media: Map<string, MediaManifest> }> {
  const media = new Map<string, MediaManifest>();
  const posts: BlogPost[] = [];
  for (let i = 0; i < blog.posts.length; i += AT_ONCE) {
    posts.push(
      ...(await Promise.all(
        blog.posts.slice(i, i + AT_ONCE).map(async (post): Promise<BlogPost> => {
          if (!/^https?:\/\//.test(post.image)) return post;
          const manifest = await importRemoteImage(post.image, { ...options, ...(post.imageAlt && { alt: post.imageAlt }) });
          if (!manifest) return { ...post, image: DEFAULT_POST_IMAGE, imageSrcSet: "" };
          media.set(manifest.id, manifest);
          const { sources, fallback } = pictureSources(manifest, { ratio: "original" });
          return { ...post, image: fallback.src, imageSrcSet: sources.find((s) => s.type === "image/webp")?.srcSet ?? fallback.srcSet ?? "" };
        }),
      )),
    );
  }
  return { blog: { ...blog, posts }, media };
}
