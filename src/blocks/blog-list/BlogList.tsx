import { Island } from "../../page/Island.tsx";
import { filteredPostList } from "./FilteredPostList.island.ts";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The blog list with its search and category filter: an island (FilteredPostList.tsx); a shared filtered URL hydrates it at once. */
export default function BlogList(props: BlockProps<typeof definition>) {
  return <Island of={filteredPostList} props={props} hydrateWithQuery={["q", "category"]} />;
}
