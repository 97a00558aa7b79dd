/**
 * Once per Playwright run: an empty folder for the clean copy of the project that the admin
 * tests' server runs in (admin-server.ts), new each run so that every run starts from a fresh
 * clone, and removed after it. Only tests that ask for `admin` fill it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The environment variable that hands the folder to the workers. */
export const CLEAN_COPY_ENV = "E2E_CLEAN_COPY";

/**
 * The folder of the site with more languages (i18n-site.ts) when it is built already: npm test
 * builds it beside its own build (scripts/test.ts), where the cores have room, and names it
 * here; i18n.spec.ts builds it itself when this is not set.
 */
export const I18N_SITE_ENV = "E2E_I18N_SITE";

export default function globalSetup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "agency-site-clone-"));
  process.env[CLEAN_COPY_ENV] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}.lock`, { recursive: true, force: true });
  };
}
