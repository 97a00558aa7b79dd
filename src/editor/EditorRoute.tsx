/**
 * /admin/pages, one of the studio's screens (src/routes.ts): a full-window tool whose whole content is one
 * island (EditorPage.tsx) that hydrates as soon as the page's runtime starts. /admin/settings is the
 * same editor, opened on the site settings.
 */
import { type MetaFunction, useLocation } from "react-router";
import { SETTINGS_PATH } from "../runtime/studio-paths.ts";
import { SITE_SETTINGS_NAME } from "./document/names.ts";
import site from "../page/site-settings.ts";
import { Island } from "../page/Island.tsx";
import { editorPage } from "./EditorPage.island.ts";
import { texts } from "./texts.ts";

const isSettings = (pathname: string) => pathname.replace(/\/+$/, "") === SETTINGS_PATH;

export const meta: MetaFunction = ({ location }) => [
  { title: `${isSettings(location.pathname) ? SITE_SETTINGS_NAME : texts.pageTitle} | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** No site navigation or footer around it. */
export const handle = { shell: false };

export default function EditorRoute() {
  return <Island of={editorPage} props={{ settings: isSettings(useLocation().pathname) }} />;
}
