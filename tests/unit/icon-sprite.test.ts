import { readFileSync } from "node:fs";
import { iconNames } from "../../schemas/icons.ts";
import { renderSprite, SPRITE_FILE } from "../../scripts/build-icons.ts";

describe("the icon sprite", () => {
  it("is up to date with the icon set (run `npm run icons` after changing src/ui/icon-set.tsx)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(renderSprite());
  });

  it("has a symbol for every icon name content may use", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    const missing = iconNames.filter((name) => !sprite.includes(`<symbol id="${name}"`));
    expect(missing).toEqual([]);
  });
});
