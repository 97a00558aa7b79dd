/**
 * The publish gate's reading of a rendered page (issue 42): headings, links and pictures inside
 * <main>, the title and description measured in pixels as search results cut them, and the
 * field each finding leads back to.
 */
import { checkRenderedPage } from "../../src/editor/publish-gate/page-checks.server.ts";
import { pointerOfFinding } from "../../src/editor/publish-gate/locate.ts";
import { arialWidth, cutToWidth, DESCRIPTION_FONT_PX, TITLE_FONT_PX, TITLE_MAX_PX } from "../../src/editor/publish-gate/snippet.ts";

const page = (main: string, { title = "Web Development | Arcbyte", description = "We build fast sites." } = {}) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${description}"><meta property="og:image" content="https://example.com/og/home.png"></head>` +
  `<body><header><a href="/"><svg aria-hidden="true"></svg></a><h2>Menu</h2></header><main>${main}</main><footer><h4>Links</h4><a href="/x">here</a></footer></body></html>`;
const codes = (html: string) => checkRenderedPage(html, "https://example.com/p").findings.map((f) => `${f.severity} ${f.code}`);

describe("titles and descriptions as search results show them", () => {
  it("measures text in Arial's advance widths: wide letters take more room than narrow ones", () => {
    expect(arialWidth("Hello", 20)).toBeCloseTo(((722 + 556 + 222 + 222 + 556) * 20) / 1000);
    expect(arialWidth("WWWWWWWWWW", TITLE_FONT_PX)).toBeGreaterThan(3 * arialWidth("iiiiiiiiii", TITLE_FONT_PX));
    // Devanagari's vowel signs sit on their letter.
    expect(arialWidth("कि", 20)).toBe(arialWidth("क", 20));
  });

  it("cuts a title that does not fit at a word, with an ellipsis, and leaves one that fits whole", () => {
    expect(cutToWidth("Careers | Arcbyte Technologies", TITLE_FONT_PX, TITLE_MAX_PX)).toEqual({ shown: "Careers | Arcbyte Technologies", cut: false });
    const long = "Headless WordPress: When It Makes Sense and When It Does Not | Arcbyte Technologies";
    const { shown, cut } = cutToWidth(long, TITLE_FONT_PX, TITLE_MAX_PX);
    expect(cut).toBe(true);
    expect(shown).toMatch(/^Headless WordPress: When It Makes Sense and When It .*…$/);
    expect(arialWidth(shown, TITLE_FONT_PX)).toBeLessThanOrEqual(TITLE_MAX_PX);
  });

  it("warns when the title or the description is wider than results show, and gives the snippet and the card's picture", () => {
    const { findings, snippet } = checkRenderedPage(page("<h1>Hi</h1>", { title: "W".repeat(40), description: "M".repeat(100) }), "https://example.com/p");
    expect(findings.map((f) => f.code)).toEqual(["GateTitleCut", "GateDescriptionCut"]);
    expect(snippet).toMatchObject({ url: "https://example.com/p", titleWidth: Math.round(arialWidth("W".repeat(40), TITLE_FONT_PX)), descriptionWidth: Math.round(arialWidth("M".repeat(100), DESCRIPTION_FONT_PX)), image: "https://example.com/og/home.png" });
  });
});

describe("what stops a publish, read in the page's <main> only", () => {
  it("passes a page with one main heading, headings one level at a time, named links and described pictures", () => {
    expect(codes(page('<h1>Web</h1><h2>Why</h2><h3>Fast</h3><h2>More</h2><a href="/contact">Contact us</a><a href="/x" aria-label="Read about pricing">Read more</a><img src="/a.png" alt=""><a href="/"><img src="/logo.png" alt="Home"></a>'))).toEqual([]);
  });

  it("stops a page without a main heading, and one whose headings skip a level", () => {
    expect(codes(page("<h2>Why</h2>"))).toEqual(["error GateNoMainHeading"]);
    const { findings } = checkRenderedPage(page("<h1>Web</h1><h2>Why</h2><h4>Deep</h4>"), "https://example.com/p");
    expect(findings).toEqual([expect.objectContaining({ severity: "error", code: "GateHeadingSkipped", text: "Deep", message: expect.stringContaining("level 4 right after a level-2") })]);
  });

  it("warns of a second main heading", () => {
    expect(codes(page("<h1>One</h1><h1>Two</h1>"))).toEqual(["warning GateSeveralMainHeadings"]);
  });

  it("stops a link without text and a picture without alt text; warns of a link that says nothing on its own", () => {
    expect(codes(page('<h1>T</h1><a href="/contact"><svg aria-hidden="true"></svg></a><img src="/team.jpg"><a href="/pricing">Click here</a><a href="/blog">Read more…</a>'))).toEqual([
      "error GateEmptyLinkText",
      "warning GateVagueLinkText",
      "warning GateVagueLinkText",
      "error GateImageWithoutAlt",
    ]);
  });

  it("reads a text of invisible characters alone (a zero-width space, a direction mark) as no text, and keeps the joiners inside Hindi words", () => {
    expect(codes(page('<h1>\u200b</h1><a href="/hi/sampark">\u200f </a>'))).toEqual(["error GateNoMainHeading", "error GateEmptyLinkText"]);
    const { findings } = checkRenderedPage(page('<h1>हमारे बारे में</h1><a href="/hi">क्\u200dष</a>'), "https://example.com/p");
    expect(findings).toEqual([]);
  });
});

describe("Show goes to the field a finding is about", () => {
  const draft = { path: "/p", meta: { title: "T", description: "D" }, blocks: [{ type: "hero", title: "Web" }, { type: "cta", title: "Deep", actions: [{ label: "Go", href: "/pricing" }] }] };
  const finding = (code: string, about: { text?: string; href?: string } = {}) => ({ code, severity: "error" as const, title: "", message: "", hint: "", ...about });

  it("finds a heading by its text and a link by its address in the blocks", () => {
    expect(pointerOfFinding(draft, finding("GateHeadingSkipped", { text: "Deep" }))).toBe("/blocks/1/title");
    expect(pointerOfFinding(draft, finding("GateEmptyLinkText", { href: "/pricing" }))).toBe("/blocks/1/actions/0/href");
    // A link whose words are what is blank: its label, the field to mend.
    const blank = { ...draft, blocks: [draft.blocks[0], { ...draft.blocks[1], actions: [{ label: "\u200b", href: "/pricing" }] }] };
    expect(pointerOfFinding(blank, finding("GateEmptyLinkText", { href: "/pricing" }))).toBe("/blocks/1/actions/0/label");
    // Found on the page in Hindi: by its address in English.
    expect(pointerOfFinding(draft, { ...finding("GateEmptyLinkText", { href: "/hi/mulya" }), sourceHref: "/pricing", page: "P (/hi/p), हिन्दी" })).toBe("/blocks/1/actions/0/href");
  });

  it("sends the title's and the description's findings to Page settings, and a missing main heading to the first block", () => {
    expect(pointerOfFinding(draft, finding("GateTitleCut"))).toBe("/meta/title");
    expect(pointerOfFinding(draft, finding("GateDuplicateDescription"))).toBe("/meta/description");
    expect(pointerOfFinding(draft, finding("GateNoMainHeading"))).toBe("/blocks/0");
  });

  it("in a page's translation, finds the translated text a finding names on the page in its language (the translation editor's row)", () => {
    const hindi = { blocks: { cta: { title: { text: "आइए", source: "Let's", hash: "0" }, "actions[href=/contact].label": { text: "यहाँ", source: "Contact Us", hash: "1" } } } };
    expect(pointerOfFinding(hindi, { ...finding("GateVagueLinkText", { text: "यहाँ", href: "/hi/sampark" }), page: "About Us (/hi/about), हिन्दी" })).toBe("/blocks/cta/actions[href=~1contact].label/text");
    expect(pointerOfFinding(hindi, { ...finding("GateTitleCut"), page: "About Us (/hi/about), हिन्दी" })).toBeUndefined();
  });
});
