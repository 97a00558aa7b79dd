// @vitest-environment jsdom
/**
 * A page rendered wholly in the browser (client-render.tsx, the page editor's preview): the
 * real shell and blocks, every island simply its component and working at once, and a
 * block whose code failed to load brought back by the page's Retry (its chunk is asked for
 * again, not the failure kept).
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import site from "../../src/page/site-settings.ts";
import { block } from "../../src/blocks/define.tsx";
import type { RenderedBlock } from "../../src/runtime/page-data.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify, carryNotice: vi.fn(), showCarriedNotice: vi.fn() }));

// A block whose code fails to load while the network is down, as a chunk does offline.
const network = vi.hoisted(() => ({ down: true, attempts: 0 }));
vi.mock("../../src/blocks/registry.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/blocks/registry.ts")>();
  const flaky = block(
    () => import("../../src/blocks/stats/definition.ts"),
    async () => {
      network.attempts++;
      if (network.down) throw new TypeError("Failed to fetch dynamically imported module");
      return import("../../src/blocks/stats/Stats.tsx");
    },
  );
  return { ...real, blocks: { ...real.blocks, stats: flaky } };
});

beforeAll(async () => {
  // The block's own module, transformed once before the tests: what Retry waits for is the
  // block coming back, not a first compile of its code on a busy machine.
  await import("../../src/blocks/stats/Stats.tsx");
  // jsdom has no matchMedia (Chakra asks for it).
  window.matchMedia = (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false }) as MediaQueryList;
});

const shell = { site, services: [] };
const hero: RenderedBlock = {
  type: "hero",
  props: { title: "Hello", subtitle: "A preview", actions: [{ label: "Get Started", notice: "not-implemented", variant: "solid" }], showClaims: false },
  data: undefined,
};
const stats: RenderedBlock = { type: "stats", props: { tone: "plain" }, data: undefined };

describe("a page rendered in the browser", () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
  });
  afterEach(() => container.remove());

  it("renders the shell and the blocks, and an island works as its component", async () => {
    const { renderPage } = await import("../../src/runtime/client-render.tsx");
    let root!: ReturnType<typeof renderPage>;
    await act(async () => void (root = renderPage(container, { page: { path: "/", blocks: [hero] }, shell })));
    // Each block's and island's code loads on demand.
    expect(await screen.findByRole("heading", { level: 1, name: "Hello" }, { timeout: 15_000 })).toBeTruthy();
    expect(container.querySelector("site-island"), "no island root in a page rendered in the browser").toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Get Started" }, { timeout: 15_000 }));
    expect(notify).toHaveBeenCalledWith("info", "Coming Soon", "This feature isn't implemented yet. It's coming soon!");
    act(() => root.unmount());
  });

  it("shows the load error where a block's code failed, and Retry brings the block back", async () => {
    const { renderPage } = await import("../../src/runtime/client-render.tsx");
    let root!: ReturnType<typeof renderPage>;
    await act(async () => void (root = renderPage(container, { page: { path: "/", blocks: [stats] }, shell })));
    const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
    expect(alert.textContent).toContain("Couldn't load this page");
    const failed = network.attempts;
    network.down = false;
    // The block's code arrives while React is acting on the click (as in a browser, where nothing waits for act).
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await waitFor(() => expect(screen.getByText("Years Experience")).toBeTruthy(), { timeout: 15_000 });
    expect(network.attempts, "asked for again, not the failure kept").toBe(failed + 1);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => root.unmount());
  });
});
