/**
 * How deeply a JSON value nests, counted without recursion: a body of a million nested arrays
 * parses, but anything that walks it recursively (JSON.stringify, the checker) would run out
 * of stack. No page or collection nests anywhere near the limit.
 */
export const MAX_DEPTH = 100;

export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
