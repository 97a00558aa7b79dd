/**
 * /admin (src/routes.ts): the page around the blog admin, whose whole content is one island
 * (AdminPage.tsx) that hydrates as soon as the page's runtime starts. In studio mode it is one
 * of the studio's screens, under the studio's bar, without the public site's header and footer;
 * in local mode, inside the site's page.
 */
import type { MetaFunction } from "react-router";
import site from "../../site.config.ts";
import { Island } from "../page/Island.tsx";
import { adminPage } from "./AdminPage.island.ts";
import { texts } from "./texts.ts";

/** Local mode (ADMIN=1), set by vite.config.ts. */
declare const __ADMIN__: boolean;

export const meta: MetaFunction = () => [
  { title: `${__ADMIN__ ? texts.pageTitle : texts.studio.pageTitle} | ${site.name}` },
  // Never indexed, wherever it runs (it only runs locally, but a copy of the page may travel).
  { name: "robots", content: "noindex, nofollow" },
];

/** Studio mode: the studio draws its own bar, no site navigation or footer around it. */
export const handle = __ADMIN__ ? {} : { shell: false };

export default function AdminRoute() {
  return <Island of={adminPage} props={{}} />;
}
