/**
 * The one route module for every content page: the loader (run at build time, and by the
 * dev server) resolves the path through the route table; the component renders the blocks.
 */
import { redirect, useRevalidator, useRouteError } from "react-router";
import site from "../../site.config.ts";
import type { Route } from "./+types/page-route";
import { resolvePath } from "./content.server.ts";
import { headTags } from "./head.ts";
import { PageRenderer, preloadBlocks } from "./PageRenderer.tsx";
import { LoadError, LoadingState } from "../ui/States.tsx";
import { trackPageLoad, usePendingPage } from "./pending.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const result = await resolvePath(new URL(request.url).pathname);
  if ("redirect" in result) throw redirect(result.redirect, 301);
  return result;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return trackPageLoad(
    (async () => {
      const data = await serverLoader();
      await preloadBlocks(data.blocks);
      return data;
    })(),
  );
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head, site.name);

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  // A slow navigation shows the loading state instead of the old page (spec: loading, then loaded).
  if (usePendingPage()) return <LoadingState />;
  return <PageRenderer blocks={loaderData.blocks} />;
}

/** A page whose data could not be fetched (offline, server down) offers a retry, never an endless spinner. */
export function ErrorBoundary() {
  const revalidator = useRevalidator();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <LoadError onRetry={() => void revalidator.revalidate()} />;
}
