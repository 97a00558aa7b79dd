/**
 * The one route module for every content page: the loader (run at build time, and by the
 * dev server) resolves the path through the route table; the component renders the blocks.
 */
import { redirect } from "react-router";
import site from "../../site.config.ts";
import type { Route } from "./+types/page-route";
import { resolvePath } from "./content.server.ts";
import { headTags } from "./head.ts";
import { PageRenderer, preloadBlocks } from "./PageRenderer.tsx";

export async function loader({ request }: Route.LoaderArgs) {
  const result = await resolvePath(new URL(request.url).pathname);
  if ("redirect" in result) throw redirect(result.redirect, 301);
  return result;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await preloadBlocks(data.blocks);
  return data;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head, site.name);

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  return <PageRenderer blocks={loaderData.blocks} />;
}
