// @vitest-environment jsdom
/**
 * Islands from build to browser: a page rendered with its islands' elements empty, each
 * island rendered into its element as a root of its own (render.server.tsx), then hydrated
 * alone in a DOM (hydrate.tsx) without a mismatch, with ids of its own and its static slot
 * kept as it was, and what was typed into it before handed to its (controlled) fields. The browser side, with real chunks and timing: tests/e2e/loading.spec.ts.
 */
import { Button } from "@chakra-ui/react";
import { fireEvent } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { preload } from "react-dom";
import { renderToString } from "react-dom/server";
import forms from "../../content/collections/forms.json" with { type: "json" };
import type { Collections } from "../../schemas/collections/index.ts";
import { formSchema } from "../../schemas/forms.ts";
import site from "../../src/page/site-settings.ts";
import { resolveForm } from "../../src/forms/resolve.ts";
import { moveStylesToHead } from "../../src/styles/head-styles.ts";
import { hydrateIsland } from "../../src/runtime/islands/hydrate.tsx";
import { Island, IslandCollectorContext } from "../../src/page/Island.tsx";
import { contentForm } from "../../src/forms/ContentForm.island.ts";
import { noticeAction } from "../../src/ui/NoticeAction.island.ts";
import { defineIsland, islandRegistry } from "../../src/page/define-island.ts";
import { collectIslands, preloadIslands, renderIslands } from "../../src/runtime/islands/render.server.tsx";
import { createStyleCache, PageStyleCache, StyleProvider } from "../../src/styles/provider.tsx";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify, carryNotice: vi.fn(), showCarriedNotice: vi.fn() }));

const newsletter = resolveForm(formSchema.parse(forms.items.find((f) => f.id === "newsletter")), {} as Collections, site);
const notice = { type: "info" as const, title: "Coming Soon", description: "Soon." };
/** A form whose fields are controlled (value={state}), as the studio's screens are; what its state holds shows beside them. */
function ControlledForm() {
  const [name, setName] = useState("");
  const [topic, setTopic] = useState("a");
  return (
    <form>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <select aria-label="Topic" value={topic} onChange={(e) => setTopic(e.target.value)}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <output>{`${name}|${topic}`}</output>
    </form>
  );
}
const controlledForm = defineIsland("controlled-form", async () => ({ default: ControlledForm }), { hydrate: "load" });
/** An island that opens with the page's largest picture, preloaded as ui/Picture.tsx does. */
function Lead() {
  preload("/lead.avif", { as: "image", fetchPriority: "high" });
  return <img src="/lead.avif" alt="" />;
}
const lead = defineIsland("lead", async () => ({ default: Lead }), { hydrate: "load" });
/** The islands this page uses, as the browser's runtime finds them by name (src/islands.ts). */
const registry = islandRegistry([noticeAction, contentForm, controlledForm, lead]);

/** A page as the build renders it: the islands empty first, then each rendered into its element. */
function buildPage(
  main: ReactNode = (
    <>
      <h1>Static heading</h1>
      <Island of={noticeAction} props={{ notice }}>
        <Button type="button">Get Started</Button>
      </Island>
      <Island of={contentForm} props={{ form: newsletter, layout: "inline" }} />
      <Island of={contentForm} props={{ form: newsletter, layout: "inline", inverted: true }} />
    </>
  ),
) {
  const cache = createStyleCache();
  const islands = collectIslands(cache);
  const html = renderToString(
    <PageStyleCache value={cache}>
      <IslandCollectorContext value={islands}>
        <StyleProvider>
          <main>{main}</main>
        </StyleProvider>
      </IslandCollectorContext>
    </PageStyleCache>,
  );
  return moveStylesToHead(`<html><head></head><body>${renderIslands(html, islands)}</body></html>`);
}

let page: string;
beforeAll(async () => {
  // As in a browser: React's test-only act() warnings would stand for mismatches here.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  window.matchMedia = (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false }) as MediaQueryList;
  await preloadIslands(registry);
  page = buildPage();
});

describe("at build time", () => {
  it("writes each island as an element of its own with its name, strategy, props and HTML", () => {
    document.documentElement.innerHTML = page.replace(/^<html>|<\/html>$/g, "");
    const islands = [...document.querySelectorAll("site-island")];
    expect(islands.map((i) => [i.getAttribute("data-island"), i.getAttribute("data-id"), i.getAttribute("data-hydrate")])).toEqual([
      ["notice-action", "i1-", "interaction"],
      ["content-form", "i2-", "interaction"],
      ["content-form", "i3-", "interaction"],
    ]);
    expect(JSON.parse(islands[0]!.getAttribute("data-props")!)).toEqual({ notice });
    expect(islands[0]!.hasAttribute("data-capture-links")).toBe(true);
    expect(islands[0]!.querySelector("site-slot > button")?.textContent).toBe("Get Started");
    expect(islands[1]!.querySelector("form[data-form=newsletter]")).not.toBeNull();
  });

  it("gives every island's ids a prefix of their own: two forms never share one", () => {
    document.documentElement.innerHTML = page.replace(/^<html>|<\/html>$/g, "");
    const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
    expect(ids.length).toBeGreaterThan(4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("puts what an island preloads into the page's <head>, beside the page's own, not at the start of the island", () => {
    const cache = createStyleCache();
    const islands = collectIslands(cache);
    const body = renderToString(
      <IslandCollectorContext value={islands}>
        <main><Island of={lead} props={{}} /></main>
      </IslandCollectorContext>,
    );
    const head = '<head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><title>T</title></head>';
    const html = renderIslands(`<html>${head}<body>${body}</body></html>`, islands);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width"\/><link rel="preload" href="\/lead.avif" as="image" fetchPriority="high"\/><title>/);
    expect(html).toMatch(/<site-island [^>]*data-island="lead"[^>]*><img src="\/lead.avif" alt=""\/><\/site-island>/);
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
  });

  it("puts a picture two islands preload, or the page already does, into <head> once", () => {
    const cache = createStyleCache();
    const islands = collectIslands(cache);
    const body = renderToString(
      <IslandCollectorContext value={islands}>
        <main><Island of={lead} props={{}} /><Island of={lead} props={{}} /></main>
      </IslandCollectorContext>,
    );
    const link = '<link rel="preload" href="/lead.avif" as="image" fetchPriority="high"/>';
    const twice = renderIslands(`<html><head><title>T</title></head><body>${body}</body></html>`, islands);
    expect(twice.match(/rel="preload"/g)).toHaveLength(1);
    expect(twice).toContain(`${link}</head>`);

    const again = collectIslands(createStyleCache());
    const one = renderToString(
      <IslandCollectorContext value={again}>
        <main><Island of={lead} props={{}} /></main>
      </IslandCollectorContext>,
    );
    const alreadyThere = renderIslands(`<html><head>${link}<title>T</title></head><body>${one}</body></html>`, again);
    expect(alreadyThere.match(/rel="preload"/g)).toHaveLength(1);
  });

  it("leaves no style in <body>", () => {
    expect(page.slice(page.indexOf("<body"))).not.toContain("<style");
  });
});

describe("in the browser", () => {
  beforeEach(() => {
    document.documentElement.innerHTML = page.replace(/^<html>|<\/html>$/g, "");
  });

  it("hydrates an island alone, without a mismatch, and its handlers work", async () => {
    const errors = vi.spyOn(console, "error");
    const element = document.querySelector<HTMLElement>("site-island[data-island=notice-action]")!;
    const slot = element.querySelector("site-slot")!.innerHTML;
    await hydrateIsland(element, registry);
    expect(errors).not.toHaveBeenCalled();
    expect(element.querySelector("site-slot")!.innerHTML, "its static slot stays as it was").toBe(slot);
    fireEvent.click(element.querySelector("button")!);
    expect(notify).toHaveBeenCalledWith("info", "Coming Soon", "Soon.");
    errors.mockRestore();
  });

  it("hands what was typed before hydration to a controlled field, which keeps it", async () => {
    document.documentElement.innerHTML = buildPage(<Island of={controlledForm} props={{}} />).replace(/^<html>|<\/html>$/g, "");
    const element = document.querySelector<HTMLElement>("site-island[data-island=controlled-form]")!;
    const name = element.querySelector("input")!;
    const topic = element.querySelector("select")!;
    // Typed into the page as the server sent it, before the island's code runs.
    name.value = "Asha typed early";
    topic.value = "b";
    await hydrateIsland(element, registry);
    // A render after hydration sets a controlled field to its state: the state has the typed value.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(element.querySelector("output")!.textContent).toBe("Asha typed early|b");
    expect(name.value).toBe("Asha typed early");
    expect(topic.value).toBe("b");
  });

  it("hydrates a styled island (the Chakra system) without a mismatch, the others left static", async () => {
    const errors = vi.spyOn(console, "error");
    const [, first, second] = document.querySelectorAll<HTMLElement>("site-island");
    const before = second!.innerHTML;
    await hydrateIsland(first!, registry);
    expect(errors).not.toHaveBeenCalled();
    expect(second!.innerHTML).toBe(before);
    errors.mockRestore();
  });
});
