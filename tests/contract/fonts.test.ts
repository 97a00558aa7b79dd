/**
 * Every page names Inter (src/styles/text-face.ts): one Latin file, its rule in the page from the
 * start but named by no text until the page has painted and the file has loaded, then turned on
 * part of the page by part over local faces with its metrics; Hindi pages also name a Devanagari
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

it("every page names Inter's Latin file, the scale's weights, turned on after the first paint over local faces stretched to its metrics", () => {
  for (const route of ["about", "hi"]) {
    const html = page(route);
    const [inter] = fontFiles(html);
    expect(inter, route).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
    expect(statSync(path.join(client, inter!)).size).toBeLessThan(35_000);
    expect(html).toMatch(/<style id="faces"[^>]*>[^<]*@font-face\{font-family:'Inter Variable';font-style:normal;font-weight:400 600;font-display:swap;[^}]*\}/);
    // The page paints in the stand-ins: no text names Inter until the after-paint loader
    // (src/runtime/after-paint.server.ts) has its file and turns it on, read from its rule.
    expect(html).toMatch(/--chakra-fonts-body:'Inter Fallback', ?'Inter Fallback DejaVu',/);
    expect(html).toMatch(/\[data-faces\]\{--chakra-fonts-body:'Inter Variable', 'Inter Fallback', 'Inter Fallback DejaVu', [^;]*;--chakra-fonts-heading:'Inter Variable', [^;]*;font-family:'Inter Variable', /);
    expect(html).toContain('[...faces.sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule && rule.style.getPropertyValue("src").includes("url("))');
    expect(html).toContain("Promise.allSettled(fonts.map((face) => face.load())).then(() => fonts.some((face) => face.status === \"loaded\") && turnOn(!faces.dataset.letters));");
    // A part held in its stand-ins (the faces would move it in view) keeps them, the faces on around it or not.
    expect(html).toMatch(/\[data-faces-held\]\[data-faces-held\]\{--chakra-fonts-body:'Inter Fallback', 'Inter Fallback DejaVu', [^;]*;--chakra-fonts-heading:'Inter Fallback', [^;]*;font-family:'Inter Fallback', /);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback';font-weight:100 500;src:local\('Arial'\)[^}]*;size-adjust:107\.41%;ascent-override:90\.19%;descent-override:22\.46%;/);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback';font-weight:600 900;src:local\('Arial Bold'\)[^}]*;size-adjust:101\.49%;/);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback DejaVu';font-weight:100 500;src:local\('DejaVu Sans'\)[^}]*;size-adjust:93\.69%;/);
    // Capitals and digits, stretched on their own, follow each whole face: the later face draws the letters in its range.
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback';font-weight:100 500;src:local\('Arial'\)[^}]*;unicode-range:U\+0041-005A;size-adjust:100\.03%;[^}]*\}@font-face\{font-family:'Inter Fallback';font-weight:100 500;src:local\('Arial'\)[^}]*;unicode-range:U\+0030-0039;size-adjust:107\.89%;/);
    expect(html).toMatch(/@font-face\{font-family:'Inter Fallback DejaVu';font-weight:600 900;src:local\('DejaVu Sans Bold'\)[^}]*;unicode-range:U\+0041-005A;size-adjust:91\.08%;/);
    // Each local face once, by its full name: Chromium asks the system for every name it lacks, face by face, before the first paint.
    const sources = new Set([...html.matchAll(/src:(local\([^;]*);/g)].map((m) => m[1]));
    expect([...sources]).toEqual(["local('Arial'),local('Liberation Sans'),local('Arimo')", "local('Arial Bold'),local('Liberation Sans Bold'),local('Arimo Bold')", "local('DejaVu Sans')", "local('DejaVu Sans Bold')", ...(route === "hi" ? ["local('Lohit Devanagari')"] : [])]);
  }
});

it("a Hindi page names the Devanagari face after Inter, with letters to tell whether the system has the script, over a local face stretched to its metrics, one small file for the scale's weights", () => {
  const html = page("hi");
  expect(preloads(html)).toEqual([]);
  const [, url, ...more] = fontFiles(html);
  expect(more).toEqual([]);
  expect(url).toMatch(/^\/assets\/noto-sans-devanagari-devanagari-wght-normal-[\w-]+\.woff2$/);
  expect(statSync(path.join(client, url!)).size).toBeLessThan(80_000);
  expect(html).toMatch(/<style id="faces" data-letters="[\u0900-\u097F]{8,}">[^<]*@font-face\{font-family:'Noto Sans Devanagari';font-style:normal;font-weight:400 600;font-display:swap;[^}]*\}/);
  // Lohit Devanagari (Linux's) stands in, stretched to Noto's width as the pages lay it out.
  expect(html).toMatch(/@font-face\{font-family:'Noto Sans Devanagari Fallback';font-weight:100 500;src:local\('Lohit Devanagari'\)[^}]*size-adjust:100\.45%;ascent-override:89\.2%;descent-override:40\.62%;/);
  expect(html).toMatch(/@font-face\{font-family:'Noto Sans Devanagari Fallback';font-weight:600 900;src:local\('Lohit Devanagari'\)[^}]*size-adjust:106\.41%;/);
  // It paints in the stand-ins; the faces, once on, come first.
  expect(html).toContain("html:lang(hi){--chakra-fonts-body:'Inter Fallback', 'Inter Fallback DejaVu', 'Noto Sans Devanagari Fallback', ");
  expect(html).toContain("html:lang(hi)[data-faces],html:lang(hi) [data-faces]{--chakra-fonts-body:'Inter Variable', 'Noto Sans Devanagari', 'Inter Fallback', 'Inter Fallback DejaVu', 'Noto Sans Devanagari Fallback', ");
});

it("an English page, its switcher's हिन्दी included, downloads no Devanagari", () => {
  const html = page("about");
  expect(html).toContain("हिन्दी");
  expect(preloads(html)).toEqual([]);
  expect(fontFiles(html)).toHaveLength(1);
  expect(html).not.toContain("Noto Sans Devanagari");
});
