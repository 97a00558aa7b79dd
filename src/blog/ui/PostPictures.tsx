/**
 * A post's featured image and its author's portrait, whichever source the blog has: local posts
 * name pictures of the media library (`picture`, `authorPicture`: <picture> with AVIF and WebP,
 * the default picture when a post has none), and so do WordPress posts whose featured image the
 * build took in (runtime/media/blog-images.server.ts); otherwise WordPress posts give addresses
 * (`image`, `authorAvatar`: a post newer than the build), which fall back to the default image
 * when they fail to load.
 */
import { Box, Image } from "@chakra-ui/react";
import type { BlogPost } from "../../../schemas/blog.ts";
import type { ImageUse } from "../../../schemas/fields.ts";
import { IMAGE_FALLBACK_ATTRIBUTE } from "../../page/image-fallback.ts";
import { Picture } from "../../ui/Picture.tsx";
import { DEFAULT_POST_IMAGE } from "../defaults.ts";

/** An image that fails to load shows the default one (image-fallback.ts). */
export const fallsBackToDefault = { [IMAGE_FALLBACK_ATTRIBUTE]: DEFAULT_POST_IMAGE };

type Featured = Pick<BlogPost, "picture" | "image" | "imageAlt" | "imageSrcSet">;

/** The featured image, 16:9 (WordPress images keep the 1200×630 box they have always had), as wide as `sizes` says. */
export function FeaturedImage({ post, sizes, lazy = true }: { post: Featured; sizes: string; lazy?: boolean }) {
  if (post.picture) {
    return (
      <Box lineHeight="0" bg="gray.100" data-testid="featured-image">
        <Picture image={post.picture} sizes={sizes} ratio="wide" priority={!lazy} />
      </Box>
    );
  }
  return (
    <Image
      src={post.image || DEFAULT_POST_IMAGE}
      srcSet={post.imageSrcSet || undefined}
      sizes={post.imageSrcSet ? sizes : undefined}
      alt={post.imageAlt}
      width={1200}
      height={630}
      aspectRatio="1200 / 630"
      objectFit="cover"
      w="full"
      h="auto"
      loading={lazy ? "lazy" : undefined}
      {...fallsBackToDefault}
      bg="gray.100"
      data-testid="featured-image"
    />
  );
}

/** The author's round portrait beside their name: it adds nothing the name does not say, so screen readers skip it. */
export function AuthorPortrait({ picture, url, size }: { picture?: ImageUse; url?: string; size: number }) {
  if (picture) {
    return (
      <Box boxSize={`${size}px`} flexShrink={0} rounded="full" overflow="hidden" lineHeight="0" data-testid="author-avatar">
        <Picture image={{ ...picture, alt: undefined, decorative: true }} sizes={`${size}px`} ratio="square" />
      </Box>
    );
  }
  return url ? <Image src={url} alt="" width={size} height={size} boxSize={`${size}px`} rounded="full" flexShrink={0} data-testid="author-avatar" /> : null;
}
