// @vitest-environment jsdom
/**
 * The page editor's preview draws a draft's images as the site does (issue 39), from the site's
 * checked content as the studio gives it to the editor: each use resolved from the library the
 * editor knows (the published images and the new ones not published yet), its files at the
 * studio's address under the very names a page gives them, with the per-use alt text or the
 * decorative choice and the focal point as on the site; a use in a collection's item (a service's
 * picture) too; an image uploaded in the editor shows as soon as the editor knows it.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, render } from "@testing-library/react";
import type { ReactNode } from "react";
import Hero from "../../src/blocks/hero/Hero.tsx";
import ImageBlock from "../../src/blocks/image/ImageBlock.tsx";
import { editorStore } from "../../src/editor/server/store.ts";
import type { EditorContext, LibraryImage } from "../../src/editor/model.ts";
import { previewFrame, type PreviewFrame } from "../../src/editor/preview/data.ts";
import type { ResolvedImage } from "../../src/page/media/resolve.ts";
import { system } from "../../src/styles/theme.ts";

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

/** A new image, uploaded and not published: the studio lists it with the library's (server/studio/documents-api.ts). */
const harbour: LibraryImage = { id: "harbour-at-dawn", sha256: "b".repeat(64), type: "image/jpeg", width: 2400, height: 1600, alt: "Boats in the harbour at dawn", focal: { x: 0.8, y: 0.3 }, unpublished: true };

let context: EditorContext;
beforeAll(async () => {
  context = await editorStore({ root: process.cwd() }).context();
});

const page = (blocks: unknown[]) => ({ blocks, keys: blocks.map((_, i) => `b${i}`), path: "/about" });
const propsOf = (frame: PreviewFrame, i: number) => frame.blocks[i]!.block!.props;
const images = (ui: ReactNode) => [...render(<ChakraProvider value={system}>{ui}</ChakraProvider>).container.querySelectorAll("img")];

it("draws a new image with the per-use alt text and its focal point, and a decorative use with an empty alt, from the studio's address", async () => {
  const hero = { type: "hero", title: "About us", subtitle: "Who we are.", image: { asset: harbour.id, alt: "Our harbour office at dawn" } };
  const picture = { type: "image", image: { asset: harbour.id, decorative: true } };
  const frame = await previewFrame(page([hero, picture]), { ...context, media: [...context.media!, harbour] }, context.collections);

  const [beside] = images(<Hero {...(propsOf(frame, 0) as Parameters<typeof Hero>[0])} data={undefined} />);
  // The site's names (page/media/variants.ts), under the studio's address: the 2400 px picture's 1280 px file.
  expect(beside!.getAttribute("src")).toBe("/api/studio/media/harbour-at-dawn/variants/harbour-at-dawn.bbbbbbbbbbbb.1280.jpg");
  const sources = [...beside!.closest("picture")!.querySelectorAll("source")].map((s) => s.getAttribute("srcset"));
  expect(sources).toHaveLength(2);
  for (const srcset of sources) expect(srcset).toMatch(/^\/api\/studio\/media\/harbour-at-dawn\/variants\/harbour-at-dawn\.b{12}\.320\.(avif|webp) 320w, /);
  expect(beside!.getAttribute("alt")).toBe("Our harbour office at dawn");
  expect(beside!.style.objectPosition).toBe("80% 30%");

  const [decorative] = images(<ImageBlock {...(propsOf(frame, 1) as Parameters<typeof ImageBlock>[0])} data={undefined} />);
  expect(decorative!.getAttribute("alt")).toBe("");
  expect(decorative!.getAttribute("src")).toMatch(/^\/api\/studio\/media\/harbour-at-dawn\/variants\//);
});

it("draws a published image as the site does (its alt text, or none when the use is decorative), and a service's picture loaded from its collection", async () => {
  const about = context.pages["content/pages/about.json"] as { blocks: unknown[] };
  const services = context.pages["content/pages/services.json"] as { blocks: { type: string }[] };
  const frame = await previewFrame(page([about.blocks[0], ...services.blocks.filter((b) => b.type === "service-grid")]), context, context.collections);

  const [behind] = images(<Hero {...(propsOf(frame, 0) as Parameters<typeof Hero>[0])} data={undefined} />);
  expect(behind!.getAttribute("src")).toMatch(/^\/api\/studio\/media\/hero-background-about\/variants\/hero-background-about\.[0-9a-f]{12}\.1280\.jpg$/);
  expect(behind!.getAttribute("alt")).toBe("");
  // A service's picture comes with its item (the block's loaded data), resolved like the block's own.
  const service = (frame.blocks[1]!.block!.data as { image?: ResolvedImage }[]).find((s) => s.image)!;
  expect(service.image!.media).toMatchObject({ id: service.image!.asset, servedAt: `/api/studio/media/${service.image!.asset}/variants` });
});

it("an image the editor learns of (uploaded from a picker) shows in the next frame of the same draft", async () => {
  const hero = { type: "hero", title: "About us", subtitle: "Who we are.", image: { asset: harbour.id } };
  const before = await previewFrame(page([hero]), context, context.collections);
  expect((propsOf(before, 0).image as ResolvedImage).media).toBeUndefined();
  const after = await previewFrame(page([hero]), { ...context, media: [...context.media!, harbour] }, context.collections);
  expect((propsOf(after, 0).image as ResolvedImage).media).toMatchObject({ id: harbour.id, alt: harbour.alt, focal: harbour.focal });
  // What the picker's list knows of it stays there: not a fact of the picture.
  expect(propsOf(after, 0).image).not.toHaveProperty("media.unpublished");
});
