/**
 * A page's JavaScript starts once the page has painted, not before: the islands runtime (its
 * module script and the modules it imports) and the islands' code are named in a JSON data
 * block, and come to life at the first contentful paint. Fetched earlier, they would compete
 * with the page itself for a slow phone's bandwidth, and a simulated load counts them against
 * the paint. The islands' code (React DOM, the hydrator, Chakra, Emotion) is only prefetched:
 * fetched into the cache at the lowest priority and neither compiled nor run until the first
 * island hydrates or the first notice shows, so a page nobody touches pays nothing for it.
 * A data block, not inert elements of invented types: the page stays valid HTML.
 */

import { ATTR, ISLAND_TAG } from "../page/island-markup.ts";
import { FACES_HELD_ATTR, FACES_ON_ATTR, FACES_STYLE_ID } from "../styles/font-stack.ts";

/** The data block's id: it stays in the page until everything it names has been brought to life. */
export const AFTER_PAINT_DATA = "after-paint";

/** What the data block holds: the runtime's imports, the runtime, the islands' code, and the analytics collector when it is on. */
export interface AfterPaint {
  preload: string[];
  module: string;
  prefetch: string[];
  collect?: string;
}

/** The longest the collector waits for the browser to be idle (ms): a page never idle is counted all the same. */
const COLLECT_IDLE_TIMEOUT_MS = 5000;

/**
 * Each link brought to life starts a fetch, which cost the main thread 0.1 to 28 ms each with
 * 4x CPU slowdown (the page's own timing): sixteen at once were one task of 90 to 190 ms, a
 * tap ignored meanwhile. A few at a time, yielding between, no task is long.
 */
const STEP_BUDGET_MS = 4;

/**
 * The most letters the faces are turned on in at one step: a part of the page, or parts side by
 * side. Home's steps, traced unthrottled (three loads each), took at most 13 to 34 ms with 400
 * letters a step and 10 to 17 ms with 250 (times four on a phone); with 150, no less, and more
 * in all: each layout has a cost of its own.
 */
const PART_LETTERS = 250;

/**
 * The most elements the faces are turned on in at one step, for the same reason: each element
 * turned on is styled again, at a cost of its own (about 0.1 ms unthrottled here, four times
 * that on a phone), however few its letters. Home's site header, 58 elements and few letters,
 * was one part: its step alone took 66 ms with 4x CPU slowdown; with 32 a step, 37 to 58 ms;
 * with 16, 34.
 */
const PART_ELEMENTS = 16;

/**
 * The least layout shift (the Layout Instability API's score, over-estimated) for which a step
 * that turns the faces on in view is undone: below it, Lighthouse's CLS still reads 0.000.
 */
const HOLD_SHIFT = 0.0004;

/**
 * Runs in the browser. Waits for the first contentful paint (observed, not timed: tests that
 * control the clock still get their modules), or not at all where waiting gains nothing: a
 * hidden page does not paint, and a browser without paint timing cannot tell; and at the
 * latest once the page has loaded, for a page whose island hydrating at once draws it (it may
 * have no content of its own to paint), and a few seconds after load for any other. Nothing
 * runs in that task but the plan: every piece of work is a step, from the next task on. The
 * faces' files are loaded first and the faces turned on once loaded, part of the page by part; on
 * a page in another script (Hindi) both files are kept for the next page instead
 * (src/styles/text-face.ts, script-fonts.ts). Then the runtime's imports are preloaded (they are on their way when it asks for them), then its
 * module script, then the islands' code is prefetched, a few per task; the data block goes last.
 * Last of all, once the browser is idle, the analytics collector's module, if the page names
 * one (src/analytics/collect.ts): it never competes with the page or the islands.
 */
export const AFTER_PAINT_LOADER = `(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const add = (tag, attributes) => document.head.append(Object.assign(document.createElement(tag), attributes));
    // Runs each step, a few in one task (as many as fit in the budget; at least one), yielding between.
    const run = (steps, budget = ${STEP_BUDGET_MS}) => {
      const until = performance.now() + budget;
      do steps.shift()();
      while (steps.length && performance.now() < until);
      if (steps.length) setTimeout(() => run(steps, budget));
    };
    // The faces first. Their rules are in the page from the start, named by no text until they
    // are turned on (src/styles/text-face.ts, script-fonts.ts): their files are loaded, then the
    // faces turned on part of the page by part, each part laid out in a step of its own. Adding a
    // face, or turning its rules on, makes Chromium lay every text out again at once (Home: one
    // frame of 130 to 180 ms with 4x CPU slowdown); a font that comes for a rule in force from the
    // start changes no text that does not name it.
    const faces = document.getElementById("${FACES_STYLE_ID}");
    const unquote = (family) => family.replace(/["']/g, "");
    // Read from their rules: the rules stay the one source.
    const files = faces && !document.documentElement.hasAttribute("${FACES_ON_ATTR}") ? [...faces.sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule && rule.style.getPropertyValue("src").includes("url(")) : [];
    // The parts, each with its letters and elements: an element with text of its own, or few of
    // both, is one; any other, its children. Neither what is not drawn, nor text in another font
    // (code) and all within it.
    const partsOf = (element, font) => {
      const style = getComputedStyle(element);
      if (style.display === "none" || style.fontFamily !== font) return [];
      const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.data.trim());
      const letters = element.textContent.length;
      const elements = element.getElementsByTagName("*").length + 1;
      return own || !element.childElementCount || (letters <= ${PART_LETTERS} && elements <= ${PART_ELEMENTS})
        ? [{ part: element, letters, elements }]
        : [...element.children].flatMap((child) => partsOf(child, font));
    };
    // Elements one step after another, in groups of at most as many letters and elements: each
    // layout, and each element styled again, has a cost of its own.
    const grouped = (items) => {
      const groups = [];
      for (const { part, letters, elements } of items) {
        const group = groups.at(-1);
        if (group && group.letters + letters <= ${PART_LETTERS} && group.elements + elements <= ${PART_ELEMENTS}) {
          group.parts.push(part);
          group.letters += letters;
          group.elements += elements;
        } else groups.push({ parts: [part], letters, elements });
      }
      return groups;
    };
    // \`hold\`: a part the faces would move in view keeps its stand-in meanwhile (below); not where
    // the stand-ins are boxes (a script the system has no face for).
    const turnOn = (hold) => {
      // The whole body, not the root: a new font there lays out every text again, as adding a face does.
      const whole = () => document.body.setAttribute("${FACES_ON_ATTR}", "");
      // Nobody sees a hidden page: it takes them at once, its timers slowed down.
      if (document.visibilityState === "hidden") return whole();
      const parts = partsOf(document.body, getComputedStyle(document.body).fontFamily);
      // Then the elements that hold the parts, the innermost first (the reverse of the page's
      // order): each is styled again with its children, whose faces are on already, and no
      // further. Left to the body, all of them were one step (Home: 37 to 44 ms at 4x).
      const holders = new Set();
      for (const { part } of parts) for (let e = part.parentElement; e && e !== document.body && !holders.has(e); e = e.parentElement) holders.add(e);
      const inward = [...holders].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1));
      // In view, the faces move nothing. The stand-ins match them on average, not word for word,
      // so a line may wrap otherwise (Home at 375 px: its title's lines, CLS 0.017). A part's step
      // whose shift would count (the Layout Instability API's score, taken large: the boxes of the
      // parts in view and of their texts that moved 3 px or more, old and new) is undone, and its
      // parts keep their stand-ins until they are out of view.
      const inView = (r) => r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
      const texts = (part) => {
        const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
        const found = [];
        while (walker.nextNode()) found.push(walker.currentNode);
        return found;
      };
      const boxOf = (node) => {
        if (node.nodeType === Node.ELEMENT_NODE) return node.getBoundingClientRect();
        const range = document.createRange();
        range.selectNode(node);
        return range.getBoundingClientRect();
      };
      // Each part's texts, found when it is first in view (a post has hundreds of parts).
      const nodes = new Map();
      const nodesOf = (part) => nodes.get(part) ?? nodes.set(part, [part, ...texts(part)]).get(part);
      const where = (watching) => watching.flatMap((part) => nodesOf(part).map(boxOf));
      const visible = (r) => Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)) * Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      const shift = (before, after) => {
        let area = 0;
        let distance = 0;
        before.forEach((was, i) => {
          const now = after[i];
          const moved = Math.max(Math.abs(now.left - was.left), Math.abs(now.top - was.top));
          if (moved < 3) return;
          distance = Math.max(distance, moved);
          area += visible(was) + visible(now);
        });
        return (Math.min(1, area / (innerWidth * innerHeight)) * distance) / Math.max(innerWidth, innerHeight);
      };
      const released = new IntersectionObserver((entries) => {
        for (const { target, isIntersecting } of entries) {
          if (isIntersecting) continue;
          released.unobserve(target);
          target.removeAttribute("${FACES_HELD_ATTR}");
          target.setAttribute("${FACES_ON_ATTR}", "");
        }
      });
      const on = ({ parts: group }, watched) => () => {
        const watching = watched && group.some((part) => inView(part.getBoundingClientRect())) ? parts.map(({ part }) => part).filter((part) => inView(part.getBoundingClientRect())) : [];
        const before = where(watching);
        for (const part of group) part.setAttribute("${FACES_ON_ATTR}", "");
        if (watching.length && shift(before, where(watching)) >= ${HOLD_SHIFT}) {
          for (const part of group) {
            part.removeAttribute("${FACES_ON_ATTR}");
            part.setAttribute("${FACES_HELD_ATTR}", "");
            released.observe(part);
          }
        }
        // Laid out now, in this step, not all together in the next frame.
        return document.body.offsetHeight;
      };
      // The whole body last: what is not drawn yet, and what an island draws later, inherits them.
      // One step a task, from the next one (finding the parts was this one's work): a step's cost
      // cannot be told before it is run (About's first task ran seven quick steps, then its
      // heading's, 67 ms at 4x in all). A holder's step moves nothing: its text is in its parts.
      const holding = grouped(inward.map((part) => ({ part, letters: 0, elements: part.childElementCount + 1 })));
      setTimeout(() => run([...grouped(parts).map((group) => on(group, hold)), ...holding.map((group) => on(group, false)), whole], 0));
    };
    // Whether the system has a face for the script: without one, each of its letters is the same
    // box, as wide as a letter no face has. Where it cannot tell (no canvas), it has none.
    const systemHas = (letters = "") => {
      const context = document.createElement("canvas").getContext("2d");
      if (!context) return false;
      context.font = "16px sans-serif";
      return context.measureText(letters).width !== context.measureText("\\u0378".repeat([...letters].length)).width;
    };
    // A page in another script (Hindi) keeps its first faces: its script's face is only fetched
    // here, with Inter's, for the site's next page, which has them before it paints. Turned on,
    // the script's face would move lines its stand-in wrapped, and Inter would lay out all of the
    // script's text again for the few Latin letters it changes. Unless the system has no face for
    // the script: anything beats boxes. Each of these is a step of its own: asking whether the
    // system has the face looks fonts up (Hindi Home: 25 to 30 ms with 4x CPU slowdown), and each
    // link a fetch.
    const faceSteps = [];
    if (files.length) {
      let kept = false;
      if (faces.dataset.letters) faceSteps.push(() => (kept = systemHas(faces.dataset.letters)));
      faceSteps.push(() => {
        if (kept) {
          // Prefetched, not loaded: to the cache, not decoded on this page.
          for (const rule of files) {
            for (const [, href] of rule.style.getPropertyValue("src").matchAll(/url\\(["']?([^"')]+)/g)) add("link", { rel: "prefetch", href, crossOrigin: "" });
          }
          return;
        }
        const families = new Set(files.map((rule) => unquote(rule.style.getPropertyValue("font-family"))));
        const fonts = [...document.fonts].filter((face) => families.has(unquote(face.family)));
        Promise.allSettled(fonts.map((face) => face.load())).then(() => fonts.some((face) => face.status === "loaded") && turnOn(!faces.dataset.letters));
      });
    }
    const data = document.getElementById("${AFTER_PAINT_DATA}");
    const { preload, module, prefetch, collect } = data ? JSON.parse(data.textContent) : { preload: [], prefetch: [] };
    const steps = [
      ...faceSteps,
      ...preload.map((href) => () => add("link", { rel: "modulepreload", href })),
      () => module && add("script", { type: "module", src: module }),
      // crossorigin: the same request a module import makes, so the import is served from the cache.
      ...prefetch.map((href) => () => add("link", { rel: "prefetch", href, crossOrigin: "" })),
      () => data?.remove(),
      // import(), not a script element: the page's one module script stays the runtime.
      () => collect && (window.requestIdleCallback ?? setTimeout)(() => import(collect), { timeout: ${COLLECT_IDLE_TIMEOUT_MS} }),
    ];
    // From the next task: this one is the paint's observer, or the load event's. A message, not
    // a timer: tests that stop the page's clock still get their modules.
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => run(steps);
    port2.postMessage(null);
  };
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return start();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
  // A page whose island draws it (the admin, the editor's preview) may have nothing to paint:
  // it starts at load. Any other page paints; should the browser never say so, it starts a
  // little after load rather than never.
  addEventListener("load", () => (document.querySelector('${ISLAND_TAG}[${ATTR.hydrate}="load"]') ? start() : setTimeout(start, 3000)), { once: true });
})();`;

/** The data block and the loader, for the end of <body>. `<` is escaped: nothing in it can close the script. */
export function afterPaint(data: AfterPaint): string {
  const json = JSON.stringify(data).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${AFTER_PAINT_DATA}">${json}</script><script>${AFTER_PAINT_LOADER}</script>`;
}
