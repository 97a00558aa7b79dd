/**
 * What a built page's CSS costs a phone that restyles it: no rule that every element matches
 * gives every element custom properties to resolve (Chakra's global "*" rule did, 25 of them:
 * src/styles/theme.ts), and the values every element inherits are set once, on <html>.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HEAD_STYLE_ATTRIBUTE } from "../../src/styles/head-styles.ts";
import { BUILD, ensureBuild } from "../site-build.ts";

/** Every prerendered page of the build, by its file under client/ (not the redirects' stubs, which have no styles). */
function builtPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "index.html")
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file, "utf8").includes(HEAD_STYLE_ATTRIBUTE));
}

/** The style rules of a page's head styles: selector and declarations, at any @layer depth. */
function rules(html: string): { selector: string; body: string }[] {
  const css = [...html.matchAll(new RegExp(`<style ${HEAD_STYLE_ATTRIBUTE}="[^"]*">([\\s\\S]*?)</style>`, "g"))].map((m) => m[1]).join("");
  return [...css.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }));
}

const matchesEveryElement = (selector: string) => selector.split(",").some((part) => part.trim() === "*");

let pages: string[];
beforeAll(async () => {
  await ensureBuild();
  pages = builtPages(path.join(BUILD, "client"));
});

describe("the CSS of every built page", () => {
  it("has no rule that gives every element custom properties", () => {
    expect(pages.length).toBeGreaterThan(20);
    const offending = pages.flatMap((file) =>
      rules(readFileSync(file, "utf8"))
        .filter((rule) => matchesEveryElement(rule.selector) && /(^|;)\s*--/.test(rule.body))
        .map((rule) => `${path.relative(BUILD, file)}: ${rule.selector}{${rule.body.slice(0, 80)}…}`),
    );
    expect(offending).toEqual([]);
  });

  it("sets the values every element inherits (font, border colour, cv11) once, on <html>", () => {
    for (const file of pages) {
      const html = rules(readFileSync(file, "utf8")).filter((rule) => rule.selector === "html").map((rule) => rule.body).join(";");
      expect(html, path.relative(BUILD, file)).toMatch(/--global-font-body:var\(--chakra-fonts-body\)/);
      expect(html, path.relative(BUILD, file)).toMatch(/--global-color-border:var\(--chakra-colors-border\)/);
      expect(html, path.relative(BUILD, file)).toMatch(/font-feature-settings:"cv11"/);
    }
  });
});
