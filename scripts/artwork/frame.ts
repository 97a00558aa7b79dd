/**
 * The raster artwork's setting: a 1600×900 deep brand gradient with a faint grid, soft orbs in a
 * tint and a glow, and the scene (drawn in an 800×600 box) scaled into its middle.
 */
import { c } from "./palette.ts";
import { circle, el, group, line, linearGradient, radialGradient, rect, seeded, svg } from "./svg.ts";

export const W = 1600;
export const H = 900;

/** `placement` places the scene: by default its 800×600 box scaled into the middle. */
export function frame(id: string, tint: string, art: string, placement = "translate(300 75) scale(1.25)") {
  const rnd = seeded(id);
  const orbs = Array.from({ length: 7 }, () => circle(rnd() * W, rnd() * H, 60 + rnd() * 220, tint, { opacity: (0.06 + rnd() * 0.1).toFixed(2) })).join("");
  const grid = Array.from({ length: 17 }, (_, i) => line(i * 100, 0, i * 100, H, c.white, 1, { opacity: 0.05 })).join("") + Array.from({ length: 10 }, (_, i) => line(0, i * 100, W, i * 100, c.white, 1, { opacity: 0.05 })).join("");
  return svg(
    W,
    H,
    [linearGradient("bg", c.brand[950], c.brand[700]), radialGradient("light", tint, tint, 0)],
    rect(0, 0, W, H, "url(#bg)"),
    grid,
    orbs,
    el("ellipse", { cx: W / 2, cy: H / 2, rx: 620, ry: 400, fill: "url(#light)", opacity: 0.35 }),
    group(placement, art),
  );
}
