/**
 * /admin in local mode (src/routes.ts): the page around the admin, whose whole content is
 * one island (AdminPage.tsx) that hydrates as soon as the page's runtime starts.
 */
import type { MetaFunction } from "react-router";
import site from "../../site.config.ts";
import { Island } from "../page/Island.tsx";
import { adminPage } from "./AdminPage.island.ts";
import { texts } from "./texts.ts";

export const meta: MetaFunction = () => [
  { title: `${texts.pageTitle} | ${site.name}` },
  // Never indexed, wherever it runs (it only runs locally, but a copy of the page may travel).
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminRoute() {
  return <Island of={adminPage} props={{}} />;
}
