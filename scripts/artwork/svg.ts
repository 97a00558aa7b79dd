/**
 * A few SVG element builders for the site's drawn artwork: plain strings, numbers rounded, no
 * script, no external reference, so every file passes the media sanitiser as it is.
 */
type Attrs = Record<string, string | number | undefined>;

const round = (n: number) => Math.round(n * 10) / 10;
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function el(tag: string, attrs: Attrs, ...children: string[]): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? round(v) : escape(v as string)}"`)
    .join("");
  return children.length ? `<${tag}${a}>${children.join("")}</${tag}>` : `<${tag}${a}/>`;
}

export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attrs = {}) =>
  el("rect", { x, y, width, height, fill, ...extra });
export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}) => el("circle", { cx, cy, r, fill, ...extra });
export const path = (d: string, fill: string, extra: Attrs = {}) => el("path", { d, fill, ...extra });
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 4, extra: Attrs = {}) =>
  el("line", { x1, y1, x2, y2, stroke, "stroke-width": width, "stroke-linecap": "round", ...extra });
export const polyline = (points: [number, number][], stroke: string, width = 6, extra: Attrs = {}) =>
  el("polyline", { points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(" "), fill: "none", stroke, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round", ...extra });
export const group = (transform: string | undefined, ...children: string[]) => el("g", { transform }, ...children);
export const text = (x: number, y: number, content: string, size: number, fill: string, extra: Attrs = {}) =>
  el("text", { x, y, "font-family": "Inter,'Segoe UI',Roboto,Arial,sans-serif", "font-size": size, "font-weight": 700, fill, ...extra }, escape(content));

/** A linear gradient definition (use it as fill="url(#id)"). */
export const linearGradient = (id: string, from: string, to: string, [x1, y1, x2, y2] = [0, 0, 1, 1]) =>
  el("linearGradient", { id, x1, y1, x2, y2 }, el("stop", { offset: 0, "stop-color": from }), el("stop", { offset: 1, "stop-color": to }));
export const radialGradient = (id: string, from: string, to: string, toOpacity = 0) =>
  el("radialGradient", { id }, el("stop", { offset: 0, "stop-color": from }), el("stop", { offset: 1, "stop-color": to, "stop-opacity": toOpacity }));

/** A whole SVG document; `title` is its accessible name when it is shown inline. */
export function svg(width: number, height: number, defs: string[], ...children: string[]): string {
  return (
    el(
      "svg",
      { xmlns: "http://www.w3.org/2000/svg", width, height, viewBox: `0 0 ${width} ${height}` },
      ...(defs.length ? [el("defs", {}, ...defs)] : []),
      ...children,
    ) + "\n"
  );
}

/** A deterministic pseudo-random sequence, so each drawing is the same on every run. */
export function seeded(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}
