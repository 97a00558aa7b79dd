import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { ACCOUNT_PATH, ADMIN_PATH, ANALYTICS_PATH, AUDIT_PATH, EDITOR_PATH, MEDIA_PATH, PASSWORD_PATH, PREVIEW_PATH, SETTINGS_PATH, SIGN_IN_PATH, STUDIO_HOME_PATH, SUBMISSIONS_PATH, USERS_PATH } from "./runtime/studio-paths.ts";

// Every page is content: one route module renders them all. The index route is declared
// as well as the splat, or "/" would not be prerendered.
export default [
  index("runtime/page-route.tsx", { id: "index" }),
  // The studio's screens, in every build (src/runtime/studio-paths.ts): local mode (ADMIN=1) or studio
  // mode (STUDIO=1 on the server). Their pages load the studio's own runtime
  // (src/entry.studio.ts), so no public page reaches their code.
  route(ADMIN_PATH.slice(1), "admin/AdminRoute.tsx", { id: "admin" }),
  route(EDITOR_PATH.slice(1), "editor/EditorRoute.tsx", { id: "editor" }),
  // The site settings are a document of the page editor, with an address of their own.
  route(SETTINGS_PATH.slice(1), "editor/EditorRoute.tsx", { id: "editor-settings" }),
  route(PREVIEW_PATH.slice(1), "editor/PreviewRoute.tsx", { id: "editor-preview" }),
  // The home, signing in, setting a password, one's account and the people: one route module, one island.
  route(STUDIO_HOME_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-home" }),
  route(SIGN_IN_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-sign-in" }),
  route(PASSWORD_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-password" }),
  route(ACCOUNT_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-account" }),
  route(USERS_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-users" }),
  route(AUDIT_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-audit" }),
  route(SUBMISSIONS_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-submissions" }),
  route(MEDIA_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-media" }),
  route(ANALYTICS_PATH.slice(1), "studio/StudioRoute.tsx", { id: "studio-analytics" }),
  route("*", "runtime/page-route.tsx", { id: "page" }),
] satisfies RouteConfig;
