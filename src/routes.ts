import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { ADMIN_PATH, isAdminMode } from "./admin/mode.server.ts";

// Every page is content: one route module renders them all. The index route is declared
// as well as the splat, or "/" would not be prerendered.
export default [
  index("runtime/page-route.tsx", { id: "index" }),
  // The blog admin exists only in local mode (ADMIN=1: npm run dev, ADMIN=1 npm start), so a
  // production build has no /admin page and ships none of its code.
  ...(isAdminMode() ? [route(ADMIN_PATH.slice(1), "admin/AdminRoute.tsx", { id: "admin" })] : []),
  route("*", "runtime/page-route.tsx", { id: "page" }),
] satisfies RouteConfig;
