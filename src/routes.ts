import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every page is content: one route module renders them all. The index route is declared
// as well as the splat, or "/" would not be prerendered.
export default [
  index("runtime/page-route.tsx", { id: "index" }),
  route("*", "runtime/page-route.tsx", { id: "page" }),
] satisfies RouteConfig;
