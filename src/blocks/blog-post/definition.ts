import { z } from "zod";
import type { BlogPost } from "../../../schemas/blog.ts";
import { link, text } from "../../../schemas/fields.ts";
import { relatedPosts, toSummary } from "../../blog/summary.ts";
import { formatDate } from "../../page/format.ts";
import { defineBlock, pageLocale } from "../define.tsx";
import { sharedPicture } from "../../page/media/resolve.ts";
import { absoluteUrl } from "../../page/absolute-url.ts";

export default defineBlock({
  schema: z.strictObject({
    shareLabel: text(40).default("Share Article"),
    copied: z
      .strictObject({ title: text(60).default("Link copied!"), text: text(200).default("Post URL has been copied to your clipboard.") })
      .prefault({})
      .describe("The notice when the browser cannot share and the URL is copied instead"),
    notCopied: z
      .strictObject({ title: text(60).default("Couldn't copy the link"), text: text(200).default("Copy the address from your browser's address bar instead.") })
      .prefault({})
      .describe("The notice when the browser refuses to copy the URL too"),
    readTime: text(40).default("{minutes} min read").describe("{minutes} is computed from the content"),
    byLabel: text(20).default("By").describe("Before the author's name in the header"),
    writtenBy: text(40).default("Written by"),
    protectedText: text(300)
      .default("This article is password protected, so it can't be shown here.")
      .describe("Shown instead of the content of a password-protected WordPress post"),
    tagsLabel: text(40).default("Tags"),
    relatedTitle: text(80).default("Related Articles"),
    relatedLimit: z.number().int().min(0).max(6).default(3),
    readMoreLabel: text(40).default("Read More"),
    back: link.describe("The way back, e.g. Back to Blog → /blog"),
    notFound: z
      .strictObject({ title: text(80), text: text(300), back: link })
      .optional()
      .describe('On the blog\'s not-found page: shown when no post has the slug (e.g. "Post Not Found")'),
  }).describe("One blog post with its author, tags, share button and related articles (on the blog-posts template page)"),
  /** On /blog/{slug} the post and its related posts; on the not-found page, nothing (the browser may still find a newer post). */
  load: ({ relatedLimit }, context) => {
    const post = context.item as BlogPost | undefined;
    if (!post) return { post: null, related: [] };
    const locale = pageLocale(context);
    return { post, dateText: formatDate(post.date, locale), related: relatedPosts(post, context.blog.posts, relatedLimit).map((p) => toSummary(p, locale)) };
  },
  jsonLd: (_props, { post }, { site, media }) =>
    post
      ? [{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.description,
          datePublished: post.date,
          image: absoluteUrl(site.url, (media && sharedPicture(post, media)) ?? post.image),
          author: { "@type": "Person", name: post.author },
          publisher: { "@type": "Organization", name: site.name },
        }]
      : [],
});
