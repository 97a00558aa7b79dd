/** Post HTML is sanitised at the data boundary: none of the classic payloads survives (security.md, wordpress-rest.md). */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import DOMPurify from "isomorphic-dompurify";
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import { excerptText, htmlToText, readMinutes, sanitizePostHtml, summarize, withoutEventHandlers } from "../../src/blog/html.ts";

const payloads: [string, string][] = [
  ["script element", `<script>window.__xss=1</script>`],
  ["img onerror", `<img src="x" onerror="window.__xss=1">`],
  ["svg onload", `<svg onload="window.__xss=1"></svg>`],
  ["body onload", `<body onload="window.__xss=1">`],
  ["details ontoggle", `<details open ontoggle="window.__xss=1"><summary>x</summary></details>`],
  ["javascript: URL", `<a href="javascript:window.__xss=1">x</a>`],
  ["javascript: URL hidden with a tab entity", `<a href="jav&#x09;ascript:window.__xss=1">x</a>`],
  ["javascript: URL with mixed case and spaces", `<a href=" JaVaScRiPt:window.__xss=1">x</a>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`],
  ["iframe src", `<iframe src="https://attacker.example/"></iframe>`],
  ["object data: URL", `<object data="data:text/html,<script>parent.__xss=1</script>"></object>`],
  ["embed", `<embed src="data:text/html,<script>parent.__xss=1</script>">`],
  ["base href", `<base href="https://attacker.example/">`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=https://attacker.example/">`],
  ["nested script tags", `<scr<script>ipt>window.__xss=1</scr</script>ipt>`],
  ["form action", `<form action="https://attacker.example/"><button formaction="javascript:alert(1)">x</button></form>`],
  ["style expression", `<div style="background:url(javascript:alert(1))">x</div>`],
  ["math href", `<math><a xlink:href="javascript:alert(1)">x</a></math>`],
];

describe("sanitizePostHtml", () => {
  it.each(payloads)("removes %s", (_name, payload) => {
    const out = sanitizePostHtml(`<p>before</p>${payload}<p>after</p>`);
    expect(out).toContain("<p>before</p>");
    expect(out).not.toMatch(/<script|<iframe|<object|<embed|<base|<meta|<form|<svg|<math|srcdoc|formaction|style=/i);
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/href="[^"]*script:/i);
  });

  it("keeps ordinary article markup, and opens outside links safely", () => {
    const html = `<h2 id="a">Title</h2><p>Text with <a href="https://web.dev/" target="_blank">a link</a>, <code>code</code> and <img src="/x.png" alt="x"></p><ul><li>one</li></ul><blockquote>q</blockquote><table><tr><td>1</td></tr></table>`;
    const out = sanitizePostHtml(html);
    for (const tag of ["<h2", "<code>", "<ul>", "<blockquote>", "<table>"]) expect(out).toContain(tag);
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).toContain('loading="lazy"');
  });
});

// In the browser, Chromium reports a CSP violation as soon as its parser meets an on*
// attribute (even in DOMParser's inert document), so none may reach DOMPurify's parse there.
describe("withoutEventHandlers", () => {
  it.each(payloads)("leaves no event-handler attribute in %s", (_name, payload) => {
    expect(withoutEventHandlers(`<p>before</p>${payload}`)).not.toMatch(/[\s/"']on[a-z]+\s*=/i);
  });

  it("finds them however they are written, in templates too", () => {
    const out = withoutEventHandlers(`<img/src="x"/OnError=a()><p title="x"onclick=b()>t</p><template><img src=x onerror=c()></template>`);
    expect(out).toBe(`<img src="x"><p title="x">t</p><template><img src="x"></template>`);
  });

  it("keeps everything else, and text that only mentions on=", () => {
    const html = `<p class="lead">Set <code>onload="init()"</code> on the body &amp; go.</p>`;
    expect(withoutEventHandlers(html)).toBe(html);
  });
});

describe("text helpers", () => {
  it("turns HTML into plain text: tags and script bodies dropped, entities decoded", () => {
    expect(htmlToText("What&#8217;s new &amp; more <em>today</em><script>bad()</script>")).toBe("What’s new & more today");
    expect(htmlToText("Releases &amp; Updates")).toBe("Releases & Updates");
  });

  it("reads text as DOMPurify's DOM does, for every payload, local post and recorded WordPress field", () => {
    // The reference: DOMPurify keeping only text, as htmlToText did before it read with parse5.
    const reference = (html: string) =>
      (DOMPurify.sanitize(html, { ALLOWED_TAGS: [], KEEP_CONTENT: true, RETURN_DOM_FRAGMENT: true }).textContent ?? "").replace(/\s+/g, " ").trim();
    const posts = "content/blog/posts";
    // Every post, the locales' own (content/blog/posts/<locale>/) too.
    const markdown = readdirSync(posts, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md")).map((f) => new Marked({ gfm: true, async: false }).parse(readFileSync(path.join(posts, f), "utf8")) as string);
    const fixtures = "tests/unit/fixtures/wordpress";
    const wordpress = readdirSync(fixtures).filter((f) => f.endsWith(".json")).flatMap((f) => {
      const fields: string[] = [];
      JSON.stringify(JSON.parse(readFileSync(path.join(fixtures, f), "utf8")), (key, value: unknown) => (["rendered", "name", "description"].includes(key) && typeof value === "string" && fields.push(value), value));
      return fields;
    });
    const tricky = ["a<br>b", "<table><thead><tr><th>Head</th></tr></thead><tbody><tr><td>Cell</td></tr></tbody></table>", "<svg><title>t</title></svg>after", "x &nbsp; y", "<!-- note -->text", "<template>no</template>yes", "<noscript>n</noscript>s", "<noscript><p>n</p><script>x</script></noscript>s", "<style>p{}</style>p"];
    const corpus = [...payloads.map(([, html]) => html), ...markdown, ...wordpress, ...tricky];
    expect(corpus.length).toBeGreaterThan(40);
    for (const html of corpus) expect(htmlToText(html), html.slice(0, 120)).toBe(reference(html));
  });

  it("ends WordPress's automatic excerpts with a plain ellipsis", () => {
    expect(excerptText("<p>Fifty-five words and then some [&hellip;]</p>\n")).toBe("Fifty-five words and then some…");
  });

  it("cuts meta descriptions at a word boundary", () => {
    const text = "word ".repeat(60).trim();
    const out = summarize(text, 160);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith("word…")).toBe(true);
  });

  it("computes the read time at 200 words a minute, at least 1", () => {
    expect(readMinutes("<p>short</p>")).toBe(1);
    expect(readMinutes(`<p>${"word ".repeat(1000)}</p>`)).toBe(5);
  });
});
