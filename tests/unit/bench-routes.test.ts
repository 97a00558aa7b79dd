/** npm run bench measures one route of every kind in each locale of the sitemap, Hindi's found by their alternates. */
import { benchRoutes } from "../../scripts/lib/bench-routes.ts";

const url = (loc: string, alternates: [string, string][] = []) =>
  `  <url><loc>https://x.example${loc}</loc><lastmod>2026-11-26</lastmod>${alternates.map(([l, p]) => `\n    <xhtml:link rel="alternate" hreflang="${l}" href="https://x.example${p}"/>`).join("")}</url>`;
const pair = (en: string, hi: string) => {
  const alternates: [string, string][] = [["en", en], ["hi", hi], ["x-default", en]];
  return [url(en, alternates), url(hi, alternates)];
};
const sitemap = [
  ...pair("/", "/hi"),
  ...pair("/contact", "/hi/sampark"),
  url("/blog/only-english"),
  ...pair("/blog/translated", "/hi/blog/translated"),
  url("/blog/only-hindi"),
].join("\n");
const kinds = [
  ["home", /^\/$/],
  ["contact", /^\/contact$/],
  ["a post", /^\/blog\/[^/]+$/],
] as const;

describe("the bench's routes", () => {
  it("are one of every kind in English, then the same kinds in Hindi, by their versions' paths", () => {
    expect(benchRoutes(sitemap, kinds)).toEqual([
      ["home", "/"],
      ["contact", "/contact"],
      ["a post", "/blog/only-english"],
      ["home (hi)", "/hi"],
      ["contact (hi)", "/hi/sampark"],
      ["a post (hi)", "/hi/blog/translated"],
    ]);
  });

  it("are chosen by kind in every locale, or in one", () => {
    expect(benchRoutes(sitemap, kinds, ["contact"])).toEqual([
      ["contact", "/contact"],
      ["contact (hi)", "/hi/sampark"],
    ]);
    expect(benchRoutes(sitemap, kinds, ["a post (hi)"])).toEqual([["a post (hi)", "/hi/blog/translated"]]);
  });
});
