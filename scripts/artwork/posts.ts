/**
 * Featured images for the local blog posts, and the default one a post without its own image
 * shows: 1600×900 scenes on a deep brand gradient, rendered to JPEG (scripts/artwork.ts) so the
 * image pipeline has real photographs' worth of pixels to encode. Each scene (frame.ts) shows what
 * the post's alt text says.
 */
import { c } from "./palette.ts";
import * as m from "./motifs.ts";
import { frame } from "./frame.ts";
import { circle, line, path, polyline, rect, text } from "./svg.ts";

/** Each category's highlight colour, over the same brand gradient. */
const categoryTint: Record<string, string> = {
  "web-development": c.brand[300],
  "ai-development": "#c4b5fd",
  ecommerce: c.accentSoft,
  "digital-marketing": "#99f6e4",
  security: "#fca5a5",
};

const gauge = (x: number, label: string, value: number, colour: string) => m.card(x, 200, 220, 220) + m.gauge(x + 110, 340, 80, value, colour) + text(x + 110, 395, label, 30, c.brand[900], { "text-anchor": "middle" });
const field = (x: number, y: number, w: number, error = false) => rect(x, y, 90, 10, c.ink, { rx: 5, opacity: 0.6 }) + rect(x, y + 20, w, 40, c.white, { rx: 8, stroke: error ? c.bad : c.brand[300], "stroke-width": 3 });
const chatLine = (y: number, ok: boolean, side: "left" | "right") => m.bubble(side === "left" ? 60 : 150, y, 220, 56, side === "left" ? c.white : c.brand[500], side, side === "left" ? c.line : c.white) + m.tick(side === "left" ? 310 : 400, y + 28, 18, ok);

export const postArtwork: Record<string, { category: string; draw: () => string }> = {
  "accessible-forms-checklist": {
    category: "web-development",
    draw: () => m.card(170, 60, 460, 480) + field(210, 110, 380) + field(210, 200, 380) + field(210, 290, 380, true) + m.tick(230, 374, 11, false) + rect(250, 368, 200, 12, c.bad, { rx: 6 }) + rect(210, 440, 160, 50, c.brand[600], { rx: 25 }) + m.tick(640, 140, 30, true),
  },
  "analytics-setup-that-answers-questions": {
    category: "digital-marketing",
    draw: () => m.card(80, 60, 640, 480) + [0, 1, 2].map((i) => m.card(110 + i * 200, 90, 180, 100, c.brand[50]) + rect(130 + i * 200, 110, 80, 10, c.muted, { rx: 5 }) + text(130 + i * 200, 168, ["12.4k", "3.1%", "2m 40s"][i]!, 34, c.brand[800])).join("") + m.card(110, 220, 340, 290, c.white) + m.bars(140, 260, 280, 220, [0.3, 0.5, 0.45, 0.7, 0.62, 0.9]) + m.card(470, 220, 220, 290) + m.trend(495, 270, 170, 200, [0.2, 0.4, 0.35, 0.7, 0.9], c.accent, 6),
  },
  "checkout-friction-audit": {
    category: "ecommerce",
    draw: () => m.cart(60, 230, 170, c.white) + m.arrow([[250, 320], [300, 320]], c.accentSoft, 6) + [0, 1, 2].map((i) => m.card(320 + i * 0, 160 + i * 100, 220, 70) + m.tick(355, 195 + i * 100, 20, true) + rect(390, 188 + i * 100, 120, 14, c.line, { rx: 7 })).join("") + m.arrow([[560, 320], [600, 320]], c.accentSoft, 6) + rect(610, 285, 160, 70, c.accent, { rx: 35 }) + text(690, 331, "Pay", 30, c.white, { "text-anchor": "middle" }),
  },
  "choosing-between-fine-tuning-and-prompting": {
    category: "ai-development",
    draw: () => circle(170, 300, 90, c.white) + text(170, 340, "?", 120, c.brand[700], { "text-anchor": "middle" }) + m.arrow([[270, 280], [400, 170], [480, 170]], c.accentSoft, 7) + m.arrow([[270, 320], [400, 430], [480, 430]], "#c4b5fd", 7) + m.card(500, 110, 250, 120) + text(625, 185, "prompt", 40, c.brand[800], { "text-anchor": "middle" }) + m.card(500, 370, 250, 120) + text(625, 445, "fine-tune", 40, c.brand[800], { "text-anchor": "middle" }),
  },
  "computer-vision-quality-checks-on-the-line": {
    category: "ai-development",
    draw: () => rect(380, 40, 40, 110, c.brand[200]) + m.card(320, 120, 160, 100, c.brand[900], 20) + circle(400, 170, 34, c.brand[400]) + circle(400, 170, 16, c.brand[950]) + path("M340 220L220 420h360L460 220z", "#c4b5fd", { opacity: 0.3 }) + rect(40, 440, 720, 40, c.brand[900], { rx: 20 }) + [80, 180, 600, 700].map((x) => circle(x, 460, 14, c.brand[400])).join("") + [0, 1, 2, 3, 4].map((i) => m.box(70 + i * 140, 350, 110, 90, "#c08a4a") + (i === 2 ? m.tick(195 + 30, 320, 22, true) : "")).join(""),
  },
  "content-strategy-for-b2b-services": {
    category: "digital-marketing",
    draw: () => m.card(60, 80, 380, 420) + rect(60, 80, 380, 60, c.brand[600], { rx: 16 }) + rect(60, 120, 380, 20, c.brand[600]) + Array.from({ length: 20 }, (_, i) => rect(80 + (i % 5) * 70, 160 + Math.floor(i / 5) * 80, 56, 64, [4, 7, 11, 16].includes(i) ? c.accentSoft : c.brand[50], { rx: 8 })).join("") + [0, 1, 2].map((i) => m.doc(560, 70 + i * 160, 180, 130, [c.brand[500], c.teal, c.accent][i]!)).join("") + m.arrow([[370, 210], [540, 130]], "#99f6e4", 5) + m.arrow([[300, 370], [540, 300]], "#99f6e4", 5) + m.arrow([[380, 450], [540, 470]], "#99f6e4", 5),
  },
  "core-web-vitals-field-guide": {
    category: "web-development",
    draw: () => gauge(30, "LCP", 0.3, c.good) + gauge(290, "INP", 0.45, c.good) + gauge(550, "CLS", 0.2, c.good) + rect(200, 470, 400, 16, c.white, { rx: 8, opacity: 0.3 }),
  },
  "demand-forecasting-for-small-retailers": {
    category: "ai-development",
    draw: () => m.card(60, 60, 680, 480) + m.bars(110, 160, 560, 320, [0.4, 0.55, 0.5, 0.7, 0.62, 0.8, 0.75, 0.9]) + path("M430 300C520 250 600 200 690 150L690 230C600 260 520 300 430 340z", c.accent, { opacity: 0.25 }) + polyline([[110, 330], [210, 300], [310, 320], [430, 260], [560, 210], [690, 190]], c.accent, 7, { "stroke-dasharray": "2 0" }) + polyline([[430, 260], [690, 190]], c.brand[950], 4, { "stroke-dasharray": "12 10" }) + rect(110, 100, 200, 16, c.ink, { rx: 8, opacity: 0.6 }),
  },
  "designing-apis-your-frontend-will-love": {
    category: "web-development",
    draw: () => path("M120 170h180v60a40 40 0 1 1 0 80v60h-180z", c.white) + text(210, 320, "API", 54, c.brand[700], { "text-anchor": "middle" }) + path("M340 170h200v200h-200v-60a40 40 0 1 0 0-80z", c.accent) + text(460, 320, "UI", 54, c.white, { "text-anchor": "middle" }) + m.sparkle(600, 160, 28, c.white) + m.sparkle(100, 440, 18, c.accentSoft) + m.codeBadge(640, 420, 50),
  },
  "evaluating-llm-features-before-launch": {
    category: "ai-development",
    draw: () => chatLine(90, true, "left") + chatLine(180, true, "right") + chatLine(270, false, "left") + chatLine(360, true, "right") + m.card(480, 80, 260, 380) + rect(500, 100, 150, 16, c.ink, { rx: 8, opacity: 0.6 }) + [true, true, false, true, true].map((ok, i) => m.tick(520, 160 + i * 60, 16, ok) + rect(550, 154 + i * 60, 160, 12, c.line, { rx: 6 })).join(""),
  },
  "headless-wordpress-when-it-makes-sense": {
    category: "web-development",
    draw: () => m.card(40, 150, 240, 260) + rect(40, 150, 240, 50, c.brand[800], { rx: 16 }) + rect(40, 180, 240, 20, c.brand[800]) + text(160, 186, "CMS", 26, c.white, { "text-anchor": "middle" }) + m.lines(70, 230, 180, 4, 26, c.line, 10) + rect(70, 350, 100, 30, c.brand[600], { rx: 15 }) + m.arrow([[300, 280], [420, 280]], c.white, 7) + m.browser(440, 120, 320, 320, m.pageLayout(440, 120, 320, 320)) + path("M700 70l-40 70h34l-20 64l60-90h-36l22-44z", c.accent),
  },
  "image-optimisation-that-pays-off": {
    category: "web-development",
    draw: () => {
      const photo = (x: number, y: number, w: number, h: number) => m.card(x, y, w, h, c.white, 10) + rect(x + 8, y + 8, w - 16, h - 16, c.brand[300], { rx: 6 }) + path(`M${x + 8} ${y + h - 8}l${(w - 16) * 0.35} -${(h - 16) * 0.5}l${(w - 16) * 0.25} ${(h - 16) * 0.3}l${(w - 16) * 0.15} -${(h - 16) * 0.15}l${(w - 16) * 0.25} ${(h - 16) * 0.35}z`, c.brand[700]) + circle(x + w * 0.72, y + h * 0.3, Math.min(w, h) * 0.09, c.accentSoft);
      return photo(40, 120, 340, 260) + m.arrow([[400, 250], [460, 250]], c.white, 7) + photo(480, 100, 200, 150) + photo(480, 280, 140, 105) + photo(640, 300, 96, 72) + text(580, 460, "AVIF · WebP", 30, c.white, { "text-anchor": "middle" });
    },
  },
  "owasp-top-10-for-small-teams": {
    category: "security",
    draw: () => m.browser(60, 80, 380, 300, m.pageLayout(60, 80, 380, 300)) + m.server(470, 110, 180, 3) + m.database(560, 300, 120, 80) + m.arrow([[440, 230], [470, 180]], c.white, 5) + m.shield(400, 360, 300, c.bad),
  },
  "ppc-budget-for-small-businesses": {
    category: "digital-marketing",
    draw: () => m.coin(120, 130, 50) + m.coin(210, 210, 40) + m.coin(120, 280, 34) + m.arrow([[260, 250], [330, 300]], c.accentSoft, 6) + rect(340, 270, 400, 70, c.white, { rx: 35 }) + circle(390, 305, 18, "none", { stroke: c.brand[500], "stroke-width": 6 }) + line(402, 317, 414, 329, c.brand[500], 6) + rect(430, 298, 200, 14, c.line, { rx: 7 }) + m.card(340, 380, 400, 160) + m.trend(370, 400, 340, 110, [0.1, 0.3, 0.4, 0.65, 0.95], c.good, 7),
  },
  "product-pages-that-sell": {
    category: "ecommerce",
    draw: () => m.browser(60, 50, 680, 500, rect(90, 110, 300, 300, c.accentSoft, { rx: 12 }) + circle(240, 260, 90, c.white, { opacity: 0.7 }) + [0, 1, 2].map((i) => rect(90 + i * 104, 424, 92, 80, c.brand[100], { rx: 8 })).join("") + rect(420, 120, 260, 24, c.ink, { rx: 12, opacity: 0.7 }) + text(420, 210, "₹2,499", 44, c.brand[800]) + m.lines(420, 240, 280, 4, 24) + rect(420, 360, 240, 60, c.accent, { rx: 30 }) + text(540, 400, "Add to cart", 24, c.white, { "text-anchor": "middle" })),
  },
  "progressive-web-apps-for-field-teams": {
    category: "web-development",
    draw: () => m.phone(280, 40, 240, 500, rect(300, 90, 200, 40, c.paper, { rx: 10 }) + rect(314, 102, 70, 16, c.ink, { rx: 8, opacity: 0.6 }) + rect(410, 98, 80, 24, c.accentSoft, { rx: 12 }) + text(450, 116, "Offline", 16, "#b45309", { "text-anchor": "middle" }) + [0, 1, 2, 3].map((i) => m.card(300, 150 + i * 82, 200, 66, c.white, 10) + m.tick(326, 183 + i * 82, 12, true) + rect(346, 176 + i * 82, 130, 12, c.line, { rx: 6 })).join("")) + path("M600 180q60-50 120 0M620 210q40-30 80 0", "none", { stroke: c.white, "stroke-width": 10, "stroke-linecap": "round", opacity: 0.5 }) + line(590, 140, 720, 260, c.bad, 10) + circle(660, 240, 10, c.white),
  },
  "rag-that-answers-from-your-documents": {
    category: "ai-development",
    draw: () => [0, 1, 2].map((i) => m.doc(40 + i * 20, 120 + i * 70, 150, 190)).join("") + m.arrow([[260, 300], [330, 300]], c.white, 6) + m.card(340, 220, 160, 160, c.brand[100]) + m.magnifier(420, 290, 40) + m.arrow([[510, 300], [570, 300]], c.white, 6) + m.network([[620, 240, 16, "#c4b5fd"], [700, 220, 16, c.brand[400]], [660, 310, 18, c.accent], [730, 330, 14, c.brand[300]], [620, 380, 14, c.brand[400]]], [[0, 1], [0, 2], [1, 2], [2, 3], [2, 4], [1, 3]]) + m.bubble(560, 420, 200, 70, c.white, "left", c.line),
  },
  "react-server-rendering-without-the-hype": {
    category: "web-development",
    draw: () => [0, 1, 2, 3].map((i) => m.doc(60 + i * 14, 330 - i * 50, 180, 150, c.accent) + text(100 + i * 14, 380 - i * 50, "</>", 22, c.brand[600])).join("") + m.arrow([[290, 300], [400, 300]], c.white, 7) + m.cloud(560, 270, 300) + m.network([[460, 410, 14, c.accent], [560, 450, 14, c.accent], [660, 410, 14, c.accent]], [[0, 1], [1, 2]], c.white) + [460, 560, 660].map((x) => line(x, 330, x, 400, c.white, 4, { "stroke-dasharray": "8 8" })).join(""),
  },
  "sanitising-html-from-a-cms": {
    category: "security",
    draw: () => ["<p>", "<script>", "<a>", "onload="].map((t, i) => rect(40 + (i % 2) * 150, 80 + i * 60, 140, 46, t.startsWith("<script") || t.startsWith("on") ? "#fca5a5" : c.white, { rx: 23 }) + text(110 + (i % 2) * 150, 112 + i * 60, t, 22, c.brand[900], { "text-anchor": "middle" })).join("") + path("M340 120h260l-100 150v140l-60 40v-180z", c.white, { opacity: 0.92 }) + m.cross(470, 200, 40, c.bad, 10) + m.arrow([[470, 470], [470, 520], [560, 520]], c.white, 6) + ["<p>", "<a>"].map((t, i) => rect(580, 460 + i * 0, 80, 46, c.white, { rx: 23, transform: `translate(${i * 100} 40)` }) + text(620 + i * 100, 532, t, 22, c.brand[900], { "text-anchor": "middle" })).join("") + m.tick(720, 420, 24, true),
  },
  "shopify-vs-woocommerce-2025": {
    category: "ecommerce",
    draw: () => path("M400 140l-30 360h60z", c.white) + rect(120, 160, 560, 16, c.white, { rx: 8, transform: "rotate(-4 400 168)" }) + line(180, 160, 160, 260, c.white, 4) + line(180, 160, 240, 260, c.white, 4) + line(620, 140, 580, 240, c.white, 4) + line(620, 140, 680, 240, c.white, 4) + rect(140, 260, 120, 14, c.white, { rx: 7 }) + rect(560, 240, 140, 14, c.white, { rx: 7 }) + m.cart(150, 320, 110, c.accentSoft) + m.cart(570, 300, 110, "#99f6e4") + rect(300, 500, 200, 20, c.white, { rx: 10 }),
  },
  "technical-seo-audit-checklist": {
    category: "digital-marketing",
    draw: () => m.network([[200, 120, 30, c.white], [100, 270, 24, c.brand[200]], [200, 270, 24, c.brand[200]], [300, 270, 24, c.brand[200]], [60, 420, 18, c.brand[300]], [140, 420, 18, c.brand[300]], [240, 420, 18, c.brand[300]], [340, 420, 18, c.brand[300]]], [[0, 1], [0, 2], [0, 3], [1, 4], [1, 5], [2, 6], [3, 7]], c.white) + m.magnifier(300, 300, 120) + m.card(520, 100, 230, 360) + [true, true, false, true, true].map((ok, i) => m.tick(552, 150 + i * 62, 16, ok) + rect(580, 144 + i * 62, 140, 12, c.line, { rx: 6 })).join(""),
  },
  "typescript-strict-mode-migration": {
    category: "web-development",
    draw: () => m.code(80, 80, 520, 420, 10) + [1, 4, 7].map((i) => path(`M200 ${124 + i * 38.4}q10-8 20 0t20 0t20 0t20 0t20 0`, "none", { stroke: c.bad, "stroke-width": 4, opacity: i === 1 ? 1 : 0.35 })).join("") + m.card(560, 160, 180, 180, c.brand[600]) + text(650, 280, "TS", 80, c.white, { "text-anchor": "middle" }) + m.tick(720, 170, 30, true) + m.card(560, 380, 180, 90) + text(650, 438, "0 errors", 28, c.good, { "text-anchor": "middle" }),
  },
};

/** The image every post without a picture of its own shows (and WordPress posts whose image cannot be fetched). */
export const defaultPostArtwork = () =>
  frame(
    "default",
    c.brand[300],
    m.browser(80, 90, 420, 320, m.pageLayout(80, 90, 420, 320)) + m.phone(460, 200, 150, 290, m.card(478, 240, 114, 90, c.brand[600], 12) + m.lines(478, 350, 114, 3, 20)) + m.code(560, 40, 200, 140, 5) + m.cloud(680, 330, 150) + m.bulb(110, 470, 30),
  );

export const drawPost = (id: string) => {
  const post = postArtwork[id]!;
  return frame(id, categoryTint[post.category] ?? c.brand[300], post.draw());
};
