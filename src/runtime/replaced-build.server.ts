/**
 * The release a full build replaces: `npm run build` (scripts/build.ts) names it to the build it
 * runs, whose pages.json then dates the pages that did not change (build.server.ts, changedOn).
 */
export const REPLACED_BUILD_ENV = "REPLACED_BUILD_DIR";

export const replacedBuildDirectory = (env: NodeJS.ProcessEnv = process.env) => env[REPLACED_BUILD_ENV] || undefined;
