/**
 * Every island, so the browser's runtime can find the one a page names (runtime/islands/).
 * Everything else on a page is HTML rendered at build time that the browser never hydrates.
 * An island's module loads only when the page hydrates it, so a page pays for the islands it
 * has, when they are needed. Adding an island = its component, a `Foo.island.ts` beside it
 * (page/define-island.ts) and one entry here; a page uses it with <Island of={foo} props={…}>.
 */
import { adminPage } from "./admin/AdminPage.island.ts";
import { filteredPostList } from "./blocks/blog-list/FilteredPostList.island.ts";
import { pendingPost } from "./blocks/blog-post/PendingPost.island.ts";
import { applyLink } from "./blocks/job-list/ApplyLink.island.ts";
import { testimonialCarousel } from "./blocks/testimonials/TestimonialCarousel.island.ts";
import { shareArticle } from "./blog/ui/ShareArticle.island.ts";
import { editorPage } from "./editor/EditorPage.island.ts";
import { previewPage } from "./editor/PreviewPage.island.ts";
import { contentForm } from "./forms/ContentForm.island.ts";
import { islandRegistry } from "./page/define-island.ts";
import { servicesMenu } from "./shell/ServicesMenu.island.ts";
import { noticeAction } from "./ui/NoticeAction.island.ts";

/** Local mode (ADMIN=1), set by vite.config.ts: a public build leaves the admin out, code and all. */
declare const __ADMIN__: boolean;

export const islands = islandRegistry([
  noticeAction,
  shareArticle,
  applyLink,
  servicesMenu,
  contentForm,
  testimonialCarousel,
  filteredPostList,
  pendingPost,
  // The local blog admin, the page editor and its preview: whole pages, hydrated at once.
  ...(__ADMIN__ ? [adminPage, editorPage, previewPage] : []),
]);
