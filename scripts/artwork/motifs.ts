/**
 * The drawing vocabulary the artwork is composed from: devices, cards, charts and symbols in
 * one flat style (white cards with a soft offset shadow, brand blues, one amber highlight).
 * Each takes absolute coordinates and returns SVG markup.
 */
import { c } from "./palette.ts";
import { circle, el, group, line, path, polyline, rect, text } from "./svg.ts";

/** A rounded white card with a soft shadow under it. */
export const card = (x: number, y: number, w: number, h: number, fill: string = c.white, r = 16) =>
  rect(x + 6, y + 10, w, h, c.shadow, { rx: r, opacity: 0.12 }) + rect(x, y, w, h, fill, { rx: r });

/** Grey text lines of decreasing length, as a paragraph placeholder. */
export const lines = (x: number, y: number, w: number, count: number, gap = 18, colour: string = c.line, thickness = 8) =>
  Array.from({ length: count }, (_, i) => rect(x, y + i * gap, w * (i === count - 1 ? 0.6 : 1 - (i % 3) * 0.1), thickness, colour, { rx: thickness / 2 })).join("");

/** A browser window: title bar with three dots and an address bar; `content` is drawn inside. */
export function browser(x: number, y: number, w: number, h: number, content = "") {
  return (
    card(x, y, w, h) +
    path(`M${x} ${y + 16}a16 16 0 0 1 16-16h${w - 32}a16 16 0 0 1 16 16v24h-${w}z`, c.brand[100]) +
    circle(x + 22, y + 20, 6, c.bad, { opacity: 0.8 }) +
    circle(x + 42, y + 20, 6, c.accent) +
    circle(x + 62, y + 20, 6, c.good, { opacity: 0.8 }) +
    rect(x + 84, y + 12, Math.min(w - 110, 260), 16, c.white, { rx: 8 }) +
    content
  );
}

/** A simple page layout inside a browser: nav, hero band, three cards. */
export function pageLayout(x: number, y: number, w: number, h: number) {
  const colW = (w - 80) / 3;
  return (
    rect(x + 20, y + 58, 80, 10, c.brand[600], { rx: 5 }) +
    [0, 1, 2].map((i) => rect(x + w - 170 + i * 50, y + 59, 36, 8, c.muted, { rx: 4 })).join("") +
    rect(x + 20, y + 84, w - 40, h * 0.34, c.brand[600], { rx: 12 }) +
    rect(x + 44, y + 108, (w - 40) * 0.45, 14, c.white, { rx: 7 }) +
    rect(x + 44, y + 132, (w - 40) * 0.3, 10, c.brand[200], { rx: 5 }) +
    rect(x + 44, y + 156, 90, 26, c.accent, { rx: 13 }) +
    [0, 1, 2]
      .map((i) => {
        const cx = x + 20 + i * (colW + 20);
        const cy = y + 100 + h * 0.34;
        return rect(cx, cy, colW, h - 130 - h * 0.34, c.brand[50], { rx: 10 }) + rect(cx + 12, cy + 14, 28, 28, c.brand[300], { rx: 8 }) + lines(cx + 12, cy + 54, colW - 24, 2, 16);
      })
      .join("")
  );
}

/** A phone with a notch; `content` is drawn inside its screen (x+10 … x+w-10). */
export function phone(x: number, y: number, w: number, h: number, content = "", body: string = c.brand[900]) {
  return (
    rect(x + 6, y + 10, w, h, c.shadow, { rx: 28, opacity: 0.14 }) +
    rect(x, y, w, h, body, { rx: 28 }) +
    rect(x + 9, y + 9, w - 18, h - 18, c.white, { rx: 20 }) +
    rect(x + w / 2 - 22, y + 14, 44, 9, body, { rx: 4.5 }) +
    content
  );
}

/** Bars rising from a baseline; values between 0 and 1. */
export const bars = (x: number, y: number, w: number, h: number, values: number[], colours: string[] = [c.brand[400], c.brand[600]]) => {
  const bw = w / (values.length * 1.6);
  return values.map((v, i) => rect(x + i * bw * 1.6, y + h - v * h, bw, v * h, colours[i % colours.length]!, { rx: Math.min(6, bw / 3) })).join("");
};

/** A rising line chart with dots, in a box; values between 0 and 1. */
export const trend = (x: number, y: number, w: number, h: number, values: number[], colour: string = c.accent, width = 6) => {
  const pts = values.map((v, i): [number, number] => [x + (i / (values.length - 1)) * w, y + h - v * h]);
  return polyline(pts, colour, width) + pts.map(([px, py]) => circle(px, py, width * 0.9, c.white, { stroke: colour, "stroke-width": width * 0.6 })).join("");
};

/** A dashboard card: title line, a bar chart and a trend. */
export const dashboard = (x: number, y: number, w: number, h: number) =>
  card(x, y, w, h) +
  rect(x + 18, y + 18, w * 0.4, 10, c.ink, { rx: 5, opacity: 0.7 }) +
  bars(x + 18, y + 44, w * 0.5, h - 64, [0.35, 0.55, 0.45, 0.75, 0.6, 0.9]) +
  trend(x + w * 0.6, y + 50, w * 0.32, h - 80, [0.2, 0.45, 0.35, 0.8], c.accent, 5);

/** A cloud, centred on (cx, cy), s wide. */
export const cloud = (cx: number, cy: number, s: number, fill: string = c.white) => {
  const k = s / 200;
  return path(
    `M${cx - 70 * k} ${cy + 40 * k}h${140 * k}a${40 * k} ${40 * k} 0 0 0 6-${79 * k}a${52 * k} ${52 * k} 0 0 0-${96 * k}-${28 * k}a${44 * k} ${44 * k} 0 0 0-${82 * k} ${24 * k}a${42 * k} ${42 * k} 0 0 0 ${32 * k} ${83 * k}z`,
    fill,
  );
};

/** A gear with `teeth` teeth. */
export function gear(cx: number, cy: number, r: number, fill: string, teeth = 8) {
  const pts: string[] = [];
  for (let i = 0; i < teeth * 2; i++) {
    const a0 = (i / (teeth * 2)) * Math.PI * 2;
    const a1 = ((i + 1) / (teeth * 2)) * Math.PI * 2;
    const rr = i % 2 ? r * 0.82 : r;
    pts.push(`${(cx + Math.cos(a0) * rr).toFixed(1)},${(cy + Math.sin(a0) * rr).toFixed(1)}`, `${(cx + Math.cos(a1) * rr).toFixed(1)},${(cy + Math.sin(a1) * rr).toFixed(1)}`);
  }
  return el("polygon", { points: pts.join(" "), fill }) + circle(cx, cy, r * 0.36, c.white);
}

/** A shield, s tall, with a check mark. */
export const shield = (cx: number, cy: number, s: number, fill: string = c.brand[600]) => {
  const k = s / 200;
  return (
    path(`M${cx} ${cy - 100 * k}l${80 * k} ${30 * k}v${50 * k}c0 ${60 * k}-${36 * k} ${100 * k}-${80 * k} ${120 * k}c-${44 * k}-${20 * k}-${80 * k}-${60 * k}-${80 * k}-${120 * k}v-${50 * k}z`, fill) +
    path(`M${cx} ${cy - 78 * k}l${60 * k} ${22 * k}v${36 * k}c0 ${50 * k}-${28 * k} ${82 * k}-${60 * k} ${98 * k}z`, c.white, { opacity: 0.16 }) +
    check(cx, cy, s * 0.3, c.white, 12 * k * 1.4)
  );
};

/** A check mark s wide. */
export const check = (cx: number, cy: number, s: number, colour: string = c.good, width = 8) =>
  polyline([[cx - s / 2, cy], [cx - s / 8, cy + s / 3], [cx + s / 2, cy - s / 3]], colour, width);

/** A cross s wide. */
export const cross = (cx: number, cy: number, s: number, colour: string = c.bad, width = 8) =>
  line(cx - s / 2, cy - s / 2, cx + s / 2, cy + s / 2, colour, width) + line(cx + s / 2, cy - s / 2, cx - s / 2, cy + s / 2, colour, width);

/** A round badge with a check or cross. */
export const tick = (cx: number, cy: number, r: number, ok = true) =>
  circle(cx, cy, r, ok ? c.good : c.bad) + (ok ? check(cx, cy, r, c.white, r / 3.5) : cross(cx, cy, r * 0.8, c.white, r / 3.5));

/** A magnifying glass, lens centred on (cx, cy). */
export const magnifier = (cx: number, cy: number, r: number, lens = "") =>
  line(cx + r * 0.72, cy + r * 0.72, cx + r * 1.55, cy + r * 1.55, c.brand[900], r * 0.28) +
  circle(cx, cy, r, c.white, { opacity: 0.55 }) +
  lens +
  circle(cx, cy, r, "none", { stroke: c.brand[800], "stroke-width": r * 0.16 });

/** Nodes joined by edges; nodes are [x, y, r, fill]. */
export const network = (nodes: [number, number, number, string][], edges: [number, number][], stroke: string = c.brand[300]) =>
  edges.map(([a, b]) => line(nodes[a]![0], nodes[a]![1], nodes[b]![0], nodes[b]![1], stroke, 4)).join("") +
  nodes.map(([x, y, r, fill]) => circle(x, y, r, fill, { stroke: c.white, "stroke-width": 4 })).join("");

/** A database cylinder. */
export const database = (cx: number, y: number, w: number, h: number, fill: string = c.brand[500]) => {
  const ry = w * 0.18;
  return (
    path(`M${cx - w / 2} ${y}v${h}a${w / 2} ${ry} 0 0 0 ${w} 0v-${h}z`, fill) +
    path(`M${cx - w / 2} ${y + h / 2}a${w / 2} ${ry} 0 0 0 ${w} 0`, "none", { stroke: c.white, "stroke-width": 4, opacity: 0.5 }) +
    el("ellipse", { cx, cy: y, rx: w / 2, ry, fill: c.brand[300] })
  );
};

/** A chat bubble with text lines; tail on the left or right. */
export const bubble = (x: number, y: number, w: number, h: number, fill: string, side: "left" | "right" = "left", lineColour: string = c.white) =>
  rect(x, y, w, h, fill, { rx: 16 }) +
  path(side === "left" ? `M${x + 18} ${y + h - 2}l-10 18l26-18z` : `M${x + w - 18} ${y + h - 2}l10 18l-26-18z`, fill) +
  lines(x + 16, y + 16, w - 32, Math.max(1, Math.floor((h - 20) / 18)), 16, lineColour, 7);

/** Code: coloured lines at indents, in a dark editor card. */
export const code = (x: number, y: number, w: number, h: number, rows = 6) => {
  const colours = [c.brand[300], c.accent, c.brand[200], c.teal, c.brand[400]];
  const indents = [0, 1, 2, 2, 1, 0, 1, 2, 1, 0];
  return (
    card(x, y, w, h, c.brand[950], 14) +
    Array.from({ length: rows }, (_, i) => {
      const ix = x + 20 + indents[i % indents.length]! * 22;
      const ly = y + 24 + i * ((h - 36) / rows);
      return rect(ix, ly, 26, 8, colours[(i + 1) % colours.length]!, { rx: 4 }) + rect(ix + 34, ly, (w - 90 - (ix - x)) * (0.5 + ((i * 37) % 40) / 100), 8, colours[i % colours.length]!, { rx: 4, opacity: 0.85 });
    }).join("")
  );
};

/** The </> sign in a round badge. */
export const codeBadge = (cx: number, cy: number, r: number, fill: string = c.accent) =>
  circle(cx, cy, r, fill) +
  polyline([[cx - r * 0.3, cy - r * 0.3], [cx - r * 0.6, cy], [cx - r * 0.3, cy + r * 0.3]], c.white, r * 0.14) +
  polyline([[cx + r * 0.3, cy - r * 0.3], [cx + r * 0.6, cy], [cx + r * 0.3, cy + r * 0.3]], c.white, r * 0.14) +
  line(cx + r * 0.1, cy - r * 0.4, cx - r * 0.1, cy + r * 0.4, c.white, r * 0.12);

/** A shopping cart. */
export const cart = (x: number, y: number, s: number, colour: string = c.brand[700]) => {
  const k = s / 100;
  return (
    polyline([[x, y], [x + 16 * k, y], [x + 30 * k, y + 60 * k], [x + 88 * k, y + 60 * k], [x + 100 * k, y + 18 * k], [x + 22 * k, y + 18 * k]], colour, 8 * k) +
    circle(x + 36 * k, y + 78 * k, 8 * k, colour) +
    circle(x + 80 * k, y + 78 * k, 8 * k, colour)
  );
};

/** A payment card. */
export const paymentCard = (x: number, y: number, w: number, fill: string = c.accent) => {
  const h = w * 0.63;
  return card(x, y, w, h, fill, 12) + rect(x, y + h * 0.2, w, h * 0.16, c.ink, { opacity: 0.55 }) + rect(x + w * 0.08, y + h * 0.55, w * 0.18, h * 0.16, c.accentSoft, { rx: 4 }) + rect(x + w * 0.08, y + h * 0.8, w * 0.5, 6, c.white, { rx: 3, opacity: 0.8 });
};

/** A product card: picture, title lines, price and button. */
export const productCard = (x: number, y: number, w: number, h: number, tint: string = c.brand[200]) =>
  card(x, y, w, h) +
  rect(x + 10, y + 10, w - 20, h * 0.48, tint, { rx: 10 }) +
  circle(x + w / 2, y + 10 + h * 0.24, h * 0.13, c.white, { opacity: 0.7 }) +
  lines(x + 12, y + h * 0.62, w - 24, 2, 14, c.line, 7) +
  rect(x + 12, y + h - 30, w * 0.34, 16, c.accent, { rx: 8 }) +
  rect(x + w - 12 - w * 0.3, y + h - 30, w * 0.3, 16, c.brand[600], { rx: 8 });

/** A lightbulb. */
export const bulb = (cx: number, cy: number, r: number) =>
  circle(cx, cy, r * 1.6, c.accentSoft, { opacity: 0.5 }) +
  circle(cx, cy, r, c.accent) +
  path(`M${cx - r * 0.5} ${cy + r * 0.8}h${r}v${r * 0.55}h-${r}z`, c.accent) +
  rect(cx - r * 0.5, cy + r * 1.45, r, r * 0.22, c.brand[800], { rx: r * 0.1 }) +
  rect(cx - r * 0.35, cy + r * 1.75, r * 0.7, r * 0.22, c.brand[800], { rx: r * 0.1 }) +
  polyline([[cx - r * 0.35, cy + r * 0.1], [cx - r * 0.15, cy - r * 0.2], [cx + r * 0.15, cy + r * 0.1], [cx + r * 0.35, cy - r * 0.2]], c.white, r * 0.12);

/** A target with an arrow in the bullseye. */
export const target = (cx: number, cy: number, r: number) =>
  [1, 0.75, 0.5, 0.25].map((k, i) => circle(cx, cy, r * k, i % 2 ? c.white : c.brand[600])).join("") +
  circle(cx, cy, r * 0.1, c.accent) +
  line(cx, cy, cx + r * 0.95, cy - r * 0.95, c.brand[950], r * 0.06) +
  path(`M${cx + r * 0.85} ${cy - r * 1.1}l${r * 0.3} ${-r * 0.1}l${-r * 0.1} ${r * 0.3}l${-r * 0.08} ${r * 0.14}l${-r * 0.26} ${-r * 0.26}z`, c.accent);

/** A megaphone pointing right. */
export const megaphone = (x: number, y: number, s: number) => {
  const k = s / 100;
  return (
    path(`M${x} ${y + 30 * k}h${22 * k}l${58 * k}-${30 * k}v${100 * k}l-${58 * k}-${30 * k}h-${22 * k}z`, c.brand[600]) +
    rect(x + 80 * k, y - 4 * k, 14 * k, 108 * k, c.brand[800], { rx: 7 * k }) +
    path(`M${x + 12 * k} ${y + 70 * k}l${10 * k} ${40 * k}h${16 * k}l-${4 * k}-${40 * k}z`, c.brand[800]) +
    [0, 1, 2].map((i) => path(`M${x + 108 * k + i * 16 * k} ${y + 20 * k - i * 10 * k}q${16 * k} ${30 * k + i * 10 * k} 0 ${60 * k + i * 20 * k}`, "none", { stroke: c.accent, "stroke-width": 7 * k, "stroke-linecap": "round" })).join("")
  );
};

/** An envelope. */
export const envelope = (x: number, y: number, w: number, fill: string = c.white) => {
  const h = w * 0.66;
  return card(x, y, w, h, fill, 10) + polyline([[x + 6, y + 8], [x + w / 2, y + h * 0.55], [x + w - 6, y + 8]], c.brand[500], 6);
};

/** A game controller. */
export const controller = (cx: number, cy: number, w: number) => {
  const k = w / 200;
  return (
    path(`M${cx - 70 * k} ${cy - 40 * k}h${140 * k}c${34 * k} 0 ${56 * k} ${50 * k} ${60 * k} ${90 * k}c${3 * k} ${30 * k}-${26 * k} ${40 * k}-${44 * k} ${16 * k}l-${22 * k}-${28 * k}h-${128 * k}l-${22 * k} ${28 * k}c-${18 * k} ${24 * k}-${47 * k} ${14 * k}-${44 * k}-${16 * k}c${4 * k}-${40 * k} ${26 * k}-${90 * k} ${60 * k}-${90 * k}z`, c.brand[800]) +
    rect(cx - 62 * k, cy - 6 * k, 40 * k, 12 * k, c.white, { rx: 3 }) +
    rect(cx - 48 * k, cy - 20 * k, 12 * k, 40 * k, c.white, { rx: 3 }) +
    circle(cx + 48 * k, cy - 12 * k, 9 * k, c.accent) +
    circle(cx + 68 * k, cy + 6 * k, 9 * k, c.good) +
    circle(cx + 28 * k, cy + 6 * k, 9 * k, c.brand[300]) +
    circle(cx + 48 * k, cy + 24 * k, 9 * k, c.bad)
  );
};

/** A dollar coin. */
export const coin = (cx: number, cy: number, r: number) =>
  circle(cx, cy + r * 0.12, r, "#d97706") + circle(cx, cy, r, c.accent) + circle(cx, cy, r * 0.78, "none", { stroke: c.accentSoft, "stroke-width": r * 0.08 }) + text(cx, cy + r * 0.36, "$", r * 1.05, c.white, { "text-anchor": "middle" });

/** A bug. */
export const bug = (cx: number, cy: number, r: number, fill: string = c.bad) =>
  [-1, 1].map((s) => [-0.5, 0.1, 0.7].map((dy) => line(cx, cy + r * dy, cx + s * r * 1.5, cy + r * dy - r * 0.3, fill, r * 0.14)).join("")).join("") +
  el("ellipse", { cx, cy: cy + r * 0.15, rx: r * 0.8, ry: r, fill }) +
  circle(cx, cy - r * 0.95, r * 0.5, fill) +
  line(cx, cy - r * 0.4, cx, cy + r, c.white, r * 0.1, { opacity: 0.6 });

/** A stack of server units. */
export const server = (x: number, y: number, w: number, units = 3) =>
  Array.from({ length: units }, (_, i) =>
    card(x, y + i * 46, w, 38, c.brand[800], 8) + circle(x + 18, y + i * 46 + 19, 5, c.good) + circle(x + 34, y + i * 46 + 19, 5, c.accent) + rect(x + w - 70, y + i * 46 + 15, 50, 8, c.brand[400], { rx: 4 }),
  ).join("");

/** A shipping container-like box (for containers and parcels). */
export const box = (x: number, y: number, w: number, h: number, fill: string) =>
  rect(x, y, w, h, fill, { rx: 6 }) + [0.25, 0.5, 0.75].map((k) => line(x + w * k, y + 8, x + w * k, y + h - 8, c.white, 3, { opacity: 0.35 })).join("");

/** A flowing arrow along a path. */
export const arrow = (points: [number, number][], colour: string = c.brand[400], width = 6) => {
  const [px, py] = points[points.length - 2]!;
  const [ex, ey] = points[points.length - 1]!;
  const a = Math.atan2(ey - py, ex - px);
  const head = width * 2.6;
  return (
    polyline(points, colour, width, { "stroke-dasharray": `${width * 2} ${width * 1.6}` }) +
    path(`M${ex + Math.cos(a) * head * 0.4} ${ey + Math.sin(a) * head * 0.4}L${ex - Math.cos(a - 0.5) * head} ${ey - Math.sin(a - 0.5) * head}L${ex - Math.cos(a + 0.5) * head} ${ey - Math.sin(a + 0.5) * head}z`, colour)
  );
};

/** A document page with a folded corner. */
export const doc = (x: number, y: number, w: number, h: number, accent: string = c.brand[400]) =>
  card(x, y, w, h, c.white, 8) + path(`M${x + w - 24} ${y}v24h24`, c.brand[100]) + rect(x + 14, y + 20, w * 0.45, 9, accent, { rx: 4 }) + lines(x + 14, y + 44, w - 28, Math.max(1, Math.floor((h - 56) / 16)), 16, c.line, 6);

/** A gauge (semicircle dial) with a needle at `value` (0–1). */
export const gauge = (cx: number, cy: number, r: number, value: number, colour: string) => {
  const arc = (from: number, to: number, stroke: string) => {
    const a0 = Math.PI * (1 + from);
    const a1 = Math.PI * (1 + to);
    return path(`M${cx + Math.cos(a0) * r} ${cy + Math.sin(a0) * r}A${r} ${r} 0 0 1 ${cx + Math.cos(a1) * r} ${cy + Math.sin(a1) * r}`, "none", { stroke, "stroke-width": r * 0.2, "stroke-linecap": "round" });
  };
  const a = Math.PI * (1 + value);
  return arc(0, 1, c.brand[100]) + arc(0, value, colour) + line(cx, cy, cx + Math.cos(a) * r * 0.72, cy + Math.sin(a) * r * 0.72, c.brand[950], r * 0.08) + circle(cx, cy, r * 0.1, c.brand[950]);
};

/** A simple person, bust only: head, hair, shoulders; for scenes, not portraits. */
export const person = (cx: number, cy: number, s: number, shirt: string, skin = "#c68642", hair = "#1f2937") =>
  path(`M${cx - s * 0.55} ${cy + s * 0.95}c0-${s * 0.5} ${s * 0.25}-${s * 0.7} ${s * 0.55}-${s * 0.7}s${s * 0.55} ${s * 0.2} ${s * 0.55} ${s * 0.7}z`, shirt) +
  circle(cx, cy, s * 0.26, skin) +
  path(`M${cx - s * 0.27} ${cy - s * 0.02}a${s * 0.27} ${s * 0.27} 0 0 1 ${s * 0.54} 0c-${s * 0.1}-${s * 0.12}-${s * 0.34}-${s * 0.12}-${s * 0.54} 0z`, hair);

/** A soft blob behind a composition. */
export const blob = (cx: number, cy: number, rx: number, ry: number, fill: string, opacity = 1) =>
  path(`M${cx - rx} ${cy}C${cx - rx} ${cy - ry * 0.9} ${cx - rx * 0.3} ${cy - ry} ${cx + rx * 0.1} ${cy - ry}S${cx + rx} ${cy - ry * 0.6} ${cx + rx} ${cy - ry * 0.05}S${cx + rx * 0.6} ${cy + ry} ${cx}  ${cy + ry}S${cx - rx} ${cy + ry * 0.8} ${cx - rx} ${cy}z`, fill, { opacity });

/** Decorative dots in a grid. */
export const dots = (x: number, y: number, cols: number, rows: number, colour: string = c.brand[300], gap = 22) =>
  group(undefined, ...Array.from({ length: cols * rows }, (_, i) => circle(x + (i % cols) * gap, y + Math.floor(i / cols) * gap, 3.5, colour)));

/** A small sparkle / star. */
export const sparkle = (cx: number, cy: number, r: number, fill: string = c.accent) =>
  path(`M${cx} ${cy - r}Q${cx} ${cy} ${cx + r} ${cy}Q${cx} ${cy} ${cx} ${cy + r}Q${cx} ${cy} ${cx - r} ${cy}Q${cx} ${cy} ${cx} ${cy - r}z`, fill);

/** The SEO scene (800×600): a results page under a magnifier marking the first result, keyword chips and a rising traffic chart. */
export const searchRanking = () =>
  browser(110, 90, 440, 410, rect(140, 150, 250, 28, c.white, { rx: 14, stroke: c.brand[300], "stroke-width": 3 }) + [0, 1, 2, 3].map((i) => rect(140, 210 + i * 70, 160, 12, i === 0 ? c.brand[600] : c.brand[300], { rx: 6 }) + lines(140, 232 + i * 70, 360, 2, 16, c.line, 7)).join("")) +
  magnifier(470, 250, 90, text(470, 262, "#1", 48, c.brand[700], { "text-anchor": "middle" })) +
  card(560, 380, 190, 140) +
  trend(580, 400, 150, 90, [0.1, 0.25, 0.4, 0.7, 0.95], c.good, 5) +
  arrow([[620, 330], [660, 270]], c.good, 7) +
  rect(600, 120, 110, 34, c.accentSoft, { rx: 17 }) +
  rect(620, 134, 70, 8, "#b45309", { rx: 4 }) +
  rect(620, 170, 90, 34, c.brand[100], { rx: 17 }) +
  rect(636, 184, 58, 8, c.brand[600], { rx: 4 });

export { text };
