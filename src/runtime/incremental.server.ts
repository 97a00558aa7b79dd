/**
 * What an incremental rebuild (server/build/rebuild.ts) takes from the server build it
 * renders with: entry.server.tsx exports it, so the rebuild's route table, content check and
 * blog fetch are the very module instances the route loaders use (one WordPress fetch, one
 * content check), and every page it renders is finished by the full build's own functions.
 */
import { POST_HTML_FILE, postHtmlMemo } from "../blog/post-html-memo.server.ts";
import { forgetSiteContent, siteContent } from "./content.server.ts";
import { changedOn, collectsAnalytics, dataHashes, isCountedPage, prerenderPaths, siteFiles } from "./build.server.ts";
import { precompressFiles } from "./compress.server.ts";
import { finishPage, readPageAssets } from "./finish-page.server.ts";
import { PENDING_POST_FILE, PENDING_POST_PATH } from "./pending-post.ts";
import { inlineScriptHashes } from "./security-policy.ts";
import { buildSiteMedia } from "./media/site-media.server.ts";

export const rebuildKit = {
  siteContent,
  forgetSiteContent,
  prerenderPaths,
  dataHashes,
  changedOn,
  siteFiles,
  finishPage,
  collectsAnalytics,
  isCountedPage,
  readPageAssets,
  inlineScriptHashes,
  precompressFiles,
  buildSiteMedia,
  postHtmlMemo,
  POST_HTML_FILE,
  PENDING_POST_PATH,
  PENDING_POST_FILE,
};

export type RebuildKit = typeof rebuildKit;
