/**
 * The one setting that turns analytics off (docs/analytics.md): ANALYTICS=off. Read by the
 * build, whose pages then carry no collector, and by the server, which then neither has the
 * endpoint nor counts conversions. Node only.
 */
import { CatalogueError } from "../errors/catalogue-error.ts";
import { errors } from "../errors/catalogue.ts";

/** On or off; undefined for a value that is neither (the caller reports it its own way). */
export function readAnalyticsSetting(env: NodeJS.ProcessEnv = process.env): boolean | undefined {
  const value = env.ANALYTICS?.trim().toLowerCase() ?? "";
  return value === "" || value === "on" ? true : value === "off" ? false : undefined;
}

/** For the build: on or off, or the catalogue's error. */
export function analyticsOn(env: NodeJS.ProcessEnv = process.env): boolean {
  const on = readAnalyticsSetting(env);
  if (on === undefined) throw new CatalogueError(errors.InvalidAnalyticsSetting(env.ANALYTICS ?? ""));
  return on;
}
