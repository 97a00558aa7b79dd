import { Island } from "../../page/Island.tsx";
import { useIslandTexts } from "../../page/ui-strings.ts";
import { filteredPostList } from "./FilteredPostList.island.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";
import { BLOG_LIST_TEXTS } from "./texts.ts";

/** The blog list with its search and category filter: an island (FilteredPostList.tsx); a shared filtered URL hydrates it at once. */
export default function BlogList(props: BlockProps<typeof definition>) {
  const texts = useIslandTexts(BLOG_LIST_TEXTS);
  return <Island of={filteredPostList} props={{ ...props, texts }} hydrateWithQuery={["q", "category"]} />;
}
