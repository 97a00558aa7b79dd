/**
 * /admin/preview, one of the studio's screens (src/routes.ts): the page editor's live preview, one island
 * (PreviewPage.tsx) that hydrates as soon as the page's runtime starts and draws the draft.
 */
import type { MetaFunction } from "react-router";
import site from "../page/site-settings.ts";
import { Island } from "../page/Island.tsx";
import { previewPage } from "./PreviewPage.island.ts";

export const meta: MetaFunction = () => [{ title: `Preview | ${site.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** The site's shell is drawn by the preview, from the draft: the root layout must not draw its own. */
export const handle = { shell: false };

export default function PreviewRoute() {
  return <Island of={previewPage} props={{}} />;
}
