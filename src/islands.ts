/**
 * Every island, so the browser's runtime can find the one a page names (runtime/islands/).
 * Everything else on a page is HTML rendered at build time that the browser never hydrates.
 * An island's module loads only when the page hydrates it, so a page pays for the islands it
 * has, when they are needed. Adding an island = its component, a `Foo.island.ts` beside it
 * (page/define-island.ts) and one entry here; a page uses it with <Island of={foo} props={…}>.
 */
import { filteredPostList } from "./blocks/blog-list/FilteredPostList.island.ts";
import { pendingPost } from "./blocks/blog-post/PendingPost.island.ts";
import { applyLink } from "./blocks/job-list/ApplyLink.island.ts";
import { testimonialCarousel } from "./blocks/testimonials/TestimonialCarousel.island.ts";
import { shareArticle } from "./blog/ui/ShareArticle.island.ts";
import { contentForm } from "./forms/ContentForm.island.ts";
import { islandRegistry } from "./page/define-island.ts";
import { servicesMenu } from "./shell/ServicesMenu.island.ts";
import { noticeAction } from "./ui/NoticeAction.island.ts";

/** The public site's islands: every page has these. */
export const publicIslands = [
  noticeAction,
  shareArticle,
  applyLink,
  servicesMenu,
  contentForm,
  testimonialCarousel,
  filteredPostList,
  pendingPost,
];

/**
 * What a public page's runtime knows. The studio's pages load their own runtime
 * (entry.studio.ts, on the dev server too: entry.client.tsx), so no public page names the
 * studio's code.
 */
export const islands = islandRegistry(publicIslands);
