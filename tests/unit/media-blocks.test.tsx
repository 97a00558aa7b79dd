// @vitest-environment jsdom
/**
 * Blocks with pictures, rendered with the sample site's real assets (content/media/): every
 * picture has its width and height (no layout shift), `sizes` from its layout (an SVG is one file
 * for every width: it has none) and alt text or an empty alt when decorative; only a page's opening picture (a hero's, or the first
 * card's of a listing that opens its page) loads at high priority, every other one lazily.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import { readdirSync, readFileSync } from "node:fs";
import type { ReactNode } from "react";
import { mediaManifestSchema, MEDIA_DIR } from "../../schemas/media.ts";
import { resolveImages } from "../../src/page/media/resolve.ts";
import { system } from "../../src/styles/theme.ts";
import Hero from "../../src/blocks/hero/Hero.tsx";
import ServiceHero from "../../src/blocks/service-hero/ServiceHero.tsx";
import ServiceGrid from "../../src/blocks/service-grid/ServiceGrid.tsx";
import TestimonialCarousel from "../../src/blocks/testimonials/TestimonialCarousel.tsx";
import LogoStrip from "../../src/blocks/logo-strip/LogoStrip.tsx";
import ImageBlock from "../../src/blocks/image/ImageBlock.tsx";
import MediaText from "../../src/blocks/media-text/MediaText.tsx";
import { PostCard, PostGrid } from "../../src/blog/ui/PostCard.tsx";
import { DEFAULT_POST_PICTURE } from "../../src/blog/defaults.ts";
import { islandTexts } from "../../src/page/ui-strings.ts";

const carouselTexts = islandTexts(["carousel.carousel", "carousel.slide", "carousel.slideOf", "carousel.showTestimonial", "carousel.rated"]);

const media = new Map(
  readdirSync(MEDIA_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => mediaManifestSchema.parse(JSON.parse(readFileSync(`${MEDIA_DIR}/${f}`, "utf8"))))
    .map((m) => [m.id, m] as const),
);
/** Props as page data hands them to a block: every image use with its asset attached. */
const resolved = <T,>(props: T): T => resolveImages(props, media);

const images = (ui: ReactNode) => [...render(<ChakraProvider value={system}>{ui}</ChakraProvider>).container.querySelectorAll("img")];
const attrs = (img: HTMLImageElement) => ({
  alt: img.getAttribute("alt"),
  width: img.getAttribute("width"),
  height: img.getAttribute("height"),
  sizes: img.closest("picture")?.querySelector("source")?.getAttribute("sizes") ?? img.getAttribute("sizes"),
  loading: img.getAttribute("loading"),
  fetchpriority: img.getAttribute("fetchpriority"),
});

describe("a hero's picture", () => {
  const hero = { title: "Software that moves your business forward", subtitle: "We build software.", actions: [], showClaims: false };

  it("beside the text is the page's priority image, drawn at the column's width", () => {
    const [img, ...others] = images(<Hero {...resolved({ ...hero, image: { asset: "hero-home" }, imageSide: "right" as const })} data={undefined} />);
    expect(others).toEqual([]);
    expect(attrs(img!)).toEqual({ alt: media.get("hero-home")!.alt, width: "960", height: "720", sizes: null, loading: "eager", fetchpriority: "high" });
    // A photograph there gets the column's sizes.
    const [photo] = images(<Hero {...resolved({ ...hero, image: { asset: "post-default", alt: "A scene" }, imageSide: "right" as const })} data={undefined} />);
    expect(attrs(photo!)).toMatchObject({ width: "1600", height: "900", sizes: "(min-width: 72em) 470px, (min-width: 48em) 42vw, min(100vw, 24rem)", fetchpriority: "high" });
  });

  it("behind the text covers the band, full width, decorative (empty alt), still the priority image", () => {
    const [img] = images(<Hero {...resolved({ ...hero, image: { asset: "hero-background-about", decorative: true as const }, imageSide: "background" as const })} data={undefined} />);
    expect(attrs(img!)).toMatchObject({ alt: "", width: "1600", height: "900", sizes: "100vw", loading: "eager", fetchpriority: "high" });
    expect(img!.style.position).toBe("absolute");
    // AVIF and WebP first, each a srcset of widths up to the original's.
    const sources = [...img!.closest("picture")!.querySelectorAll("source")].map((s) => [s.type, s.srcset.split(", ").map((c) => c.split(" ")[1])]);
    expect(sources).toEqual([
      ["image/avif", ["320w", "640w", "960w", "1280w", "1600w"]],
      ["image/webp", ["320w", "640w", "960w", "1280w", "1600w"]],
    ]);
  });

  it("without a picture, the hero draws none", () => {
    expect(images(<Hero {...hero} imageSide="right" data={undefined} />)).toEqual([]);
  });
});

describe("pictures below the page's opening load lazily, with their layout's sizes", () => {
  const service = JSON.parse(readFileSync("content/collections/services.json", "utf8")).items[0];

  it("a service page's illustration is its priority image", () => {
    const { icon, title, subtitle, description, image } = service;
    const [img] = images(<ServiceHero actions={[]} data={resolved({ icon, title, subtitle, description, image })} />);
    expect(attrs(img!)).toMatchObject({ alt: media.get("service-web-development")!.alt, width: "800", height: "600", fetchpriority: "high" });
  });

  it("the detailed services grid: one illustration per card", () => {
    const data = resolved([{ id: service.id, icon: service.icon, title: service.title, text: "", features: [], image: service.image }]);
    const [img] = images(<ServiceGrid variant="detailed" linkLabel="Learn More" tone="plain" data={data} />);
    expect(attrs(img!)).toEqual({ alt: media.get("service-web-development")!.alt, width: "800", height: "600", sizes: null, loading: "lazy", fetchpriority: null });
  });

  it("testimonials: a 56px square portrait beside each name", () => {
    const people = resolved(JSON.parse(readFileSync("content/collections/testimonials.json", "utf8")).items);
    window.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
    const all = images(<TestimonialCarousel heading={{ title: "What Our Clients Say" }} intervalMs={5000} tone="plain" data={people} texts={carouselTexts} />);
    expect(all.map((img) => attrs(img))).toEqual(
      people.map((p: { name: string }) => ({ alt: `Illustrated portrait of ${p.name}`, width: "256", height: "256", sizes: null, loading: "lazy", fetchpriority: null })),
    );
  });

  it("the logo strip: logos 40px high, with the company's name as their alt text; a name without a logo stays text", () => {
    const logos = resolved([{ name: "LedgerLoop", logo: { asset: "logo-ledgerloop" } }, { name: "Acme" }]);
    const { container } = render(<ChakraProvider value={system}><LogoStrip title="Trusted by" logos={logos} tone="plain" data={undefined} /></ChakraProvider>);
    const [img, ...rest] = [...container.querySelectorAll("img")];
    expect(rest).toEqual([]);
    expect(attrs(img!)).toMatchObject({ alt: "LedgerLoop", loading: "lazy", fetchpriority: null });
    expect(Number(img!.getAttribute("width")) / Number(img!.getAttribute("height"))).toBeGreaterThan(3);
    expect([...container.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["", "Acme"]);
  });

  it("the image block: a figure, as wide as its width says, with its caption", () => {
    const props = resolved({ image: { asset: "hero-background-about", alt: "Three colleagues at one table" }, caption: "Projects start at one table.", tone: "plain" as const });
    for (const [width, sizes] of [["content", "(min-width: 48em) 720px, 100vw"], ["wide", "(min-width: 72em) 1088px, 100vw"], ["full", "100vw"]] as const) {
      const { container } = render(<ChakraProvider value={system}><ImageBlock {...props} width={width} data={undefined} /></ChakraProvider>);
      const img = container.querySelector("figure img") as HTMLImageElement;
      expect(attrs(img)).toEqual({ alt: "Three colleagues at one table", width: "1600", height: "900", sizes, loading: "lazy", fetchpriority: null });
      expect(container.querySelector("figcaption")!.textContent).toBe("Projects start at one table.");
      container.remove();
    }
  });

  it("media-text: the picture half the section wide, beside paragraphs split at blank lines", () => {
    const props = resolved({ title: "A plan", text: "One.\n\nTwo.", actions: [], image: { asset: "post-default", alt: "A scene" }, tone: "plain" as const });
    for (const side of ["start", "end"] as const) {
      const { container } = render(<ChakraProvider value={system}><MediaText {...props} imageSide={side} data={undefined} /></ChakraProvider>);
      const img = container.querySelector("img")!;
      expect(attrs(img)).toMatchObject({ width: "1600", height: "900", sizes: "(min-width: 72em) 530px, (min-width: 48em) 46vw, 100vw", loading: "lazy", fetchpriority: null });
      expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["One.", "Two."]);
      container.remove();
    }
  });

  it("a post card without a picture of its own shows the default one, decorative, cropped 16:9", () => {
    const post = { id: "p", title: "A post", excerpt: "", date: "2025-01-01", dateText: "January 1, 2025", category: "News", tags: [], tagSlugs: [], image: "", imageAlt: "", imageSrcSet: "", author: "A", picture: resolved({ ...DEFAULT_POST_PICTURE }) };
    const [img] = images(<PostCard post={post} readMoreLabel="Read More" />);
    expect(attrs(img!)).toMatchObject({ alt: "", width: "1600", height: "900", loading: "lazy", fetchpriority: null });
    expect(img!.getAttribute("src")).toMatch(/^\/_media\/v1\/post-default\.[0-9a-f]{12}\.1280\.jpg$/);
  });

  it("a listing that opens its page (the blog's list, an archive) loads its first card's picture first, the others lazily; Home's feed, further down, all lazily", () => {
    const post = (id: string) => ({ id, title: id, excerpt: "", date: "2025-01-01", dateText: "January 1, 2025", category: "News", tags: [], tagSlugs: [], image: "", imageAlt: "", imageSrcSet: "", author: "A", picture: resolved({ ...DEFAULT_POST_PICTURE }) });
    const posts = [post("a"), post("b"), post("c")];
    const priority = (img: HTMLImageElement) => [img.getAttribute("loading"), img.getAttribute("fetchpriority")];
    expect(images(<PostGrid posts={posts} readMoreLabel="Read More" leadImage />).map(priority)).toEqual([["eager", "high"], ["lazy", null], ["lazy", null]]);
    expect(images(<PostGrid posts={posts} readMoreLabel="Read More" />).map(priority)).toEqual([["lazy", null], ["lazy", null], ["lazy", null]]);
  });
});
