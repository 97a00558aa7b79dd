/** The posts list with its search box (spec §5: title, category or author) and per-post actions. */
import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import type { DraftMark } from "../editor/model.ts";
import { type AdminPost, isUnpublished, matchesPostSearch } from "./model.ts";
import { texts } from "./texts.ts";

const t = texts.list;

/** A listed post, named by its file (a locale's own post shares its slug with the post it translates), with its draft's mark and its locale. */
type Listed = AdminPost & { file: string; locale?: string; draft?: DraftMark | null };

interface PostListProps<P extends Listed> {
  posts: P[];
  editingFile?: string | undefined;
  onEdit: (post: P) => void;
  onDelete: (post: P) => void;
  /** Contributors do not delete (the server refuses them too). */
  canDelete?: boolean;
}

export function PostList<P extends Listed>({ posts, editingFile, onEdit, onDelete, canDelete = true }: PostListProps<P>) {
  const [query, setQuery] = useState("");
  const shown = useMemo(() => posts.filter((p) => matchesPostSearch(p, query)), [posts, query]);

  return (
    <Box as="section" aria-labelledby="post-list-heading" mt="12">
      <Flex justify="space-between" align={{ base: "stretch", md: "end" }} direction={{ base: "column", md: "row" }} gap="4" mb="6">
        <Heading as="h2" id="post-list-heading" size="lg">
          {t.heading}
        </Heading>
        <Box role="search" w={{ base: "full", md: "sm" }}>
          <label htmlFor="post-search">
            <Text as="span" display="block" fontWeight="medium" mb="1">{t.search}</Text>
          </label>
          <Input id="post-search" type="search" bg="white" placeholder={t.searchPlaceholder} value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
        </Box>
      </Flex>
      {shown.length === 0 ? (
        <Text color="gray.600" py="8" textAlign="center" role="status">
          {posts.length === 0 ? t.empty : t.noMatch}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="admin-post-list">
          {shown.map((post) => (
            <Flex
              as="li"
              key={post.file}
              data-slug={post.slug}
              direction={{ base: "column", md: "row" }}
              justify="space-between"
              align={{ base: "stretch", md: "center" }}
              gap="4"
              p="5"
              bg="white"
              borderWidth="1px"
              borderColor={post.file === editingFile ? "brand.600" : "gray.200"}
              rounded="lg"
            >
              <Box minW="0">
                <Heading as="h3" size="md" lineHeight="short">
                  {post.title}
                </Heading>
                <Text mt="1" color="gray.600" fontSize="sm">
                  {post.categoryName} · {t.by} {post.author} · <time dateTime={post.date}>{post.date}</time>
                </Text>
                <Flex gap="2" mt="2" wrap="wrap">
                  <Badge colorPalette={post.status === "published" ? "green" : "gray"} variant="subtle">
                    {t.status[post.status]}
                  </Badge>
                  {post.locale && (
                    <Badge colorPalette="teal" variant="subtle" data-testid="post-locale">
                      {texts.studio.locale(post.locale)}
                    </Badge>
                  )}
                  {isUnpublished(post) && (
                    <Badge colorPalette="purple" variant="subtle" data-testid="post-not-published">
                      {texts.studio.notPublished}
                    </Badge>
                  )}
                  {post.draft && (
                    <Badge colorPalette="blue" variant="subtle" data-testid="post-draft-mark">
                      {texts.studio.draftBy(post.draft.by.name)}
                    </Badge>
                  )}
                  {post.featured && (
                    <Badge colorPalette="orange" variant="subtle">
                      {t.featured}
                    </Badge>
                  )}
                </Flex>
              </Box>
              <Flex gap="2" flexShrink={0}>
                <Button size="sm" variant="outline" aria-label={t.edit(post.title)} onClick={() => onEdit(post)}>
                  {t.editLabel}
                </Button>
                {canDelete && (
                  <Button size="sm" variant="outline" colorPalette="red" aria-label={t.delete(post.title)} onClick={() => onDelete(post)}>
                    {t.deleteLabel}
                  </Button>
                )}
              </Flex>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}
