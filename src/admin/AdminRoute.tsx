/**
 * /admin (src/routes.ts): the page around the blog admin, whose whole content is one island
 * (AdminPage.tsx) that hydrates as soon as the page's runtime starts: one of the studio's
 * screens, under the studio's bar, without the public site's header and footer.
 */
import type { MetaFunction } from "react-router";
import site from "../page/site-settings.ts";
import { Island } from "../page/Island.tsx";
import { adminPage } from "./AdminPage.island.ts";
import { texts } from "./texts.ts";

export const meta: MetaFunction = () => [
  { title: `${texts.studio.pageTitle} | ${site.name}` },
  // Never indexed, wherever it runs (it only runs locally, but a copy of the page may travel).
  { name: "robots", content: "noindex, nofollow" },
];

/** The studio draws its own bar, no site navigation or footer around it. */
export const handle = { shell: false };

export default function AdminRoute() {
  return <Island of={adminPage} props={{}} />;
}
