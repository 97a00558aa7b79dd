/**
 * package.json's scripts: JSON keeps the last of two equal keys without a word, so a second
 * script under a name already taken silently replaces the first.
 */
import { readFileSync } from "node:fs";

it("names each npm script once", () => {
  const text = readFileSync("package.json", "utf8");
  const start = text.indexOf('"scripts": {');
  const scripts = text.slice(start, text.indexOf("\n  }", start));
  const names = [...scripts.matchAll(/^\s*"([^"]+)":/gm)].map((m) => m[1]).slice(1);
  expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  // Every script was read: the test sees them all.
  expect(names.length).toBe(Object.keys(JSON.parse(text).scripts).length);
});
