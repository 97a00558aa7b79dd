import { Box, Container, Heading, Link, SimpleGrid, Text } from "@chakra-ui/react";
import { PageHeader } from "../../ui/PageHeader.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** Readable long-form text: the article's HTML comes from our own Markdown, with raw HTML escaped at build time. */
const prose = {
  fontSize: "md",
  lineHeight: "1.75",
  color: "gray.700",
  maxW: "70ch",
  "& h2": { textStyle: "xl", fontWeight: "semibold", color: "gray.900", mt: "12", mb: "4", scrollMarginTop: "24" },
  "& h2:first-of-type": { mt: "8" },
  "& h3": { textStyle: "lg", fontWeight: "semibold", color: "gray.900", mt: "8", mb: "3", scrollMarginTop: "24" },
  "& p": { my: "4" },
  "& ul, & ol": { my: "4", ps: "6" },
  "& ul": { listStyleType: "disc" },
  "& ol": { listStyleType: "decimal" },
  "& li": { my: "1.5", ps: "1" },
  "& strong": { color: "gray.900", fontWeight: "semibold" },
  "& a": { color: "brand.700", textDecoration: "underline", textUnderlineOffset: "2px", _hover: { color: "brand.900" } },
} as const;

export default function LegalDocument({ updatedLabel, tocTitle, data }: BlockProps<typeof definition>) {
  return (
    <>
      <PageHeader maxW="4xl">
        <Heading as="h1" size="3xl">
          {data.title}
        </Heading>
        <Text mt="5" fontSize={{ base: "lg", md: "xl" }} color="whiteAlpha.900" maxW="3xl" mx="auto">
          {data.summary}
        </Text>
        <Text mt="6" color="brand.100" fontWeight="medium">
          {updatedLabel} <time dateTime={data.lastUpdated}>{data.lastUpdatedText}</time>
        </Text>
      </PageHeader>
      <Container maxW="6xl" py={{ base: "12", md: "16" }}>
        <SimpleGrid columns={{ base: 1, lg: 4 }} gap={{ base: "8", lg: "12" }} alignItems="start">
          <Box as="nav" aria-labelledby="toc-title" position={{ lg: "sticky" }} top={{ lg: "24" }} bg="gray.50" rounded="xl" p="6">
            <Heading as="h2" id="toc-title" size="sm" textTransform="uppercase" letterSpacing="wider" color="gray.700" mb="3">
              {tocTitle}
            </Heading>
            <Box as="ol" listStyleType="decimal" ps="5" display="grid" gap="2" fontSize="sm">
              {data.toc.map((entry) => (
                <li key={entry.id}>
                  <Link href={`#${entry.id}`} color="gray.700" _hover={{ color: "brand.700" }}>
                    {entry.text}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
          <Box as="article" gridColumn={{ lg: "span 3" }} css={prose} dangerouslySetInnerHTML={{ __html: data.html }} />
        </SimpleGrid>
      </Container>
    </>
  );
}
