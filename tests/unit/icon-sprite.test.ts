import { readFileSync } from "node:fs";
import { type IconName, iconNames, iconSymbolId } from "../../schemas/icons.ts";
import { renderSprite } from "../../scripts/lib/icon-sprite.ts";
import { inlineIcons, SPRITE_FILE, spriteSymbols } from "../../src/ui/inline-icons.server.ts";

describe("the icon sprite", () => {
  it("is up to date with the icon set (run `npm run icons` after changing src/ui/icon-set.tsx)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(renderSprite());
  });

  it("has a symbol for every icon name content may use", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    const missing = iconNames.filter((name) => !sprite.includes(`<symbol id="${iconSymbolId(name)}"`));
    expect(missing).toEqual([]);
  });
});

describe("a built page's icons", () => {
  const sprite = { url: "/assets/icons-1.svg", symbols: spriteSymbols(readFileSync(SPRITE_FILE, "utf8")) };
  const icon = (name: IconName) => `<svg viewBox="0 0 24 24"><use href="${sprite.url}#${iconSymbolId(name)}"></use></svg>`;
  const page = (body: string) => `<html><head></head><body>${body}<script src="/x.js"></script></body></html>`;

  it("point at symbols the page carries, each once, so the browser loads no sprite document", () => {
    const html = inlineIcons(page(icon("menu") + icon("clock") + icon("clock")), sprite);
    expect(html).not.toContain(sprite.url);
    expect(html.match(/href="#icon-clock"/g)).toHaveLength(2);
    expect(html.match(/<symbol id="icon-clock"/g)).toHaveLength(1);
    expect(html.match(/<symbol /g)).toHaveLength(2);
    // In a hidden <svg> at the end of the body.
    expect(html).toMatch(/<svg style="display:none" aria-hidden="true" xmlns="http:\/\/www.w3.org\/2000\/svg"><symbol id="icon-clock"[^<]*<g[^]*<\/svg><\/body>/);
  });

  it("leave a page without icons as it was", () => {
    expect(inlineIcons(page("<p>Hi</p>"), sprite)).toBe(page("<p>Hi</p>"));
  });

  it("fail the build on an icon the sprite does not have", () => {
    expect(() => inlineIcons(page(`<use href="${sprite.url}#icon-nope"></use>`), sprite)).toThrow(/no symbol "icon-nope"/);
  });
});
