import { Badge, Box, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { localHref } from "../../page/local-href.ts";
import type { PostSummary } from "../summary.ts";
import { FeaturedImage } from "./PostPictures.tsx";

export interface PostCardOptions {
  /** What the badge names: the post's category (default) or one tag (on a tag's page). */
  badge?: { label: string; href?: string };
  /** Tags shown under the excerpt; the blog list shows at most 2. */
  tagLimit?: number;
  /** What the list of tags is called, in the page's language (UI string blog.tags). */
  tagsLabel?: string;
  readMoreLabel: string;
  /** Heading level of card titles, so headings never skip a level. */
  headingLevel?: "h2" | "h3";
  /**
   * The grid is its page's main content, near the top (the blog's list, a category's archive):
   * its first card's image is the largest thing above the fold on a phone, so it loads first
   * (Picture's `priority`), not lazily once the page is laid out.
   */
  leadImage?: boolean;
}

// A card is a third of the 80rem container from 62em, half the viewport from 48em, else all of it.
const CARD_IMAGE_SIZES = "(min-width: 62em) 410px, (min-width: 48em) 50vw, 100vw";

export function PostCard({ post, badge, tagLimit = 0, tagsLabel, readMoreLabel, headingLevel = "h3", leadImage = false }: { post: PostSummary } & PostCardOptions) {
  const label = badge?.label ?? post.category;
  const tags = post.tags.slice(0, tagLimit);
  return (
    <Flex as="article" direction="column" bg="white" color="gray.800" borderWidth="1px" borderColor="gray.200" rounded="xl" overflow="hidden" shadow="sm" _hover={{ shadow: "md" }} transition="box-shadow 0.2s" h="full" data-testid="post-card">
      <FeaturedImage post={post} sizes={CARD_IMAGE_SIZES} lazy={!leadImage} />
      <Flex direction="column" p="6" flex="1">
        <Flex gap="3" align="center" wrap="wrap" fontSize="sm" color="gray.600">
          <Badge colorPalette="brand" variant="subtle" data-testid="post-card-badge">{label}</Badge>
          <time dateTime={post.date}>{post.dateText}</time>
        </Flex>
        <Heading as={headingLevel} size="lg" mt="3" lineHeight="short">
          <a href={localHref(`/blog/${post.id}`)}>{post.title}</a>
        </Heading>
        <Box flex="1"><Text mt="2" color="gray.600" lineClamp={3}>{post.excerpt}</Text></Box>
        {tags.length > 0 && (
          <Flex as="ul" listStyleType="none" gap="2" mt="4" wrap="wrap" aria-label={tagsLabel} data-testid="post-card-tags">
            {tags.map((t) => (
              <Box as="li" key={t} fontSize="xs" color="gray.700" bg="gray.100" rounded="full" px="2.5" py="0.5">#{t}</Box>
            ))}
          </Flex>
        )}
        <Box mt="5">
          <a href={localHref(`/blog/${post.id}`)} aria-label={`${readMoreLabel}: ${post.title}`}>
            <Text as="span" color="brand.700" fontWeight="semibold" _hover={{ textDecoration: "underline" }}>{readMoreLabel} →</Text>
          </a>
        </Box>
      </Flex>
    </Flex>
  );
}

export function PostGrid({ posts, leadImage, ...options }: { posts: PostSummary[] } & PostCardOptions) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
      {posts.map((p, i) => (
        <Box as="li" key={p.id}>
          <PostCard post={p} {...options} leadImage={leadImage && i === 0} />
        </Box>
      ))}
    </SimpleGrid>
  );
}
