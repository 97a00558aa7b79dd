/**
 * Illustrated portraits (256×256) for testimonials and blog authors: drawn people, not photographs,
 * so no real person's likeness is implied. Each is a few parameters: skin, hair, clothes, backdrop.
 */
import { c } from "./palette.ts";
import { circle, el, path, rect, svg } from "./svg.ts";

interface Look {
  skin: string;
  hair: string;
  hairStyle: "short" | "long" | "bun" | "curly" | "bob";
  shirt: string;
  backdrop: string;
  glasses?: boolean;
  beard?: boolean;
}

const S = 256;

function hairBack(l: Look) {
  switch (l.hairStyle) {
    case "long":
      return path("M76 112c0-40 22-66 52-66s52 26 52 66v78h-104z", l.hair);
    case "bob":
      return path("M80 110c0-36 20-60 48-60s48 24 48 60v34c0 8-8 12-14 10h-68c-6 2-14-2-14-10z", l.hair);
    case "bun":
      return circle(128, 44, 22, l.hair);
    default:
      return "";
  }
}

function hairFront(l: Look) {
  switch (l.hairStyle) {
    case "short":
      return path("M86 104c-4-34 16-56 44-56 26 0 44 18 42 52c-8-14-22-22-40-22-18 0-34 10-46 26z", l.hair);
    case "curly":
      return [[96, 78], [112, 62], [132, 58], [152, 66], [164, 84], [90, 96], [168, 100]].map(([x, y]) => circle(x!, y!, 16, l.hair)).join("");
    case "bun":
      return path("M84 110c0-34 20-56 44-56s44 22 44 56c-10-18-26-28-44-28s-34 10-44 28z", l.hair);
    default:
      return path("M84 112c0-36 20-60 44-60s44 24 44 60c-14-22-30-30-50-30-16 0-28 10-38 30z", l.hair);
  }
}

function portrait(l: Look) {
  return svg(
    S,
    S,
    [el("clipPath", { id: "round" }, circle(128, 128, 128, "#000"))],
    el(
      "g",
      { "clip-path": "url(#round)" },
      rect(0, 0, S, S, l.backdrop),
      circle(200, 60, 60, c.white, { opacity: 0.12 }),
      hairBack(l),
      // Neck and shoulders.
      rect(110, 150, 36, 40, l.skin),
      path("M40 256c0-48 36-78 88-78s88 30 88 78z", l.shirt),
      path("M108 180l20 26l20-26z", l.skin),
      // Face and ears.
      circle(84, 118, 9, l.skin),
      circle(172, 118, 9, l.skin),
      el("ellipse", { cx: 128, cy: 116, rx: 44, ry: 50, fill: l.skin }),
      hairFront(l),
      // Eyes, brows, smile.
      circle(111, 118, 4.5, c.brand[950]),
      circle(145, 118, 4.5, c.brand[950]),
      path("M102 104q9-6 18 0M136 104q9-6 18 0", "none", { stroke: c.brand[950], "stroke-width": 3.5, "stroke-linecap": "round", opacity: 0.7 }),
      path("M112 142q16 14 32 0", "none", { stroke: c.brand[950], "stroke-width": 4, "stroke-linecap": "round" }),
      l.beard ? path("M88 128c4 34 20 40 40 40s36-6 40-40c-6 14-16 22-40 22s-34-8-40-22z", l.hair) + path("M112 146q16 10 32 0", "none", { stroke: c.white, "stroke-width": 3, "stroke-linecap": "round" }) : "",
      l.glasses ? circle(111, 118, 14, "none", { stroke: c.brand[950], "stroke-width": 4 }) + circle(145, 118, 14, "none", { stroke: c.brand[950], "stroke-width": 4 }) + path("M125 118h6", "none", { stroke: c.brand[950], "stroke-width": 4 }) : "",
    ),
  );
}

export const portraitArtwork: Record<string, () => string> = {
  // Testimonials.
  "priya-mehta": () => portrait({ skin: "#b97a56", hair: "#1c1917", hairStyle: "long", shirt: c.accent, backdrop: c.brand[200] }),
  "daniel-okafor": () => portrait({ skin: "#7a4a2a", hair: "#111827", hairStyle: "short", shirt: c.brand[700], backdrop: c.accentSoft, glasses: true, beard: true }),
  "sofia-lindqvist": () => portrait({ skin: "#f1c9a5", hair: "#d6a75a", hairStyle: "bob", shirt: c.teal, backdrop: c.brand[100] }),
  // Blog authors.
  "priya-sharma": () => portrait({ skin: "#c68a62", hair: "#292524", hairStyle: "bun", shirt: c.brand[600], backdrop: "#ccfbf1", glasses: true }),
  "arjun-mehta": () => portrait({ skin: "#a86b45", hair: "#1f2937", hairStyle: "curly", shirt: c.brand[900], backdrop: c.brand[200], beard: true }),
  "neha-kapoor": () => portrait({ skin: "#d19a72", hair: "#3b2314", hairStyle: "long", shirt: "#db2777", backdrop: c.accentSoft }),
};
