/**
 * The build's and the incremental rebuild's one call for images: the variants the finished
 * pages name, from the configured store (MEDIA_STORE), with the counts and the budget's
 * warnings printed, located at the image's entry.
 */
import { errors } from "../../errors/catalogue.ts";
import { fileLabeller } from "../../content-files/issues.ts";
import { formatError, located } from "../../content-files/errors.ts";
import type { SiteContent } from "../content/model.ts";
import { buildMedia, describeMediaBuild, mediaCacheDir, type MediaBuildReport, VARIANT_BUDGET_BYTES } from "./pipeline.server.ts";
import { withRemoteImages } from "./remote.server.ts";
import { mediaStoreFrom } from "./open-store.ts";

export async function buildSiteMedia(client: string, pages: Iterable<string>, content: SiteContent, log: (line: string) => void = console.log): Promise<MediaBuildReport> {
  const started = performance.now();
  const root = process.cwd();
  const cacheDir = mediaCacheDir(root);
  const assets = new Map([...(content.media ?? []), ...(content.remoteMedia ?? [])]);
  const report = await buildMedia({ client, pages, assets, store: withRemoteImages(await mediaStoreFrom(process.env, root), cacheDir), cacheDir });
  log(describeMediaBuild(report, performance.now() - started));
  for (const { id, name, bytes } of report.overBudget) {
    const source = content.mediaSources?.get(id);
    const warning = errors.MediaVariantTooLarge(id, name, Math.round(bytes / 1024), VARIANT_BUDGET_BYTES / 1024);
    log(source ? `Warning: ${formatError(located(source, [], fileLabeller(`Image ${id}`), warning))}` : `Warning: ${warning.message}`);
  }
  return report;
}
