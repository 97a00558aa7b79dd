/**
 * Hindi pages name and preload a self-hosted Devanagari face; English pages load no font at all
 * (src/styles/script-fonts.ts). Read from the built pages.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ensureBuild } from "../site-build.ts";

let client: string;
beforeAll(async () => {
  client = path.join(await ensureBuild(), "client");
}, 600_000);

const page = (route: string) => readFileSync(path.join(client, route, "index.html"), "utf8");
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin="anonymous"\/>/g)].map((m) => m[1]!);

it("a Hindi page preloads the Devanagari face it names for Hindi, optional, one small file for every weight", () => {
  const html = page("hi");
  const [url, ...more] = preloads(html);
  expect(more).toEqual([]);
  expect(statSync(path.join(client, url!)).size).toBeLessThan(130_000);
  expect(html).toContain(`src:url(${url}) format('woff2')`);
  expect(html).toMatch(/@font-face\{font-family:'Noto Sans Devanagari';[^}]*font-weight:100 900;font-display:optional;/);
  expect(html).toContain("html:lang(hi){--chakra-fonts-body:");
});

it("an English page, its switcher's हिन्दी included, loads no font", () => {
  const html = page("about");
  expect(html).toContain("हिन्दी");
  expect(preloads(html)).toEqual([]);
  expect(html).not.toContain("Noto Sans Devanagari");
});
