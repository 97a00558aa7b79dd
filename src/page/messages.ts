/**
 * ICU-style messages, the small part of the format UI strings need: `{name}` is filled in,
 * `{count, plural, =0 {no posts} one {# post} other {# posts}}` picks a case by the locale's
 * plural rules (Intl.PluralRules; `#` is the number, formatted for the locale), and
 * `{kind, select, job {…} other {…}}` picks a case by value. `other` is the case every plural
 * and select must have (the checker says so); no dependency, the same on server and browser.
 */

export type MessageValues = Record<string, string | number>;

type Part = string | { name: string; kind?: "plural" | "select"; cases?: Record<string, Part[]> };

/** Fills a message in for a locale. A value not given leaves its placeholder as written. */
export function formatMessage(message: string, locale: string, values: MessageValues = {}): string {
  return render(parse(message), locale, values, undefined);
}

function render(parts: Part[], locale: string, values: MessageValues, count: number | undefined): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return count === undefined ? part : part.replaceAll("#", new Intl.NumberFormat(locale).format(count));
      const value = values[part.name];
      if (!part.kind) return value === undefined ? `{${part.name}}` : String(value);
      const cases = part.cases!;
      if (part.kind === "select") return render(cases[String(value)] ?? cases.other ?? [], locale, values, count);
      const n = Number(value);
      const chosen = cases[`=${n}`] ?? cases[new Intl.PluralRules(locale).select(n)] ?? cases.other ?? [];
      return render(chosen, locale, values, n);
    })
    .join("");
}

/** The placeholders a message fills in, each once, sorted: a translation must have the same. */
export function messagePlaceholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (parts: Part[]) =>
    parts.forEach((p) => {
      if (typeof p === "string") return;
      names.add(p.name);
      Object.values(p.cases ?? {}).forEach(visit);
    });
  visit(parse(message));
  return [...names].sort();
}

/** The plurals and selects of a message that have no `other` case. */
export function casesWithoutOther(message: string): string[] {
  const missing: string[] = [];
  const visit = (parts: Part[]) =>
    parts.forEach((p) => {
      if (typeof p === "string" || !p.cases) return;
      if (!("other" in p.cases)) missing.push(p.name);
      Object.values(p.cases).forEach(visit);
    });
  visit(parse(message));
  return missing;
}

function parse(message: string): Part[] {
  const parts: Part[] = [];
  let text = "";
  let i = 0;
  while (i < message.length) {
    if (message[i] !== "{") {
      text += message[i++];
      continue;
    }
    const end = matching(message, i);
    if (text) parts.push(text);
    text = "";
    parts.push(argument(message.slice(i + 1, end)));
    i = end + 1;
  }
  if (text) parts.push(text);
  return parts;
}

/** `name`, or `name, plural|select, key {…} key {…}`. */
function argument(body: string): Part {
  const [name = "", kind, ...rest] = body.split(",");
  if (kind === undefined || !/^\s*(plural|select)\s*$/.test(kind)) return { name: name.trim() };
  const spec = rest.join(",");
  const cases: Record<string, Part[]> = {};
  let i = 0;
  while (i < spec.length) {
    const open = spec.indexOf("{", i);
    if (open === -1) break;
    const end = matching(spec, open);
    cases[spec.slice(i, open).trim()] = parse(spec.slice(open + 1, end));
    i = end + 1;
  }
  return { name: name.trim(), kind: kind.trim() as "plural" | "select", cases };
}

/** The index of the brace that closes the one at `open` (the end of the text if none does). */
function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  return text.length;
}
