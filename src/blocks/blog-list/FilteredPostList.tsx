import { Box, Button, chakra, Flex, Heading, Input, Text, VisuallyHidden } from "@chakra-ui/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { filterPosts } from "../../blog/filter.ts";
import { PRERENDERED, useLocation } from "../../page/location.ts";
import { fillText } from "../../blog/summary.ts";
import { PostGrid } from "../../blog/ui/PostCard.tsx";
import { islandText } from "../../page/ui-strings.ts";
import type { BlogListTexts } from "./texts.ts";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/**
 * Island: the blog list: search box, category buttons, count line, cards, empty state. The
 * filter lives in the URL (?q=&category=) so a filtered list can be shared. The prerendered
 * HTML is the unfiltered list; the island hydrates when the visitor reaches for the search
 * or a category (a click before is kept and played once it has), or at once when the URL
 * has a filter. The search box is a GET form, so without JavaScript it still leads to ?q=,
 * and a word typed before the island hydrated is kept.
 */
export default function FilteredPostList(props: BlockProps<typeof definition> & { texts: BlogListTexts }) {
  const { texts, data, searchLabel, searchPlaceholder, allLabel, filterLabel, countOne, countMany, tagLimit, readMoreLabel, empty, tone } = props;
  const location = useLocation();
  const { search } = location;
  const [q, setQ] = useState("");
  const [category, setCategory] = useState("");
  const searchId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const typed = useRef<string | undefined>(undefined);
  // The state comes from the URL first; only then is it written back to it.
  const [fromUrl, setFromUrl] = useState(false);
  // Tells tests (and scripts) the list has hydrated and reacts to input.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // What was typed before the island hydrated stays in the box, and filters.
  useEffect(() => {
    typed.current = searchBox.current?.value || undefined;
    if (typed.current) setQ(typed.current);
  }, []);

  // Read the filter from the URL once hydrated (while hydrating it reads as prerendered).
  useEffect(() => {
    if (location === PRERENDERED) return;
    const params = new URLSearchParams(search);
    setQ(params.get("q") ?? typed.current ?? "");
    typed.current = undefined;
    setCategory(params.get("category") ?? "");
    setFromUrl(true);
  }, [location, search]);

  // Write it back without a navigation: filtering must not refetch the page's data.
  useEffect(() => {
    if (!fromUrl) return;
    const url = new URL(window.location.href);
    for (const [key, value] of [["q", q], ["category", category]] as const) {
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [q, category, fromUrl]);

  const shown = useMemo(() => filterPosts(data.posts, { q, category }), [data.posts, q, category]);
  const clear = () => {
    setQ("");
    setCategory("");
  };

  return (
    <Section tone={tone}>
      <Flex direction="column" gap="6" mb="10" data-testid="blog-list" data-ready={ready ? "true" : undefined}>
        <chakra.form role="search" method="get" maxW="xl" w="full" mx="auto" onSubmit={(e) => e.preventDefault()}>
          <VisuallyHidden asChild>
            <label htmlFor={searchId}>{searchLabel}</label>
          </VisuallyHidden>
          <Input ref={searchBox} id={searchId} name="q" type="search" size="lg" bg="white" placeholder={searchPlaceholder} value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" />
        </chakra.form>
        <Flex as="ul" listStyleType="none" gap="2" wrap="wrap" justify="center" aria-label={filterLabel}>
          {["", ...data.categories].map((name) => (
            <li key={name || "all"}>
              <Button size="sm" rounded="full" variant={category === name ? "solid" : "outline"} aria-pressed={category === name} onClick={() => setCategory(name)}>
                {name || allLabel}
              </Button>
            </li>
          ))}
        </Flex>
        <Text textAlign="center" color="gray.600" aria-live="polite" data-testid="article-count">
          {shown.length === 1 ? countOne : fillText(countMany, { count: shown.length })}
        </Text>
      </Flex>
      {shown.length > 0 ? (
        <PostGrid posts={shown} tagLimit={tagLimit} tagsLabel={islandText(texts, "blog.tags")} readMoreLabel={readMoreLabel} headingLevel="h2" leadImage />
      ) : (
        <Box textAlign="center" py="12" data-testid="blog-empty">
          <Heading as="h2" size="xl">{empty.title}</Heading>
          <Text mt="3" color="gray.600">{empty.text}</Text>
          <Button mt="6" onClick={clear}>{empty.clearLabel}</Button>
        </Box>
      )}
    </Section>
  );
}
