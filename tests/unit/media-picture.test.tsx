/**
 * The Picture component's markup, and the variants it names: sources best format first with
 * widths up to the image's own, width and height always (no layout shift), lazy and async
 * unless it is the page's priority image, which alone is eager, high priority and preloaded.
 */
import { renderToString } from "react-dom/server";
import { Picture } from "../../src/ui/Picture.tsx";
import { placeholderDataUrl } from "../../src/page/media/placeholder.ts";
import { resolveImages } from "../../src/page/media/resolve.ts";
import { cropFor, cropObjectPosition, type MediaAsset, parseVariantName, pictureSources, variantUrl, widthsFor } from "../../src/page/media/variants.ts";

const photo: MediaAsset = {
  id: "team-at-work",
  sha256: "ab".repeat(32),
  type: "image/jpeg",
  width: 2400,
  height: 1600,
  alt: "Three developers at a whiteboard",
  focal: { x: 0.75, y: 0.5 },
  placeholder: "1QcSHQRnh493V4dIh4eXh1h4kJUI",
};
const logo: MediaAsset = { id: "acme-logo", sha256: "cd".repeat(32), type: "image/svg+xml", width: 200, height: 60, alpha: true };
const media = new Map([photo, logo].map((a) => [a.id, a]));
const use = (image: Record<string, unknown>) => resolveImages(image, media) as { asset: string };

const attr = (html: string, tag: string, name: string) => new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];

describe("Picture", () => {
  it("lists AVIF and WebP sources at widths up to the image's own, with sizes, a JPEG fallback, width and height", () => {
    const html = renderToString(<Picture image={use({ asset: "team-at-work" })} sizes="(min-width: 62em) 50vw, 100vw" />);
    expect(html).toMatch(/^<picture><source type="image\/avif"[^>]*><source type="image\/webp"[^>]*><img /);
    const avif = attr(html, "source", "srcSet")!;
    expect(avif.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "960w", "1280w", "1920w"]);
    expect(avif).toContain("/_media/v1/team-at-work.abababababab.320.avif 320w");
    expect(attr(html, "source", "sizes")).toBe("(min-width: 62em) 50vw, 100vw");
    expect(attr(html, "img", "src")).toBe("/_media/v1/team-at-work.abababababab.1280.jpg");
    // One fallback file: every browser takes a source, so more widths of it would never be sent.
    expect(attr(html, "img", "srcSet")).toBeUndefined();
    expect(attr(html, "img", "sizes")).toBeUndefined();
    expect([attr(html, "img", "width"), attr(html, "img", "height")]).toEqual(["1920", "1280"]);
    expect(attr(html, "img", "alt")).toBe("Three developers at a whiteboard");
    expect(attr(html, "img", "loading")).toBe("lazy");
    expect(attr(html, "img", "decoding")).toBe("async");
    expect(html).not.toContain("fetchPriority");
    expect(html).not.toContain("fetchpriority");
    expect(html).not.toContain('rel="preload"');
    expect(attr(html, "img", "style")).toContain("object-position:75% 50%");
  });

  it("gives the priority image eager loading, high priority and a preload, and no other", () => {
    const html = renderToString(
      <>
        <Picture image={use({ asset: "team-at-work" })} sizes="100vw" ratio="wide" priority />
        <Picture image={use({ asset: "team-at-work", alt: "The same team, later" })} sizes="33vw" />
      </>,
    );
    const imgs = html.match(/<img [^>]*>/g)!;
    expect(imgs).toHaveLength(2);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[0]).not.toContain("decoding");
    expect(imgs[1]).toContain('loading="lazy"');
    expect(imgs[1]).not.toMatch(/fetchPriority/i);
    const preloads = html.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toContain('as="image"');
    expect(preloads[0]).toContain('fetchPriority="high"');
    expect(preloads[0]).toContain('imageSizes="100vw"');
    expect(preloads[0]).toContain("avif");
  });

  it("crops to the ratio around the focal point", () => {
    const html = renderToString(<Picture image={use({ asset: "team-at-work" })} sizes="100vw" ratio="square" />);
    // 1600 × 1600 around x = 0.75 of 2400: from 1000 to 2600, moved inside to 800–2400.
    expect(attr(html, "source", "srcSet")).toContain("team-at-work.abababababab.c800_0_1600_1600-320.avif 320w");
    expect([attr(html, "img", "width"), attr(html, "img", "height")]).toEqual(["1600", "1600"]);
  });

  it("has empty alt text when decorative, and the use's own alt text over the image's", () => {
    expect(attr(renderToString(<Picture image={use({ asset: "team-at-work", decorative: true })} sizes="100vw" />), "img", "alt")).toBe("");
    expect(attr(renderToString(<Picture image={use({ asset: "team-at-work", alt: "Our team" })} sizes="100vw" />), "img", "alt")).toBe("Our team");
  });

  it("serves an SVG as its one file, without a preview behind its transparent parts", () => {
    const html = renderToString(<Picture image={use({ asset: "acme-logo", alt: "Acme" })} sizes="120px" />);
    expect(html).not.toContain("<source");
    expect(attr(html, "img", "src")).toBe("/_media/v1/acme-logo.cdcdcdcdcdcd.svg");
    expect([attr(html, "img", "width"), attr(html, "img", "height")]).toEqual(["200", "60"]);
    expect(html).not.toContain("background-image");
  });

  it("draws nothing for an image that was not resolved", () => {
    expect(renderToString(<Picture image={{ asset: "missing" }} sizes="100vw" />)).toBe("");
  });

  it("inlines a placeholder well under 1 kB", () => {
    const url = placeholderDataUrl(photo.placeholder!);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(url.length).toBeLessThan(700);
  });
});

describe("image uses in page data", () => {
  it("get their asset's facts wherever they are, and only what holds one is copied", () => {
    const posts = [{ title: "A post", date: "2026-11-01" }];
    const data = { posts, service: { title: "Web", image: { asset: "team-at-work", alt: "Web team" } }, missing: { asset: "nowhere" } };
    const resolved = resolveImages(data, media);
    expect(resolved.posts).toBe(posts);
    expect(resolved.service.image).toMatchObject({ asset: "team-at-work", alt: "Web team", media: { id: "team-at-work", width: 2400 } });
    expect(resolved.missing).toBe(data.missing);
    expect(resolveImages(posts, media)).toBe(posts);
  });
});

describe("variants", () => {
  it("are encoded at the standard widths below the image's own, and at its own up to 1920", () => {
    expect(widthsFor(3000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(widthsFor(1000)).toEqual([320, 640, 960, 1000]);
    expect(widthsFor(200)).toEqual([200]);
  });

  it("keep the focal point inside the crop, and the crop inside the image", () => {
    expect(cropFor({ width: 2400, height: 1600 }, "wide", { x: 0.5, y: 0 })).toEqual({ left: 0, top: 0, width: 2400, height: 1350 });
    expect(cropFor({ width: 2400, height: 1600 }, "portrait", { x: 0, y: 0.5 })).toEqual({ left: 0, top: 0, width: 1280, height: 1600 });
    expect(cropFor({ width: 2400, height: 1600 }, "original", { x: 0.2, y: 0.2 })).toBeUndefined();
    expect(cropFor({ width: 2400, height: 1600 }, "original", { x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5, width: 0.5, height: 0.5 })).toEqual({ left: 1200, top: 800, width: 1200, height: 800 });
  });

  it("are previewed in the studio as cut: the object-position that shows cropFor's part, not the focal point's percentages", () => {
    // A 3:2 picture's square keeps the focal point in the middle where it can: 1200 px from the left of 800 spare.
    expect(cropObjectPosition({ width: 2400, height: 1600 }, "square", { x: 0.5, y: 0.5 })).toBe("50% 50%");
    expect(cropObjectPosition({ width: 2400, height: 1600 }, "square", { x: 0.22, y: 0.5 })).toBe("0% 50%");
    expect(cropObjectPosition({ width: 2400, height: 1600 }, "square", { x: 0.7, y: 0.5 })).toBe("100% 50%");
    expect(cropObjectPosition({ width: 2400, height: 1600 }, "portrait", { x: 0.4, y: 0.5 })).toBe("28.6% 50%");
    expect(cropObjectPosition({ width: 2400, height: 1600 }, "original", { x: 0.1, y: 0.9 })).toBe("50% 50%");
  });

  it("are named by what they are made of, and read back from their names", () => {
    const spec = { id: "team-at-work", sha: "abababababab", crop: { left: 800, top: 0, width: 1600, height: 1600 }, width: 640, format: "webp" as const };
    const url = variantUrl(spec);
    expect(parseVariantName(url.split("/").at(-1)!)).toEqual(spec);
    expect(parseVariantName("team.abababababab.svg")).toEqual({ id: "team", sha: "abababababab", svg: true });
    expect(parseVariantName("../../etc/passwd")).toBeUndefined();
  });

  it("keep an animated image's frames: WebP and GIF, no AVIF", () => {
    const sources = pictureSources({ ...photo, type: "image/gif", animated: true }, { ratio: "original" });
    expect(sources.sources.map((s) => s.type)).toEqual(["image/webp"]);
    expect(sources.fallback.type).toBe("image/gif");
  });
});
