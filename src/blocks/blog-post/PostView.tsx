import { Badge, Box, Button, Container, Flex, Heading, Text } from "@chakra-ui/react";
import { LinkButton } from "../../ui/LinkButton.tsx";
import type { BlogPost } from "../../../schemas/blog.ts";
import type { z } from "zod";
import { Icon } from "../../ui/Icon.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Island } from "../../page/Island.tsx";
import { shareArticle } from "../../blog/ui/ShareArticle.island.ts";
import { fillText, type PostSummary } from "../../blog/summary.ts";
import { PostGrid } from "../../blog/ui/PostCard.tsx";
import { AuthorPortrait, FeaturedImage } from "../../blog/ui/PostPictures.tsx";
import type definition from "./definition.ts";

/** The block's texts a post shows: all its fields but how many related posts there are and the not-found texts. */
type PostLabels = Omit<z.infer<typeof definition.schema>, "relatedLimit" | "notFound">;

// Typography for the post's HTML, which comes from the source and carries no classes.
const prose = {
  "& > * + *": { marginTop: "1.1em" },
  "& h2": { textStyle: "xl", fontWeight: "semibold", marginTop: "1.8em" },
  "& h3": { textStyle: "lg", fontWeight: "semibold", marginTop: "1.5em" },
  "& a": { color: "var(--chakra-colors-brand-700)", textDecoration: "underline" },
  "& ul, & ol": { paddingInlineStart: "1.5em" },
  "& ul": { listStyleType: "disc" },
  "& ol": { listStyleType: "decimal" },
  "& li + li": { marginTop: "0.4em" },
  "& blockquote": { borderInlineStart: "4px solid var(--chakra-colors-brand-200)", paddingInlineStart: "1em", color: "var(--chakra-colors-gray-700)" },
  "& pre": { background: "var(--chakra-colors-gray-900)", color: "white", padding: "1em", borderRadius: "0.5rem", overflowX: "auto", fontSize: "md" },
  "& :not(pre) > code": { background: "var(--chakra-colors-gray-100)", padding: "0.1em 0.3em", borderRadius: "0.25rem", fontSize: "md" },
  "& img": { maxWidth: "100%", height: "auto", borderRadius: "0.5rem" },
  "& table": { width: "100%", borderCollapse: "collapse" },
  "& th, & td": { border: "1px solid var(--chakra-colors-gray-200)", padding: "0.5em" },
};

/** @param dateText the post's date as the page's locale writes it (page/format.ts) */
export function PostView({ post, dateText, related, labels }: { post: BlogPost; dateText: string; related: PostSummary[]; labels: PostLabels }) {
  const categoryHref = post.categorySlug ? `/blog/category/${post.categorySlug}` : undefined;
  return (
    <Box as="article" pb="16" data-testid="blog-post">
      <PageHeader maxW="3xl" textAlign="start">
        <Flex direction="column" gap="4" align="flex-start">
          <Badge colorPalette="brand" variant="solid" size="lg" bg="white" color="brand.800" asChild={categoryHref !== undefined} data-testid="post-category">
            {categoryHref ? <a href={categoryHref}>{post.category}</a> : post.category}
          </Badge>
          <Heading as="h1" size="2xl">{post.title}</Heading>
          <Flex columnGap="4" rowGap="1" wrap="wrap" color="whiteAlpha.900" fontSize="sm" align="center" data-testid="post-meta">
            <Text>
              {labels.byLabel}{" "}
              {post.authorSlug ? <a href={`/blog/author/${post.authorSlug}`}><Text as="span" color="white" fontWeight="semibold" textDecoration="underline">{post.author}</Text></a> : post.author}
            </Text>
            <Flex align="center" gap="1"><Icon name="calendar" boxSize="4" /><time dateTime={post.date}>{dateText}</time></Flex>
            {!post.protected && <Flex align="center" gap="1" data-testid="read-time"><Icon name="clock" boxSize="4" />{fillText(labels.readTime, { minutes: post.readMinutes })}</Flex>}
          </Flex>
          {/* Native share, or the URL copied with a notice: an island around the static button. */}
          <Island of={shareArticle} props={{ title: post.title, text: post.excerpt, copied: labels.copied, notCopied: labels.notCopied }}>
            <Button type="button" variant="outline" size="sm" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }}>
              <Icon name="link" boxSize="4" /> {labels.shareLabel}
            </Button>
          </Island>
        </Flex>
      </PageHeader>
      <Container maxW="3xl">
        <Box mt="8" rounded="xl" overflow="hidden">
          <FeaturedImage post={post} sizes="(min-width: 48em) 720px, 100vw" lazy={false} />
        </Box>
        {post.excerpt && <Text mt="8" fontSize="xl" color="gray.700" fontWeight="medium" data-testid="post-excerpt">{post.excerpt}</Text>}
        {post.protected ? (
          <Text mt="8" p="6" bg="gray.50" rounded="lg" color="gray.700">{labels.protectedText}</Text>
        ) : (
          // Sanitised at the data boundary (src/blog/html.ts): both sources map through DOMPurify.
          <Box mt="8" fontSize="lg" lineHeight="tall" css={prose} data-testid="post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
        )}
        {post.tags.length > 0 && (
          <Box as="nav" mt="10" aria-label={labels.tagsLabel}>
            <Flex as="ul" listStyleType="none" gap="2" wrap="wrap" data-testid="post-tags">
              {post.tags.map((t, i) => {
                const slug = post.tagSlugs[i];
                const chip = <Box as="span" display="inline-block" fontSize="sm" bg="gray.100" color="gray.800" rounded="full" px="3" py="1" _hover={{ bg: "brand.50" }}>#{t}</Box>;
                return <li key={t}>{slug ? <a href={`/blog/tag/${slug}`}>{chip}</a> : chip}</li>;
              })}
            </Flex>
          </Box>
        )}
        <Flex as="aside" mt="10" p="6" gap="5" bg="gray.50" rounded="xl" align="flex-start" aria-label={labels.writtenBy} data-testid="author-box">
          <AuthorPortrait picture={post.authorPicture} url={post.authorAvatar} size={64} />
          <Box>
            <Text fontSize="sm" color="gray.600">{labels.writtenBy}</Text>
            <Text fontWeight="semibold" fontSize="lg">
              {post.authorSlug ? <a href={`/blog/author/${post.authorSlug}`}>{post.author}</a> : post.author}
            </Text>
            {post.authorDescription && <Text mt="1" color="gray.700">{post.authorDescription}</Text>}
          </Box>
        </Flex>
      </Container>
      {related.length > 0 && (
        <Container maxW="6xl" mt="16" as="section" aria-labelledby="related-heading">
          <Heading as="h2" id="related-heading" size="2xl" mb="8" textAlign="center">{labels.relatedTitle}</Heading>
          <PostGrid posts={related} readMoreLabel={labels.readMoreLabel} headingLevel="h3" />
        </Container>
      )}
      <Flex justify="center" mt="12">
        <LinkButton href={labels.back.href} variant="outline" size="lg">
          ← {labels.back.label}
        </LinkButton>
      </Flex>
    </Box>
  );
}
