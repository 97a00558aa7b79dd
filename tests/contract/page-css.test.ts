/**
 * What a built page's CSS costs a phone that restyles it: no rule that every element matches
 * gives every element custom properties to resolve (Chakra's global "*" rule did, 25 of them:
 * src/styles/theme.ts), and the values every element inherits are set once, on <html>.
 */
import { HEAD_STYLE_ATTRIBUTE } from "../../src/styles/head-styles.ts";
import { builtPages } from "../site-build.ts";

/** The style rules of a page's head styles: selector and declarations, at any @layer depth. */
function rules(html: string): { selector: string; body: string }[] {
  const css = [...html.matchAll(new RegExp(`<style ${HEAD_STYLE_ATTRIBUTE}="[^"]*">([\\s\\S]*?)</style>`, "g"))].map((m) => m[1]).join("");
  return [...css.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((m) => ({ selector: m[1]!.trim(), body: m[2]! }));
}

const matchesEveryElement = (selector: string) => selector.split(",").some((part) => part.trim() === "*");

/** Every prerendered page of the build (under client/) with its style rules; the redirects' stubs have none. */
let pages: { page: string; rules: ReturnType<typeof rules> }[];
beforeAll(async () => {
  pages = (await builtPages()).map(({ page, html }) => ({ page, rules: rules(html) })).filter(({ rules }) => rules.length > 0);
});

describe("the CSS of every built page", () => {
  it("has no rule that gives every element custom properties", () => {
    expect(pages.length).toBeGreaterThan(20);
    const offending = pages.flatMap(({ page, rules }) =>
      rules.filter((rule) => matchesEveryElement(rule.selector) && /(^|;)\s*--/.test(rule.body)).map((rule) => `${page}: ${rule.selector}{${rule.body.slice(0, 80)}…}`),
    );
    expect(offending).toEqual([]);
  });

  it("sets the values every element inherits (font, border colour, cv11) once, on <html>", () => {
    for (const { page, rules } of pages) {
      const html = rules.filter((rule) => rule.selector === "html").map((rule) => rule.body).join(";");
      expect(html, page).toMatch(/--global-font-body:var\(--chakra-fonts-body\)/);
      expect(html, page).toMatch(/--global-color-border:var\(--chakra-colors-border\)/);
      expect(html, page).toMatch(/font-feature-settings:"cv11"/);
    }
  });
});
