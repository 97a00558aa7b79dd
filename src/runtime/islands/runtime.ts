/**
 * A page's runtime in the browser: small, and all the JavaScript a page runs at start-up.
 * It starts the shell's own behaviours (scroll, chat button, a notice carried over from the
 * page before), then hydrates each island when it is due (island-markup.ts): at once if it must
 * (`load`, a query parameter it reads is in the URL, or the visitor already reached for it),
 * when it comes near the viewport (`visible`), or when the visitor reaches for it
 * (`interaction`, asked by early-events.ts); one that reads the query also when an island
 * moves the URL to carry it (location.ts). Once an island has hydrated, what the visitor did in it before is played
 * again, once each, in order. React DOM and each island's code load only then.
 *
 * <html data-hydrated="true"> says the runtime has started and every island due at start
 * has hydrated: browser tests wait for it before they use a page as an app.
 */
import { startShellBehaviours } from "../../shell/behaviours.ts";
import { showCarriedNotice } from "../../ui/toaster.ts";
import { lazyModule } from "../../page/lazy.ts";
import { LOCATION_EVENT } from "../../page/location-event.ts";
import type { IslandRegistry } from "../../page/define-island.ts";
import type { EarlyEvents } from "./early-events.ts";
import { ATTR, ISLAND_TAG } from "../../page/island-markup.ts";

const hydrator = lazyModule(() => import("./hydrate.tsx"), (m) => m.hydrateIsland);
const hydrating = new Map<HTMLElement, Promise<void>>();

/** How far below the viewport a `visible` island starts to hydrate. */
const NEAR_VIEWPORT = "200px 0px";

export function startIslands(islands: IslandRegistry) {
  const early: EarlyEvents = (window.__islands ??= { queue: [], wanted: new Set() });
  startShellBehaviours(document);
  showCarriedNotice();

  const due: Promise<void>[] = [];
  const hydrate = (island: HTMLElement) => {
    const job = wake(island, early, islands);
    due.push(job);
    return job;
  };
  early.wake = (island) => void wake(island, early, islands);
  for (const island of early.wanted) hydrate(island);
  early.wanted.clear();

  const visible = typeof IntersectionObserver === "undefined" ? undefined : whenVisible((island) => void wake(island, early, islands));
  for (const island of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    if (island.hasAttribute(ATTR.hydrated) || hydrating.has(island)) continue;
    const on = island.getAttribute(ATTR.hydrate);
    if (on === "load" || readsQuery(island)) hydrate(island);
    else if (on === "visible") {
      if (visible) visible(island);
      else hydrate(island);
    }
  }
  void Promise.allSettled(due).then(() => {
    document.documentElement.dataset.hydrated = "true";
  });
  window.addEventListener(LOCATION_EVENT, () => {
    for (const island of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) if (readsQuery(island)) void wake(island, early, islands);
  });
}

/** The URL has a query parameter the island reads. */
function readsQuery(island: HTMLElement): boolean {
  const query = new URLSearchParams(location.search);
  return island.getAttribute(ATTR.hydrateWithQuery)?.split(",").some((name) => query.has(name)) ?? false;
}

/** Hydrates an island once (joining a hydration under way), then plays what was kept for it. */
function wake(island: HTMLElement, early: EarlyEvents, islands: IslandRegistry): Promise<void> {
  let job = hydrating.get(island);
  if (!job) {
    // The island's own code loads beside the hydrator and React DOM, not after them: one
    // round trip less before it works. One attempt per wake: if it fails, this wake fails.
    const code = islands.get(island.getAttribute(ATTR.name) ?? "")?.load();
    job = Promise.all([hydrator.load(), code])
      .then(([hydrateIsland]) => hydrateIsland(island, islands))
      .then(
        () => {
          island.setAttribute(ATTR.hydrated, "true");
          for (const event of take(early, island)) play(event);
        },
        (error: unknown) => {
          // Its code could not load (offline for a moment): what was kept is dropped, and the
          // next time the visitor reaches for the island it is asked for again.
          hydrating.delete(island);
          take(early, island);
          console.error(`Island "${island.getAttribute(ATTR.name)}" could not load:`, error);
        },
      );
    hydrating.set(island, job);
  }
  return job;
}

/** Removes the island's kept events from the queue and returns them, in order. */
function take(early: EarlyEvents, island: HTMLElement): Event[] {
  const mine: Event[] = [];
  for (let i = 0; i < early.queue.length; ) {
    if (early.queue[i]!.island === island) mine.push(early.queue.splice(i, 1)[0]!.event);
    else i++;
  }
  return mine;
}

/** Dispatches a kept event again, on the same element, as the visitor did it. */
export function play(event: Event) {
  const target = event.target;
  if (!(target instanceof Element) || !target.isConnected) return;
  if (event.type === "submit" && target instanceof HTMLFormElement) {
    const submitter = (event as SubmitEvent).submitter;
    target.requestSubmit(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? (submitter.form === target ? submitter : null) : null);
    return;
  }
  const common = { bubbles: true, cancelable: true, composed: true, view: (event as UIEvent).view };
  if (event instanceof KeyboardEvent) {
    const { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey } = event;
    target.dispatchEvent(new KeyboardEvent(event.type, { ...common, key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey }));
  } else if (event instanceof MouseEvent) {
    const { detail, screenX, screenY, clientX, clientY, ctrlKey, shiftKey, altKey, metaKey, button, buttons } = event;
    target.dispatchEvent(new MouseEvent(event.type, { ...common, detail, screenX, screenY, clientX, clientY, ctrlKey, shiftKey, altKey, metaKey, button, buttons }));
  }
}

/**
 * Calls `onVisible` once for each island that comes near the viewport. An island's element
 * has no box of its own (display: contents), so its children are watched.
 */
function whenVisible(onVisible: (island: HTMLElement) => void) {
  const islandOf = new Map<Element, HTMLElement>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = islandOf.get(entry.target);
        if (!entry.isIntersecting || !island) continue;
        for (const [child, owner] of islandOf) if (owner === island) (observer.unobserve(child), islandOf.delete(child));
        onVisible(island);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  return (island: HTMLElement) => {
    for (const child of island.children) {
      islandOf.set(child, island);
      observer.observe(child);
    }
  };
}
