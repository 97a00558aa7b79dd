/**
 * The build's and the incremental rebuild's one call for images: the variants the finished
 * pages name, from the configured store (MEDIA_STORE), with the counts and the budget's
 * warnings printed, located at the image's entry.
 */
import { formatError } from "../../content-files/errors.ts";
import type { SiteContent } from "../content/model.ts";
import { atImageEntry, overBudget } from "./budget.server.ts";
import { buildMedia, describeMediaBuild, htmlFilesIn, mediaCacheDir, type MediaBuildReport, pruneStaleVariants } from "./pipeline.server.ts";
import { withRemoteImages } from "./remote.server.ts";
import { mediaStoreFrom } from "./open-store.ts";

export async function buildSiteMedia(
  client: string,
  pages: Iterable<string>,
  content: SiteContent,
  log: (line: string) => void = console.log,
  { prune = false }: { prune?: boolean } = {},
): Promise<MediaBuildReport & { pruned: string[] }> {
  const started = performance.now();
  const root = process.cwd();
  const cacheDir = mediaCacheDir(root);
  const assets = new Map([...(content.media ?? []), ...(content.remoteMedia ?? [])]);
  const report = await buildMedia({ client, pages, assets, store: withRemoteImages(await mediaStoreFrom(process.env, root), cacheDir), cacheDir });
  log(describeMediaBuild(report, performance.now() - started));
  for (const { id, name, bytes } of report.overBudget) {
    // A remote image (a WordPress featured image) has no entry to point at.
    const source = content.mediaSources?.get(id);
    const warning = overBudget(id, name, bytes);
    log(`Warning: ${source ? formatError(atImageEntry(source, id, warning)) : warning.message}`);
  }
  // An incremental rebuild's release holds the variants of the one before: those of a replaced
  // or deleted image are served no longer once no page names them.
  const pruned = prune ? await pruneStaleVariants(client, assets, () => htmlFilesIn(client)) : [];
  if (pruned.length > 0) log(`Media: ${pruned.length} files of replaced or deleted images removed`);
  return { ...report, pruned };
}
