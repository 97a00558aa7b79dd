/**
 * The island registry: every part of a page that needs JavaScript, by name. Everything
 * else on a page is HTML rendered at build time that the browser never hydrates. An
 * island's module loads only when the page hydrates it (markup.ts says when), so a page
 * pays for the islands it has, when they are needed. Adding an island = a component module
 * with a default export + one line here; a page uses it with <Island name="…" props={…}>.
 */
import { defineIsland } from "./define.ts";

/** Local mode (ADMIN=1), set by vite.config.ts: a public build leaves the admin out, code and all. */
declare const __ADMIN__: boolean;

export const islands = {
  /** A button or link that shows a site notice (Get Started, Get Quote): its static button is a slot. */
  "notice-action": defineIsland(() => import("../../ui/NoticeAction.tsx"), { captureLinks: true }),
  /** Share Article: native share, or the URL copied with a notice. */
  "share-article": defineIsland(() => import("../../blog/ui/ShareArticle.tsx")),
  /** Apply for this role: fills in the position and brings the form into view, without a page load. */
  "apply-link": defineIsland(() => import("../../blocks/job-list/ApplyLink.tsx"), { captureLinks: true }),
  /** The desktop services dropdown (hover, and the arrow button by keyboard). */
  "services-menu": defineIsland(() => import("../../shell/ServicesMenu.tsx"), { styled: true }),
  /** A content form: validation and sending load when the visitor reaches for it. */
  "content-form": defineIsland(() => import("../../forms/ContentForm.tsx"), { styled: true }),
  /** The testimonial carousel advances on its own once it is in view. */
  testimonials: defineIsland(() => import("../../blocks/testimonials/TestimonialCarousel.tsx"), { styled: true, hydrate: "visible" }),
  /** The blog list's search and category filter. */
  "blog-list": defineIsland(() => import("../../blocks/blog-list/FilteredPostList.tsx"), { styled: true }),
  /** A post published after the build, fetched in the browser. */
  "pending-post": defineIsland(() => import("../../blocks/blog-post/PendingPost.tsx"), { styled: true, hydrate: "load" }),
  ...(__ADMIN__
    ? {
        /** The local blog admin, the page editor and its preview: whole pages, hydrated at once. */
        admin: defineIsland(() => import("../../admin/AdminPage.tsx"), { styled: true, hydrate: "load" }),
        "page-editor": defineIsland(() => import("../../editor/EditorPage.tsx"), { styled: true, hydrate: "load" }),
        "page-preview": defineIsland(() => import("../../editor/PreviewPage.tsx"), { styled: true, hydrate: "load" }),
      }
    : {}),
};

export type IslandName = keyof typeof islands;
