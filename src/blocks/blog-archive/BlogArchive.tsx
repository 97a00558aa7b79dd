import { Box, Flex, Heading, Text } from "@chakra-ui/react";
import { PostGrid } from "../../blog/ui/PostCard.tsx";
import { AuthorPortrait } from "../../blog/ui/PostPictures.tsx";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** One category's, tag's or author's posts: heading with description (and avatar), cards, way back. */
export default function BlogArchive({ kind, data, fallbackDescription, emptyText, readMoreLabel, back }: BlockProps<typeof definition>) {
  return (
    <>
      <PageHeader maxW="4xl">
          {(data.picture || data.avatar) && (
            <Box w="fit-content" mx="auto" mb="5" rounded="full" borderWidth="3px" borderColor="whiteAlpha.700">
              <AuthorPortrait picture={data.picture} url={data.avatar} size={96} />
            </Box>
          )}
          <Heading as="h1" size="2xl">{kind === "tag" ? `#${data.name}` : data.name}</Heading>
          <Text mt="4" fontSize="lg" color="whiteAlpha.900" data-testid="archive-description">{data.description || fallbackDescription}</Text>
      </PageHeader>
      <Section>
        {data.posts.length > 0 ? (
          <PostGrid
            posts={data.posts}
            readMoreLabel={readMoreLabel}
            headingLevel="h2"
            leadImage
            {...(kind === "tag" ? { badge: { label: data.name } } : {})}
          />
        ) : (
          <Text textAlign="center" fontSize="lg" color="gray.600" py="8" data-testid="archive-empty">{emptyText}</Text>
        )}
        <Flex justify="center" mt="12">
          <LinkButton href={back.href} variant="outline" size="lg">
            ← {back.label}
          </LinkButton>
        </Flex>
      </Section>
    </>
  );
}
