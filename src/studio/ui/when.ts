/** A stored time (ISO-8601 UTC, server/storage/database.ts sqlNow) as people read it, in their browser's language and time zone. */
export const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
};

/** A browser's user agent, shortened to what a person recognises ("Chrome on Linux"). */
export function deviceName(userAgent: string, unknown: string): string {
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrom(e|ium)\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : undefined;
  const system = /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows" : /Linux/.test(userAgent) ? "Linux" : undefined;
  if (!browser) return userAgent.trim() === "" ? unknown : userAgent.slice(0, 60);
  return system ? `${browser} on ${system}` : browser;
}
