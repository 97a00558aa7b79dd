import { Island } from "../../runtime/islands/Island.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The blog list with its search and category filter: an island (FilteredPostList.tsx); a shared filtered URL hydrates it at once. */
export default function BlogList(props: BlockProps<typeof definition>) {
  return <Island name="blog-list" props={props} hydrateWithQuery={["q", "category"]} />;
}
