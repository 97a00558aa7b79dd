// @vitest-environment jsdom
/**
 * Block components in a DOM, and the registry contract every block type must keep.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { type ReactNode, Suspense } from "react";
import { z } from "zod";
import type { Testimonial } from "../../schemas/collections/testimonials.ts";
import { block } from "../../src/blocks/define.tsx";
import { blocks, blockTypes } from "../../src/blocks/registry.ts";
import TestimonialCarousel from "../../src/blocks/testimonials/TestimonialCarousel.tsx";
import { system } from "../../src/styles/theme.ts";
import { islandTexts } from "../../src/page/ui-strings.ts";

const carouselTexts = islandTexts(["carousel.carousel", "carousel.slide", "carousel.slideOf", "carousel.showTestimonial", "carousel.rated"]);

/** jsdom has no matchMedia; `reduce` says whether the visitor asks for reduced motion. */
function mockMatchMedia(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query.includes("prefers-reduced-motion"),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

const withChakra = (ui: ReactNode) => <ChakraProvider value={system}>{ui}</ChakraProvider>;

const people: Testimonial[] = ["Asha Verma", "Rohan Mehta", "Lena Fischer"].map((name, i) => ({
  id: `person-${i + 1}`,
  name,
  role: "CTO",
  company: `Company ${i + 1}`,
  text: `What ${name} said about working with the team.`,
  rating: 5,
}));

describe("Testimonials carousel", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockMatchMedia(false);
  });
  afterEach(() => vi.useRealTimers());

  const renderCarousel = () =>
    render(withChakra(<TestimonialCarousel heading={{ title: "What Our Clients Say" }} intervalMs={5000} tone="plain" data={people} texts={carouselTexts} />));
  /** The name on the slide that is shown. */
  const shown = () => document.querySelector("[aria-roledescription=slide][data-active] figcaption p")?.textContent;
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const carousel = () => document.querySelector("[aria-roledescription=carousel]")!;

  it("shows the first testimonial, and only that one to assistive technology", () => {
    renderCarousel();
    expect(shown()).toBe("Asha Verma");
    const slides = document.querySelectorAll("[aria-roledescription=slide]");
    expect([...slides].map((s) => s.getAttribute("aria-hidden"))).toEqual(["false", "true", "true"]);
  });

  it("advances every 5000 ms and wraps around", () => {
    renderCarousel();
    advance(4999);
    expect(shown()).toBe("Asha Verma");
    advance(1);
    expect(shown()).toBe("Rohan Mehta");
    advance(5000);
    expect(shown()).toBe("Lena Fischer");
    advance(5000);
    expect(shown()).toBe("Asha Verma");
  });

  it("jumps to a testimonial from its dot, and counts the next interval from there", () => {
    renderCarousel();
    advance(3000);
    fireEvent.click(screen.getByRole("button", { name: "Show testimonial 3 of 3" }));
    expect(shown()).toBe("Lena Fischer");
    expect(screen.getByRole("button", { name: "Show testimonial 3 of 3" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "Show testimonial 1 of 3" }).hasAttribute("aria-current")).toBe(false);
    advance(4999);
    expect(shown()).toBe("Lena Fischer");
    advance(1);
    expect(shown()).toBe("Asha Verma");
  });

  it("pauses while hovered and resumes when the pointer leaves", () => {
    renderCarousel();
    fireEvent.mouseEnter(carousel());
    advance(20_000);
    expect(shown()).toBe("Asha Verma");
    fireEvent.mouseLeave(carousel());
    advance(5000);
    expect(shown()).toBe("Rohan Mehta");
  });

  it("pauses while a dot has keyboard focus", () => {
    renderCarousel();
    fireEvent.focus(screen.getByRole("button", { name: "Show testimonial 2 of 3" }));
    advance(20_000);
    expect(shown()).toBe("Asha Verma");
  });

  it("does not move by itself for people who ask for reduced motion, but the dots still work", () => {
    mockMatchMedia(true);
    renderCarousel();
    advance(20_000);
    expect(shown()).toBe("Asha Verma");
    fireEvent.click(screen.getByRole("button", { name: "Show testimonial 2 of 3" }));
    expect(shown()).toBe("Rohan Mehta");
  });
});

describe("block registry", () => {
  it.each(blockTypes)("%s: its definition loads and has a zod object schema", async (type) => {
    const definition = await blocks[type].definition();
    expect(definition.schema).toBeInstanceOf(z.ZodObject);
    // `type` is the page's discriminator, so a block cannot have a prop of that name.
    expect(Object.keys(definition.schema.shape)).not.toContain("type");
    expect(definition.load === undefined || typeof definition.load === "function").toBe(true);
  });

  it.each(blockTypes)("%s: its component loads", async (type) => {
    await expect(blocks[type].preload()).resolves.toBeTypeOf("function");
  });

  it("has one entry per block folder (a folder that is not registered is dead code)", () => {
    const folders = (files: Record<string, unknown>) => [...new Set(Object.keys(files).map((f) => f.split("/").at(-2)!))].sort();
    expect(folders(import.meta.glob("../../src/blocks/*/definition.ts"))).toEqual([...blockTypes].sort());
    expect(folders(import.meta.glob("../../src/blocks/*/[A-Z]*.tsx"))).toEqual([...blockTypes].sort());
  });

  it("loads a block's code again after a failed load, so Retry can recover; a loaded block is not fetched twice", async () => {
    const Loaded = () => <p>loaded</p>;
    let attempts = 0;
    const registered = block(
      () => Promise.reject(new Error("build time only")),
      async () => {
        if (++attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
        return { default: Loaded };
      },
    );
    await expect(registered.preload()).rejects.toThrow("Failed to fetch");
    await expect(registered.preload()).resolves.toBe(Loaded);
    await registered.preload();
    expect(attempts).toBe(2);
    render(<registered.Component data={undefined} />);
    expect(screen.getByText("loaded")).toBeTruthy();
  });

  it("renders a block through the registry, loading its code on demand", async () => {
    mockMatchMedia(false);
    const { Component } = blocks.stats;
    render(withChakra(<Suspense fallback={<p>loading</p>}><Component data={undefined} /></Suspense>));
    expect(await screen.findByText("Years Experience")).toBeTruthy();
    expect(screen.getByText("15+")).toBeTruthy();
  });
});
