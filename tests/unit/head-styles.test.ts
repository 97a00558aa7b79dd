/**
 * A prerendered page carries its styles in <head>, in the order Emotion wrote them, under an
 * attribute Emotion does not know (the browser side, pixel-identical pages and no restyle at
 * start-up, is tested in tests/e2e/loading.spec.ts).
 */
import { describe, expect, it } from "vitest";
import { HEAD_STYLE_ATTRIBUTE, moveStylesToHead } from "../../src/styles/head-styles.ts";

// The shape Emotion and Chakra write into a prerendered page.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Home</title>',
  '<script type="application/ld+json">{"name":"<style> is text here"}</script></head>',
  '<body><style data-emotion="css-global ad1llf">@layer reset, base, tokens, recipes;</style>',
  '<style data-emotion="css-global uo463o">@layer base{html{color:#222;}}</style>',
  '<style data-emotion="css 1a2b 3c4d">.css-1a2b{display:flex;}.css-3c4d{gap:1rem;}</style><div class="css-1a2b css-3c4d">',
  '<style data-emotion="css 5e6f">.css-5e6f{color:red;}</style><h1 class="css-5e6f">Hello</h1></div>',
  "<style>.not-emotion{}</style></body></html>",
].join("");

describe("moving a prerendered page's styles into <head>", () => {
  const moved = moveStylesToHead(page);
  const head = moved.slice(0, moved.indexOf("</head>"));
  const body = moved.slice(moved.indexOf("<body"));

  it("leaves no Emotion style in <body>, and other styles where they were", () => {
    expect(body).not.toContain("data-emotion");
    expect(body).not.toContain(HEAD_STYLE_ATTRIBUTE);
    expect(body).toContain("<style>.not-emotion{}</style>");
    expect(body).toContain('<div class="css-1a2b css-3c4d"><h1 class="css-5e6f">Hello</h1></div>');
  });

  it("writes them last in <head>, in document order, consecutive ones of a key in one tag with all their names", () => {
    const tags = [...head.matchAll(new RegExp(`<style ${HEAD_STYLE_ATTRIBUTE}="([^"]+)">`, "g"))].map((m) => m[1]);
    expect(tags).toEqual(["css-global ad1llf uo463o", "css 1a2b 3c4d 5e6f"]);
    expect(head).toContain(">@layer reset, base, tokens, recipes;@layer base{html{color:#222;}}</style>");
    expect(head).toContain(">.css-1a2b{display:flex;}.css-3c4d{gap:1rem;}.css-5e6f{color:red;}</style>");
    expect(head.indexOf("application/ld+json")).toBeLessThan(head.indexOf(HEAD_STYLE_ATTRIBUTE));
  });

  it("changes nothing else", () => {
    const strip = (html: string) => html.replace(/<style[^>]*data-(emotion|prerendered-css)="[^"]*">[\s\S]*?<\/style>/g, "");
    expect(strip(moved)).toBe(strip(page));
    expect(moveStylesToHead(moved)).toBe(moved);
  });

  it("keeps the order where a key comes back: a global style after a component's starts a tag of its own", () => {
    const late = moveStylesToHead(page.replace("<h1", '<style data-emotion="css-global 9z">@layer base{p{margin:0;}}</style><h1'));
    const tags = [...late.matchAll(new RegExp(`<style ${HEAD_STYLE_ATTRIBUTE}="([^"]+)">`, "g"))].map((m) => m[1]);
    expect(tags).toEqual(["css-global ad1llf uo463o", "css 1a2b 3c4d 5e6f", "css-global 9z"]);
  });

  it("drops the empty global styles an island's render leaves (the page's own render wrote them)", () => {
    const withIsland = page.replace("<h1", '<style data-emotion="css-global 1cmd9dv"></style><h1');
    expect(moveStylesToHead(withIsland)).toBe(moved);
  });

  it("leaves a page without Emotion styles, or without a head, as it is", () => {
    const plain = "<html><head></head><body><p>Static</p></body></html>";
    expect(moveStylesToHead(plain)).toBe(plain);
    const fragment = '<div><style data-emotion="css 1">.css-1{}</style></div>';
    expect(moveStylesToHead(fragment)).toBe(fragment);
  });
});
