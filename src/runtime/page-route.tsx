/**
 * The one route module for every content page: the loader (run at build time, and by the
 * dev server) resolves the path through the route table; the component renders the blocks.
 * Pages are static HTML in the browser: no client loader, no client-side navigation.
 */
import { redirect } from "react-router";
import site from "../page/site-settings.ts";
import type { Route } from "./+types/page-route";
import { resolvePath } from "./content.server.ts";
import { headTags } from "./head.ts";
import type { ShellData } from "../shell/data.ts";
import { PageProvider } from "../page/context.tsx";
import { PageRenderer } from "./PageRenderer.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const result = await resolvePath(new URL(request.url).pathname);
  if ("redirect" in result) throw redirect(result.redirect, 301);
  return result;
}

// The site's name as published (the root's data), so a rebuild after the settings change has it.
export const meta: Route.MetaFunction = ({ data, matches }) => headTags(data?.head, (matches[0]?.data as ShellData | undefined)?.site.name ?? site.name);

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <PageProvider value={{ path: loaderData.path, pending: loaderData.pending }}>
      <PageRenderer blocks={loaderData.blocks} fallback={loaderData.fallback} />
    </PageProvider>
  );
}
