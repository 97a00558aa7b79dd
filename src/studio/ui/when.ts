/**
 * A stored time (ISO-8601 UTC, server/storage/database.ts sqlNow) as people read it, in their
 * browser's language and time zone, the month in words: "5 December 2026 at 14:02" is read
 * alike everywhere, where 12/5/2026 is May in one country and December in another.
 */
export const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "long", timeStyle: "short" });
};

/** A day alone, the month in words ("5 December 2026"). */
export const day = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: "long" });
};

/** A browser's user agent, shortened to what a person recognises ("Chrome on Linux"). */
export function deviceName(userAgent: string, unknown: string): string {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrom(e|ium)\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : undefined;
  const system = /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows" : /Linux/.test(userAgent) ? "Linux" : undefined;
  if (!browser) return userAgent.trim() === "" ? unknown : userAgent.slice(0, 60);
  return system ? `${browser} on ${system}` : browser;
}
