/**
 * One illustration per service (800×600), each drawing what its alt text says: the alt texts are
 * the sentences the services collection carried before it had images.
 */
import { c } from "./palette.ts";
import * as m from "./motifs.ts";
import { circle, line, path, rect, svg, text } from "./svg.ts";

const W = 800;
const H = 600;

/** The shared backdrop: a pale brand blob and a dot grid. */
const backdrop = (seed: number) =>
  m.blob(400, 310, 330, 250, c.brand[50]) + m.dots(60 + (seed % 3) * 20, 70, 6, 4) + m.dots(640 - (seed % 2) * 30, 450, 5, 4, c.brand[200]);

const scene = (seed: number, ...parts: string[]) => svg(W, H, [], backdrop(seed), ...parts);

export const serviceArtwork: Record<string, () => string> = {
  "web-development": () =>
    scene(
      1,
      m.browser(120, 110, 470, 340, m.pageLayout(120, 110, 470, 340)),
      m.phone(540, 230, 150, 280, rect(558, 262, 60, 8, c.brand[600], { rx: 4 }) + rect(558, 280, 114, 80, c.brand[600], { rx: 10 }) + rect(570, 300, 70, 10, c.white, { rx: 5 }) + rect(570, 330, 50, 16, c.accent, { rx: 8 }) + rect(558, 372, 114, 50, c.brand[50], { rx: 8 }) + rect(558, 430, 114, 50, c.brand[50], { rx: 8 })),
      m.codeBadge(130, 120, 46),
      m.sparkle(650, 150, 18),
      m.sparkle(110, 470, 12, c.brand[400]),
    ),
  "mobile-development": () =>
    scene(
      2,
      m.phone(200, 90, 200, 400, m.card(225, 140, 150, 90, c.brand[600]) + m.trend(240, 160, 120, 50, [0.2, 0.5, 0.4, 0.9], c.accentSoft, 4) + m.card(225, 250, 150, 60) + m.lines(240, 266, 120, 2) + m.card(225, 330, 150, 60) + m.lines(240, 346, 120, 2) + rect(260, 420, 80, 24, c.accent, { rx: 12 })),
      m.phone(400, 150, 190, 380, m.bars(430, 210, 130, 110, [0.4, 0.7, 0.5, 0.9, 0.65]) + m.card(420, 340, 150, 70) + circle(447, 375, 16, c.brand[300]) + m.lines(473, 365, 80, 2, 16) + m.card(420, 425, 150, 60) + m.lines(435, 442, 120, 2)),
      circle(392, 108, 22, c.bad) + text(392, 116, "3", 22, c.white, { "text-anchor": "middle" }),
      circle(582, 168, 18, c.accent) + text(582, 175, "1", 18, c.white, { "text-anchor": "middle" }),
    ),
  "software-development": () =>
    scene(
      3,
      rect(120, 380, 560, 90, c.brand[200], { rx: 18 }),
      rect(150, 250, 500, 90, c.brand[300], { rx: 18 }),
      rect(180, 120, 440, 90, c.brand[400], { rx: 18 }),
      ...[220, 340, 460].map((x, i) => m.card(x, 138, 100, 54, c.white, 12) + rect(x + 14, x ? 154 : 0, 30, 22, [c.brand[600], c.accent, c.teal][i]!, { rx: 6 }) + m.lines(x + 52, 156, 36, 2, 14, c.line, 6)),
      ...[200, 340, 480].map((x) => m.card(x, 268, 120, 54, c.white, 12) + m.gear(x + 30, 295, 16, c.brand[600]) + m.lines(x + 56, 286, 50, 2, 14, c.line, 6)),
      m.database(260, 400, 80, 50) + m.database(400, 400, 80, 50, c.brand[600]) + m.database(540, 400, 80, 50),
      m.arrow([[270, 196], [270, 262]], c.brand[700], 5),
      m.arrow([[530, 196], [530, 262]], c.brand[700], 5),
      m.arrow([[400, 326], [400, 384]], c.brand[700], 5),
      m.arrow([[260, 326], [260, 384]], c.brand[700], 5),
    ),
  "ai-development": () =>
    scene(
      4,
      m.network(
        [
          [150, 180, 16, c.brand[400]], [150, 300, 16, c.brand[400]], [150, 420, 16, c.brand[400]],
          [270, 140, 18, c.brand[600]], [270, 250, 18, c.brand[600]], [270, 360, 18, c.brand[600]], [270, 460, 18, c.brand[600]],
          [390, 220, 20, c.accent], [390, 380, 20, c.accent],
        ],
        [[0, 3], [0, 4], [0, 5], [1, 3], [1, 4], [1, 5], [1, 6], [2, 5], [2, 6], [2, 4], [3, 7], [4, 7], [4, 8], [5, 7], [5, 8], [6, 8]],
      ),
      m.arrow([[420, 220], [470, 190]], c.brand[500], 5),
      m.dashboard(480, 100, 230, 170),
      m.arrow([[420, 380], [470, 400]], c.brand[500], 5),
      m.card(480, 310, 230, 200) + rect(480, 310, 230, 40, c.brand[600], { rx: 16 }) + rect(480, 330, 230, 20, c.brand[600]) + circle(502, 330, 10, c.white) + rect(520, 325, 80, 10, c.white, { rx: 5 }),
      m.bubble(496, 366, 140, 46, c.brand[100], "left", c.brand[300]),
      m.bubble(556, 430, 140, 46, c.brand[600], "right"),
    ),
  "ecommerce-development": () =>
    scene(
      5,
      m.card(110, 110, 440, 290, c.brand[900], 18),
      rect(126, 126, 408, 258, c.white, { rx: 8 }),
      rect(60, 400, 540, 24, c.brand[800], { rx: 12 }),
      m.productCard(146, 150, 112, 200, c.brand[200]) + m.productCard(274, 150, 112, 200, c.accentSoft) + m.productCard(402, 150, 112, 200, "#99f6e4"),
      m.phone(560, 200, 150, 290, m.productCard(578, 240, 114, 190, c.brand[200]) + rect(578, 445, 114, 22, c.accent, { rx: 11 })),
      m.cart(150, 450, 110, c.brand[700]),
      m.paymentCard(470, 440, 130),
    ),
  "digital-marketing": () =>
    scene(
      6,
      m.megaphone(150, 230, 190),
      ...[[420, 130, c.brand[500]], [530, 200, c.accent], [440, 290, c.teal], [200, 130, c.brand[300]]].map(([x, y, fill]) => circle(x as number, y as number, 36, fill as string) + circle(x as number, y as number, 14, c.white, { opacity: 0.9 })),
      m.envelope(590, 90, 130),
      m.card(470, 340, 250, 170) + m.bars(500, 380, 140, 100, [0.3, 0.45, 0.6, 0.8]) + m.trend(500, 370, 190, 100, [0.1, 0.35, 0.55, 0.95], c.accent),
    ),
  "game-development": () =>
    scene(
      7,
      m.card(150, 80, 500, 310, c.brand[900], 18),
      rect(166, 96, 468, 278, c.brand[700], { rx: 8 }),
      rect(166, 96, 468, 140, c.brand[500], { rx: 8 }),
      circle(560, 150, 34, c.accentSoft),
      // The level: platforms in perspective, coins and a character.
      rect(190, 300, 150, 30, c.good, { rx: 4 }) + rect(190, 320, 150, 44, "#15803d", { rx: 4 }),
      rect(380, 250, 120, 26, c.good, { rx: 4 }) + rect(380, 270, 120, 40, "#15803d", { rx: 4 }),
      rect(530, 310, 90, 24, c.good, { rx: 4 }) + rect(530, 330, 90, 34, "#15803d", { rx: 4 }),
      m.coin(420, 220, 14) + m.coin(460, 220, 14) + m.coin(570, 280, 14),
      rect(240, 240, 40, 60, c.bad, { rx: 10 }) + circle(260, 232, 20, "#fcd34d") + rect(250, 226, 20, 6, c.brand[950], { rx: 3 }),
      rect(180, 108, 120, 30, c.brand[950], { rx: 8, opacity: 0.5 }) + text(192, 130, "SCORE 2480", 16, c.white),
      rect(560, 108, 60, 30, c.brand[950], { rx: 8, opacity: 0.5 }) + text(572, 130, "♥ 3", 16, c.accentSoft),
      m.controller(400, 480, 260),
    ),
  "cloud-devops": () =>
    scene(
      8,
      m.cloud(400, 150, 330, c.brand[200]),
      m.cloud(390, 140, 300, c.white),
      m.server(130, 300, 150, 3),
      m.arrow([[290, 350], [350, 350]], c.brand[500], 5),
      ...[0, 1, 2].map((i) => m.box(360 + i * 62, 320, 54, 60, [c.brand[500], c.accent, c.teal][i]!)),
      m.arrow([[550, 350], [600, 350]], c.brand[500], 5),
      m.dashboard(560, 400, 190, 130),
      m.arrow([[205, 290], [300, 200]], c.brand[400], 5),
      m.arrow([[500, 200], [600, 300]], c.brand[400], 5),
      ...[0, 1, 2, 3].map((i) => m.tick(330 + i * 48, 150, 14, true)),
      m.card(340, 440, 180, 70) + m.trend(360, 456, 140, 40, [0.5, 0.4, 0.6, 0.55, 0.7], c.good, 4),
    ),
  "ui-ux-design": () =>
    scene(
      9,
      m.card(110, 100, 260, 200) + rect(126, 116, 228, 70, c.line, { rx: 8 }) + line(126, 116, 354, 186, c.muted, 3) + line(354, 116, 126, 186, c.muted, 3) + m.lines(126, 204, 200, 3, 22, c.line, 10) + rect(126, 262, 90, 22, c.muted, { rx: 11 }),
      m.phone(400, 90, 160, 320, m.card(420, 130, 120, 80, c.brand[600], 10) + m.lines(420, 230, 120, 3, 20) + rect(420, 300, 120, 28, c.accent, { rx: 14 }) + rect(420, 340, 120, 28, c.brand[100], { rx: 14 })),
      m.card(590, 110, 140, 180) + [c.brand[600], c.brand[300], c.accent, c.teal, c.brand[900], c.accentSoft].map((f, i) => circle(625 + (i % 2) * 70, 150 + Math.floor(i / 2) * 52, 20, f)).join(""),
      m.card(130, 340, 230, 170) + text(150, 440, "Aa", 84, c.brand[700]) + m.lines(290, 380, 50, 4, 22, c.muted, 8),
      m.card(600, 330, 130, 180) + rect(616, 346, 98, 60, c.brand[100], { rx: 8 }) + m.lines(616, 420, 98, 3, 18),
      m.sparkle(570, 460, 20) + m.sparkle(380, 470, 12, c.brand[400]),
    ),
  "quality-assurance": () =>
    scene(
      10,
      m.shield(400, 200, 230),
      m.doc(110, 280, 170, 220, c.good) + [0, 1, 2].map((i) => m.tick(250, 340 + i * 42, 11, i !== 1 || true)).join(""),
      m.card(520, 290, 190, 200) + [0, 1, 2, 3].map((i) => m.tick(548, 322 + i * 44, 12, true) + rect(572, 316 + i * 44, 110, 12, c.line, { rx: 6 })).join(""),
      m.bug(170, 160, 26),
      m.bug(650, 150, 20, c.brand[400]),
      m.cross(650, 150, 70, c.bad, 10),
      m.arrow([[300, 540], [500, 540]], c.good, 6),
      ...[330, 400, 470].map((x) => m.tick(x, 540, 16, true)),
    ),
  "it-consulting": () =>
    scene(
      11,
      rect(200, 470, 12, 70, c.brand[900]) + rect(590, 470, 12, 70, c.brand[900]),
      m.card(130, 90, 540, 380),
      line(180, 330, 620, 330, c.brand[200], 8),
      ...[0, 1, 2, 3].map((i) => circle(200 + i * 140, 330, 18, i < 2 ? c.brand[600] : c.white, { stroke: c.brand[600], "stroke-width": 6 }) + rect(170 + i * 140, 370, 60, 10, c.muted, { rx: 5 }) + rect(176 + i * 140, 388, 48, 10, c.line, { rx: 5 })),
      m.arrow([[200, 290], [340, 280], [480, 300], [600, 270]], c.accent, 6),
      m.bars(170, 130, 120, 110, [0.4, 0.6, 0.5, 0.85]),
      m.trend(330, 150, 150, 80, [0.2, 0.5, 0.45, 0.9], c.brand[600], 5),
      m.bulb(570, 175, 40),
      m.person(100, 430, 150, c.brand[600], "#8d5524"),
    ),
  "adsense-services": () =>
    scene(
      12,
      m.browser(130, 90, 420, 420, m.lines(160, 150, 220, 5, 20) + rect(160, 260, 220, 110, c.brand[100], { rx: 8 }) + m.lines(160, 390, 220, 4, 20)),
      rect(400, 148, 130, 220, c.accentSoft, { rx: 10, stroke: c.accent, "stroke-width": 4, "stroke-dasharray": "10 8" }) + text(465, 266, "AD", 34, "#b45309", { "text-anchor": "middle" }),
      rect(160, 470, 370, 28, c.accentSoft, { rx: 8, stroke: c.accent, "stroke-width": 4, "stroke-dasharray": "10 8" }),
      m.coin(620, 150, 46),
      m.card(560, 300, 190, 200) + m.trend(585, 330, 140, 140, [0.1, 0.3, 0.35, 0.6, 0.95], c.good, 6),
    ),
  "ios-app-development": () =>
    scene(
      13,
      m.card(110, 120, 360, 400, c.brand[950], 30),
      rect(126, 136, 328, 368, c.paper, { rx: 18 }),
      rect(142, 156, 140, 16, c.ink, { rx: 8 }) + m.card(142, 190, 296, 110, c.brand[600], 14) + m.trend(162, 210, 250, 70, [0.3, 0.5, 0.45, 0.8, 0.7], c.white, 4),
      ...[0, 1, 2].map((i) => m.card(142, 318 + i * 58, 296, 46, c.white, 12) + circle(166, 341 + i * 58, 12, [c.accent, c.teal, c.brand[400]][i]!) + rect(188, 335 + i * 58, 140, 10, c.line, { rx: 5 }) + rect(392, 331 + i * 58, 32, 20, c.good, { rx: 10 }) + circle(414, 341 + i * 58, 8, c.white)),
      m.phone(500, 200, 160, 320, rect(518, 240, 124, 14, c.ink, { rx: 7 }) + m.card(518, 268, 124, 80, c.brand[500], 12) + m.lines(518, 370, 124, 3, 20) + rect(518, 440, 124, 30, c.brand[600], { rx: 15 }), c.ink),
      m.code(560, 70, 180, 110, 4),
      m.codeBadge(700, 440, 34, c.brand[700]),
    ),
  "advertising-services": () =>
    scene(
      14,
      m.target(260, 300, 150),
      m.card(470, 80, 240, 80, c.brand[600]) + rect(490, 100, 120, 14, c.white, { rx: 7 }) + rect(490, 124, 80, 10, c.brand[200], { rx: 5 }) + rect(630, 104, 60, 30, c.accent, { rx: 15 }),
      m.card(470, 180, 240, 80, c.accentSoft) + rect(490, 200, 120, 14, "#b45309", { rx: 7, opacity: 0.7 }) + rect(490, 224, 80, 10, c.white, { rx: 5 }),
      m.dashboard(470, 300, 240, 170),
      // A pointer clicking.
      path(`M600 210l0 58l14-14l12 26l12-6l-12-26l20 0z`, c.brand[950], { stroke: c.white, "stroke-width": 3 }),
      ...[[588, 200], [616, 194], [636, 212]].map(([x, y]) => line(x!, y!, x! + (x! - 600) * 0.5, y! + (y! - 210) * 0.5 - 6, c.accent, 5)),
    ),
  "seo-services": () => scene(15, m.searchRanking()),
};
