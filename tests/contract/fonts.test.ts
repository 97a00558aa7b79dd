/**
 * Every page names Inter (src/styles/text-face.ts): one Latin file, turned on once the page has
 * painted and swapped in over local faces with its metrics; Hindi pages also name a Devanagari
 * face, fetched after the first paint for the site's next page and not swapped in over the
 * system's; English pages download none (src/styles/script-fonts.ts).
 * No page preloads a font: nothing is on the way to the largest paint. Read from the built pages.
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
const fontFiles = (html: string) => [...html.matchAll(/src:url\(([^)]+\.woff2)\)/g)].map((m) => m[1]!);

it("every page names Inter's Latin file, every weight, turned on after the first paint and swapped in over local faces stretched to its metrics", () => {
  for (const route of ["about", "hi"]) {
    const html = page(route);
    const [inter] = fontFiles(html);
    expect(inter, route).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    expect(statSync(path.join(client, inter!)).size).toBeLessThan(50_000);
    expect(html).toMatch(/<style id="text-face" media="print">@font-face\{font-family:'Inter Variable';font-style:normal;font-weight:100 900;font-display:swap;[^}]*\}<\/style>/);
    // The after-paint loader (src/runtime/after-paint.server.ts) turns it on.
    // Loaded, then added (one layout in Inter), read from those inert rules.
    expect(html).toContain('Promise.allSettled(fonts.map((font) => font.load())).then(() => fonts.forEach((font) => font.status === "loaded" && document.fonts.add(font)))');
    expect(html).toContain('const text = document.getElementById("text-face");');
    expect(html).toContain("const fonts = [...facesOf(text), ...facesOf(script)];");
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback';font-weight:100 500;src:local\('Arial'\)[^}]*;size-adjust:107\.41%;ascent-override:90\.19%;descent-override:22\.46%;/);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback';font-weight:600 900;src:local\('Arial Bold'\)[^}]*;size-adjust:101\.49%;/);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback DejaVu';font-weight:100 500;src:local\('DejaVu Sans'\)[^}]*;size-adjust:93\.69%;/);
    // Capitals and digits, stretched on their own, follow each whole face: the later face draws the letters in its range.
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback';font-weight:100 500;src:local\('Arial'\)[^}]*;unicode-range:U\+0041-005A;size-adjust:100\.03%;[^}]*\}@font-face\{font-family:'Inter Fallback';font-weight:100 500;src:local\('Arial'\)[^}]*;unicode-range:U\+0030-0039;size-adjust:107\.89%;/);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback DejaVu';font-weight:600 900;src:local\('DejaVu Sans Bold'\)[^}]*;unicode-range:U\+0041-005A;size-adjust:91\.08%;/);
    expect(html).toMatch(/--chakra-fonts-body:'Inter Variable', ?'Inter Fallback', ?'Inter Fallback DejaVu',/);
  }
});

it("a Hindi page names the Devanagari face after Inter, inert in its own rules with letters to tell whether the system has the script, over a local face stretched to its metrics, one small file for every weight", () => {
  const html = page("hi");
  expect(preloads(html)).toEqual([]);
  const [, url, ...more] = fontFiles(html);
  expect(more).toEqual([]);
  expect(url).toMatch(/^\/assets\/noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/);
  expect(statSync(path.join(client, url!)).size).toBeLessThan(130_000);
  expect(html).toMatch(/<style id="script-face" media="print" data-letters="[\u0900-\u097F]{8,}">@font-face\{font-family:'Noto Sans Devanagari';font-style:normal;font-weight:100 900;font-display:swap;[^}]*\}<\/style>/);
  // Lohit Devanagari (Linux's) stands in, stretched to Noto's width as the pages lay it out.
  expect(html).toMatch(/@font-face\{font-family:'Noto Sans Devanagari Fallback';font-weight:100 500;src:local\('Lohit Devanagari'\)[^}]*size-adjust:100\.45%;ascent-override:89\.2%;descent-override:40\.62%;/);
  expect(html).toMatch(/@font-face\{font-family:'Noto Sans Devanagari Fallback';font-weight:600 900;src:local\('Lohit Devanagari'\)[^}]*size-adjust:106\.41%;/);
  expect(html).toContain("html:lang(hi){--chakra-fonts-body:'Inter Variable', 'Noto Sans Devanagari', 'Inter Fallback', 'Inter Fallback DejaVu', 'Noto Sans Devanagari Fallback', ");
});

it("an English page, its switcher's हिन्दी included, downloads no Devanagari", () => {
  const html = page("about");
  expect(html).toContain("हिन्दी");
  expect(preloads(html)).toEqual([]);
  expect(fontFiles(html)).toHaveLength(1);
  expect(html).not.toContain("Noto Sans Devanagari");
});
