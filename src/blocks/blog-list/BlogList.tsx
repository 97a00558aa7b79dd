import { Island } from "../../page/Island.tsx";
import { type IslandTexts, useIslandTexts } from "../../page/ui-strings.ts";
import { filteredPostList } from "./FilteredPostList.island.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The blog list with its search and category filter: an island (FilteredPostList.tsx); a shared filtered URL hydrates it at once. */
export default function BlogList(props: BlockProps<typeof definition>) {
  const texts = useIslandTexts(["blog.tags"] as const);
  return <Island of={filteredPostList} props={{ ...props, texts }} hydrateWithQuery={["q", "category"]} />;
}

/** The list's words that are not the block's own, given to the island in the page's language. */
export type BlogListTexts = IslandTexts<"blog.tags">;
