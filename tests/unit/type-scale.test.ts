/**
 * One type scale (src/styles/type-scale.ts): every size, weight and text style that a block, the
 * shell or the studio names is one of the scale's names, never a raw value ("1.3rem", 700,
 * `${px}px`) nor a Chakra name the scale dropped ("6xl", "extrabold"). Read from the sources.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { system } from "../../src/styles/theme.ts";
import { FONT_SIZES, FONT_WEIGHTS } from "../../src/styles/type-scale.ts";

const SRC = path.join(import.meta.dirname, "../../src");
const sources = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`styles${path.sep}`));

/** Where a size is another site's, not ours: the publish gate's preview of a Google result, at Google's sizes. */
const ALLOWED = new Set(["editor/ui/PublishGate.tsx: fontSize={`${TITLE_FONT_PX}px`}", "editor/ui/PublishGate.tsx: fontSize={`${DESCRIPTION_FONT_PX}px`}"]);

const SIZES: readonly string[] = FONT_SIZES;
const WEIGHTS: readonly string[] = FONT_WEIGHTS;
const ALLOWED_VALUES: Record<string, readonly string[]> = { fontSize: SIZES, textStyle: SIZES, fontWeight: WEIGHTS, size: SIZES };

/** The value after `prop=` or `prop:`: a quoted string, or a balanced {...}, or a bare word or number. */
function valueAt(text: string, start: number): string {
  const first = text[start];
  if (first === '"' || first === "'") return text.slice(start, text.indexOf(first, start + 1) + 1);
  if (first === "{") {
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      if (text[i] === "{") depth++;
      else if (text[i] === "}" && --depth === 0) return text.slice(start, i + 1);
    }
  }
  return /^[^,\s}>]+/.exec(text.slice(start))![0];
}

/** The names a value gives, or null when it holds anything but names (a number, a template, a variable). */
function namesIn(value: string): string[] | null {
  const inner = value.startsWith("{") ? value.slice(1, -1).trim() : value;
  if (/^["']/.test(inner)) return [inner.slice(1, -1)];
  if (!inner.startsWith("{")) return null;
  // A responsive object: { base: "lg", md: "xl" }.
  const entries = inner.slice(1, -1).split(",").map((e) => e.trim()).filter(Boolean);
  const names = entries.map((e) => /^\w+:\s*["']([^"']+)["']$/.exec(e)?.[1]);
  return names.every((n) => n !== undefined) ? (names as string[]) : null;
}

function offScale(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), "utf8");
  const found: string[] = [];
  const check = (prop: string, value: string) => {
    const names = namesIn(value);
    const where = `${file.split(path.sep).join("/")}: ${prop}=${value}`;
    if (ALLOWED.has(where)) return;
    if (!names || names.some((n) => !ALLOWED_VALUES[prop]!.includes(n))) found.push(where);
  };
  for (const m of text.matchAll(/\b(fontSize|fontWeight|textStyle)\s*[=:]\s*/g)) check(m[1]!, valueAt(text, m.index + m[0].length));
  for (const m of text.matchAll(/<Heading\b[^>]*?\ssize=/g)) check("size", valueAt(text, m.index + m[0].length));
  return found;
}

it("the scale has seven sizes and three weights", () => {
  expect(FONT_SIZES).toHaveLength(7);
  expect(FONT_WEIGHTS).toHaveLength(3);
});

it("every size, weight and text style in src/ is a name on the scale", () => {
  expect(sources.length).toBeGreaterThan(100);
  expect(sources.flatMap(offScale)).toEqual([]);
});

it("the theme's recipes, Chakra's included, name only the scale's sizes and weights", () => {
  const { recipes, slotRecipes } = system._config.theme!;
  const named: string[] = [];
  JSON.stringify({ recipes, slotRecipes }, (key, value) => {
    if (["textStyle", "fontSize", "fontWeight"].includes(key)) named.push(`${key}=${value}`);
    return value;
  });
  const allowed = [...SIZES.flatMap((n) => [`textStyle=${n}`, `fontSize=${n}`]), ...WEIGHTS.map((n) => `fontWeight=${n}`)];
  expect(named.length).toBeGreaterThan(20);
  expect([...new Set(named)].filter((n) => !allowed.includes(n))).toEqual([]);
});

it("finds a raw value, a dropped name and a variable", () => {
  const names = (value: string) => namesIn(value);
  expect(names('"sm"')).toEqual(["sm"]);
  expect(names('{{ base: "lg", md: "xl" }}')).toEqual(["lg", "xl"]);
  expect(names("{700}")).toBeNull();
  expect(names("{`${px}px`}")).toBeNull();
  expect(names("{size}")).toBeNull();
  expect(valueAt('fontSize: "1.3rem", x', 10)).toBe('"1.3rem"');
  expect(valueAt("fontWeight: 700, x", 12)).toBe("700");
});
