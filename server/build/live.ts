/**
 * The build a server serves, followed live: when BUILD_DIR is switched to a new release
 * (./releases.ts), the next request is served from it, without a restart. Each request takes
 * one release at its start and is answered from it alone (manifest, files, policies), so a
 * switch in the middle of a request cannot mix two builds. The link is looked at no more
 * often than every CHECK_MS, a single readlink.
 *
 * Pages served just before a switch name the assets of their own build: an asset missing
 * from the current release is looked for in the releases before it that are still on disk.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { SiteManifest } from "../../src/runtime/build.server.ts";
import { contentSecurityPolicy, inlineScriptHashes, policyOrigins } from "../../src/runtime/security-policy.ts";
import { PREVIEW_PATH } from "../../src/runtime/studio-paths.ts";
import { KEEP_RELEASES, listReleases } from "./releases.ts";

/** The page editor's preview (admin builds only): the one page the site itself may frame. */
export const PREVIEW_PAGE = `${PREVIEW_PATH.slice(1)}/index.html`;

const CHECK_MS = 200;

export interface Release {
  /** The release folder (real path). */
  dir: string;
  /** Its client/ folder: the files served. */
  client: string;
  manifest: SiteManifest;
  /** Not-found pages: they answer 404 at their own path too. */
  notFoundPages: Set<string>;
  /** A page's Content-Security-Policy: its own inline scripts, the build's origins. */
  policyFor(rel: string): string;
}

export function loadRelease(dir: string, https: boolean): Release {
  const manifestFile = path.join(dir, "site-manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(`No build found at ${dir} (missing site-manifest.json). Run "npm run build" first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as SiteManifest;
  const client = path.join(dir, "client");
  const origins = policyOrigins(manifest);
  const policies = new Map<string, string>();
  return {
    dir,
    client,
    manifest,
    notFoundPages: new Set(manifest.notFound.map((n) => n.page)),
    policyFor(rel) {
      let policy = policies.get(rel);
      if (policy === undefined) {
        policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(path.join(client, rel), "utf8")), https, origins, rel === PREVIEW_PAGE ? "self" : "none");
        policies.set(rel, policy);
      }
      return policy;
    },
  };
}

export interface LiveBuild {
  /** The release to answer this request from. */
  current(): Release;
  /** The client folder of the newest release on disk that has this asset, if any. */
  assetRoot(rel: string): string | undefined;
  /** Called with the new release after a switch. */
  onSwitch(listener: (release: Release) => void): void;
}

export function liveBuild(buildDir: string, https: boolean): LiveBuild {
  const resolve = () => realpathSync(buildDir);
  let release = loadRelease(resolve(), https);
  let checkedAt = Date.now();
  const listeners: ((release: Release) => void)[] = [];

  const isFile = (file: string) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };

  return {
    current() {
      if (Date.now() - checkedAt < CHECK_MS) return release;
      checkedAt = Date.now();
      let dir: string;
      try {
        dir = resolve();
      } catch {
        return release; // the link is being replaced (a plain folder turning into a link): keep serving
      }
      if (dir !== release.dir) {
        try {
          release = loadRelease(dir, https);
          for (const listener of listeners) listener(release);
        } catch {
          // not a complete build: keep the one we have and look again next time
        }
      }
      return release;
    },
    assetRoot(rel) {
      const own = this.current();
      if (isFile(path.join(own.client, rel))) return own.client;
      return listReleases(buildDir)
        .filter((d) => d !== own.dir)
        .slice(0, KEEP_RELEASES).map((d) => path.join(d, "client")).find((client) => isFile(path.join(client, rel)));
    },
    onSwitch(listener) {
      listeners.push(listener);
    },
  };
}
