/**
 * /admin/pages, one of the studio's screens (src/routes.ts): a full-window tool whose whole content is one
 * island (EditorPage.tsx) that hydrates as soon as the page's runtime starts.
 */
import type { MetaFunction } from "react-router";
import site from "../page/site-settings.ts";
import { Island } from "../page/Island.tsx";
import { editorPage } from "./EditorPage.island.ts";
import { texts } from "./texts.ts";

export const meta: MetaFunction = () => [{ title: `${texts.pageTitle} | ${site.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** No site navigation or footer around it. */
export const handle = { shell: false };

export default function EditorRoute() {
  return <Island of={editorPage} props={{}} />;
}
