/**
 * Hero illustrations (960×720), drawn to sit beside a hero's text on the dark brand gradient:
 * a soft light glow behind white cards, so they read on the header's blues.
 */
import { c } from "./palette.ts";
import { frame } from "./frame.ts";
import * as m from "./motifs.ts";
import { circle, el, group, line, path, radialGradient, rect, svg, text } from "./svg.ts";

const W = 960;
const H = 720;

const scene = (...parts: string[]) =>
  svg(W, H, [radialGradient("glow", c.brand[300], c.brand[500], 0)], el("ellipse", { cx: 480, cy: 370, rx: 440, ry: 330, fill: "url(#glow)", opacity: 0.45 }), m.dots(70, 80, 5, 4, c.brand[200]), m.dots(800, 560, 5, 4, c.brand[200]), ...parts);

export const heroArtwork: Record<string, () => string> = {
  /** Home: a laptop with the client's dashboard, the phone app and cloud beside it, results rising. */
  home: () =>
    scene(
      m.card(170, 150, 560, 360, c.brand[950], 22),
      rect(188, 168, 524, 324, c.paper, { rx: 10 }),
      rect(110, 510, 680, 30, c.brand[900], { rx: 15 }),
      rect(188, 168, 130, 324, c.brand[100]) + m.lines(206, 200, 90, 6, 28, c.brand[300], 10),
      m.card(340, 190, 350, 150) + m.bars(364, 226, 180, 96, [0.3, 0.5, 0.42, 0.66, 0.58, 0.84, 0.95]) + m.trend(560, 230, 110, 80, [0.2, 0.45, 0.4, 0.9], c.accent, 5),
      m.card(340, 360, 165, 110) + text(360, 412, "+38%", 34, c.good) + m.lines(360, 432, 120, 1),
      m.card(525, 360, 165, 110) + m.gauge(607, 440, 52, 0.82, c.brand[600]),
      m.phone(720, 250, 170, 330, m.card(738, 300, 134, 90, c.brand[600], 12) + m.trend(752, 318, 104, 52, [0.2, 0.5, 0.4, 0.9], c.accentSoft, 4) + m.card(738, 404, 134, 56) + m.lines(752, 420, 106, 2) + rect(760, 490, 90, 28, c.accent, { rx: 14 })),
      m.cloud(170, 130, 200, c.white),
      ...[0, 1, 2].map((i) => m.tick(130 + i * 40, 132, 12, true)),
      m.codeBadge(770, 160, 46),
      m.card(60, 330, 150, 130) + m.shield(135, 395, 90),
      m.sparkle(860, 120, 20) + m.sparkle(90, 560, 16, c.white),
    ),
  /** Services: the practices as floating tiles around a central build. */
  services: () =>
    scene(
      m.browser(250, 190, 460, 330, m.pageLayout(250, 190, 460, 330)),
      ...([
        [90, 110, m.codeBadge(150, 170, 40)],
        [760, 120, m.cloud(820, 184, 100, c.brand[300])],
        [80, 430, m.target(140, 490, 44)],
        [780, 440, m.gear(840, 500, 40, c.brand[600])],
        [420, 40, m.network([[452, 80, 10, c.brand[400]], [510, 70, 10, c.accent], [480, 116, 10, c.brand[600]]], [[0, 1], [1, 2], [0, 2]])],
        [420, 560, m.bulb(480, 606, 22)],
      ] as [number, number, string][]).map(([x, y, art]) => m.card(x, y, 120, 120) + art),
      m.sparkle(880, 60, 18) + m.sparkle(60, 660, 14, c.white),
    ),
  /** SEO: the service's scene, a results page under a magnifier, the ranking rising, at the hero's size. */
  "seo-services": () => scene(group("scale(1.2)", m.searchRanking())),
  /** Contact: a message on its way, a reply, the office pin and a phone. */
  contact: () =>
    scene(
      m.envelope(160, 200, 300),
      m.arrow([[480, 300], [560, 260]], c.white, 7),
      m.bubble(560, 150, 260, 90, c.white, "left", c.brand[200]),
      m.bubble(620, 280, 240, 90, c.accent, "right"),
      m.phone(300, 430, 140, 250, m.card(318, 470, 104, 70, c.good, 10) + m.lines(318, 560, 104, 3, 18)),
      path("M640 430c-44 0-76 32-76 74c0 56 76 136 76 136s76-80 76-136c0-42-32-74-76-74z", c.bad) + circle(640, 502, 28, c.white),
      el("ellipse", { cx: 640, cy: 650, rx: 70, ry: 14, fill: c.brand[950], opacity: 0.25 }),
      m.sparkle(120, 560, 18) + m.sparkle(860, 460, 14, c.white),
    ),
};

const team = (x: number, y: number) =>
  rect(x - 40, y + 120, 480, 26, c.brand[300], { rx: 13, opacity: 0.9 }) +
  m.person(x + 40, y, 150, c.accent, "#8d5524", "#1c1917") +
  m.person(x + 200, y - 20, 160, c.brand[400], "#f1c9a5", "#d6a75a") +
  m.person(x + 360, y, 150, c.teal, "#c68642", "#111827") +
  m.card(x + 80, y + 70, 110, 70, c.brand[900], 8) +
  m.card(x + 230, y + 70, 110, 70, c.brand[900], 8);

/**
 * Backgrounds for heroes whose text sits over the picture (1600×900 JPEG): the scene keeps to the
 * sides, so the middle, where the text goes, stays calm.
 */
export const heroBackgroundArtwork: Record<string, () => string> = {
  /** About: the team at work on the left, the roadmap board on the right. */
  about: () =>
    frame(
      "hero-about",
      c.brand[300],
      team(80, 520) +
        m.card(1150, 180, 380, 280) +
        line(1190, 380, 1490, 380, c.brand[200], 8) +
        [0, 1, 2, 3].map((i) => circle(1200 + i * 95, 380, 14, i < 2 ? c.brand[600] : c.white, { stroke: c.brand[600], "stroke-width": 5 })).join("") +
        m.bars(1190, 220, 120, 120, [0.4, 0.6, 0.5, 0.85]) +
        m.trend(1340, 230, 160, 100, [0.2, 0.5, 0.45, 0.9], c.accent, 5) +
        m.bulb(1300, 620, 36) +
        m.dots(120, 140, 6, 4, c.brand[300]),
      "",
    ),
  /** Careers: a developer at a laptop on the left, growth and the team on the right. */
  careers: () =>
    frame(
      "hero-careers",
      "#99f6e4",
      m.card(90, 420, 360, 230, c.brand[950], 18) +
        rect(104, 434, 332, 202, c.paper, { rx: 8 }) +
        m.code(120, 450, 300, 170, 6) +
        rect(50, 650, 440, 22, c.brand[900], { rx: 11 }) +
        m.person(270, 760, 170, c.brand[400], "#a86b45") +
        m.codeBadge(140, 220, 50) +
        m.sparkle(400, 160, 22) +
        team(1120, 560) +
        m.card(1200, 150, 300, 200) +
        m.trend(1230, 180, 240, 140, [0.1, 0.3, 0.45, 0.7, 0.95], c.good, 6) +
        m.sparkle(1540, 420, 20, c.white),
      "",
    ),
};
