/**
 * /admin/home, /admin/sign-in, /admin/password, /admin/account, /admin/users, /admin/audit, /admin/submissions, /admin/media and /admin/analytics (src/routes.ts): the page
 * around one studio screen, whose whole content is one island (StudioScreen.tsx) that hydrates
 * as soon as the page's runtime starts. In every build; served only with STUDIO=1 or in local mode.
 */
import { type MetaFunction, useLocation } from "react-router";
import site from "../page/site-settings.ts";
import { ACCOUNT_PATH, ANALYTICS_PATH, AUDIT_PATH, MEDIA_PATH, PASSWORD_PATH, SIGN_IN_PATH, STUDIO_HOME_PATH, SUBMISSIONS_PATH, USERS_PATH } from "../runtime/studio-paths.ts";
import { Island } from "../page/Island.tsx";
import { studioScreen } from "./StudioScreen.island.ts";
import { type Screen, texts } from "./texts.ts";

const SCREENS: Record<string, Screen> = { [STUDIO_HOME_PATH]: "home", [SIGN_IN_PATH]: "sign-in", [PASSWORD_PATH]: "password", [ACCOUNT_PATH]: "account", [USERS_PATH]: "users", [AUDIT_PATH]: "audit", [SUBMISSIONS_PATH]: "submissions", [MEDIA_PATH]: "media", [ANALYTICS_PATH]: "analytics" };

const screenAt = (pathname: string): Screen => SCREENS[pathname.replace(/\/+$/, "")] ?? "sign-in";

export const meta: MetaFunction = ({ location }) => [
  { title: `${texts.titles[screenAt(location.pathname)]} | ${texts.studio} | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** The studio draws its own bar: no site navigation or footer around it. */
export const handle = { shell: false };

export default function StudioRoute() {
  return <Island of={studioScreen} props={{ screen: screenAt(useLocation().pathname) }} />;
}
