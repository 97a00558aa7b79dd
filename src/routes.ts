import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { isAdminMode } from "./admin/mode.server.ts";
import { ADMIN_PATH, EDITOR_PATH, PREVIEW_PATH } from "./admin/paths.ts";

// Every page is content: one route module renders them all. The index route is declared
// as well as the splat, or "/" would not be prerendered.
export default [
  index("runtime/page-route.tsx", { id: "index" }),
  // The blog admin and the page editor exist only in local mode (ADMIN=1: npm run dev,
  // ADMIN=1 npm start), so a production build has no /admin pages and ships none of their code.
  ...(isAdminMode()
    ? [
        route(ADMIN_PATH.slice(1), "admin/AdminRoute.tsx", { id: "admin" }),
        route(EDITOR_PATH.slice(1), "editor/EditorRoute.tsx", { id: "editor" }),
        route(PREVIEW_PATH.slice(1), "editor/PreviewRoute.tsx", { id: "editor-preview" }),
      ]
    : []),
  route("*", "runtime/page-route.tsx", { id: "page" }),
] satisfies RouteConfig;
