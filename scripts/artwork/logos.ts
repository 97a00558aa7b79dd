/**
 * Wordmarks for the logo strip: the sample site's invented clients (the companies its
 * testimonials and home page name), each a simple mark and its name, in one slate ink so the
 * strip reads as one row. 64 tall, as wide as the name; `textLength` keeps each name's width
 * whatever font renders it.
 */
import { c } from "./palette.ts";
import { circle, el, path, rect, svg } from "./svg.ts";

const ink = "#475569";
const H = 64;
const charWidth = 13.5;

const wordmark = (mark: string, name: string, weight = 800) =>
  svg(
    Math.ceil(80 + name.length * charWidth),
    H,
    [],
    mark,
    el("text", { x: 70, y: 41, "font-family": "Inter,'Segoe UI',Roboto,Arial,sans-serif", "font-size": 22, "font-weight": weight, fill: ink, textLength: Math.round(name.length * charWidth), lengthAdjust: "spacingAndGlyphs" }, name),
  );

export const logoArtwork: Record<string, () => string> = {
  "kesar-organics": () =>
    wordmark(
      [0, 72, 144, 216, 288].map((a) => el("ellipse", { cx: 32, cy: 20, rx: 7, ry: 14, fill: ink, transform: `rotate(${a} 32 32)` })).join("") + circle(32, 32, 6, c.white),
      "Kesar Organics",
    ),
  ledgerloop: () => wordmark(path("M14 32a10 10 0 1 1 18 0a10 10 0 1 0 18 0a10 10 0 1 0-18 0a10 10 0 1 1-18 0z", "none", { stroke: ink, "stroke-width": 6 }), "LedgerLoop"),
  "nordlys-logistics": () =>
    wordmark(path("M8 46q24-40 48-22M8 34q24-36 48-22", "none", { stroke: ink, "stroke-width": 6, "stroke-linecap": "round" }) + path("M42 44l14 0l-6-10z", ink), "Nordlys Logistics"),
  "bluepeak-health": () => wordmark(path("M6 52l18-30l10 14l8-10l16 26z", ink) + rect(40, 8, 6, 18, ink, { rx: 2 }) + rect(34, 14, 18, 6, ink, { rx: 2 }), "BluePeak Health"),
  urbanly: () => wordmark(rect(8, 28, 14, 26, ink, { rx: 2 }) + rect(25, 12, 14, 42, ink, { rx: 2 }) + rect(42, 22, 14, 32, ink, { rx: 2 }), "Urbanly", 900),
  "sahyadri-foods": () => wordmark(circle(40, 22, 10, ink) + path("M4 52l18-22l12 12l10-8l16 18z", ink), "Sahyadri Foods"),
};
