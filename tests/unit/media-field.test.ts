/**
 * The image field inside the checker (withKnownMedia): an unknown asset, an image with no alt
 * text anywhere that is not decorative, alt text that is a file name, and decorative with alt
 * text are located errors of the catalogue; outside the checker only the shape is checked.
 * The manifests' own check: schema, and the id that is the file's name.
 */
import { z } from "zod";
import { image } from "../../schemas/fields.ts";
import { withKnownMedia } from "../../schemas/media-use.ts";
import { mediaManifestSchema } from "../../schemas/media.ts";
import { issueToError, fileLabeller } from "../../src/content-files/issues.ts";
import { parseJsonSource } from "../../src/content-files/source.ts";
import { checkMediaLibrary } from "../../src/runtime/content/media-check.ts";
import { translatableTexts } from "../../schemas/translatable.ts";

const block = z.strictObject({ title: z.string(), image });
const known = new Map([
  ["team", { alt: "Our team at the whiteboard" }],
  ["pattern", {}],
]);

function check(value: unknown) {
  const text = JSON.stringify(value, null, 2);
  const { source } = parseJsonSource("content/pages/x.json", text, "Page X");
  const result = withKnownMedia(known, () => block.safeParse(source!.data));
  return result.success ? [] : result.error.issues.map((i) => issueToError(i, source!, fileLabeller("Page X"))).map((e) => ({ code: e.code, pointer: e.pointer, line: e.line }));
}

describe("the image field", () => {
  it("accepts an image with its own alt text, the asset's, or marked decorative", () => {
    expect(check({ title: "A", image: { asset: "team" } })).toEqual([]);
    expect(check({ title: "A", image: { asset: "pattern", alt: "Dots in brand blue" } })).toEqual([]);
    expect(check({ title: "A", image: { asset: "pattern", decorative: true } })).toEqual([]);
  });

  it("reports an unknown asset at its id", () => {
    expect(check({ title: "A", image: { asset: "teem" } })).toEqual([{ code: "UnknownMediaAsset", pointer: "/image/asset", line: 4 }]);
  });

  it("reports an image with no alt text that is not decorative", () => {
    expect(check({ title: "A", image: { asset: "pattern" } })).toEqual([{ code: "ImageAltMissing", pointer: "/image/alt", line: 3 }]);
  });

  it("reports alt text that is a file name", () => {
    expect(check({ title: "A", image: { asset: "team", alt: "IMG_2041.JPG" } })).toEqual([{ code: "AltTextIsFileName", pointer: "/image/alt", line: 5 }]);
    expect(check({ title: "A", image: { asset: "team", alt: "team-photo.png" } })).toMatchObject([{ code: "AltTextIsFileName" }]);
    expect(check({ title: "A", image: { asset: "team", alt: "Our team, photographed in 2024." } })).toEqual([]);
  });

  it("refuses decorative with alt text", () => {
    expect(check({ title: "A", image: { asset: "team", decorative: true, alt: "Team" } })).toMatchObject([{ code: "InvalidValue", pointer: "/image/alt" }]);
  });

  it("checks only the shape outside the checker (the editor's forms)", () => {
    expect(block.safeParse({ title: "A", image: { asset: "anything" } }).success).toBe(true);
    expect(block.safeParse({ title: "A", image: { asset: "Not An Id" } }).success).toBe(false);
  });

  it("translates a use's alt text, not its asset id", () => {
    expect(translatableTexts(block, { title: "A", image: { asset: "team", alt: "Our team" } })).toEqual([
      { path: ["title"], text: "A" },
      { path: ["image", "alt"], text: "Our team" },
    ]);
  });
});

describe("the media library's manifests", () => {
  const manifest = { id: "team", sha256: "a".repeat(64), type: "image/jpeg", width: 10, height: 10, bytes: 100, alt: "Our team" };
  it("are checked against their schema, and named after their id", () => {
    const library = checkMediaLibrary(
      new Map([
        ["content/media/team.json", JSON.stringify(manifest)],
        ["content/media/other.json", JSON.stringify({ ...manifest, id: "team-2" })],
        ["content/media/bad.json", JSON.stringify({ ...manifest, id: "bad", type: "image/bmp" })],
        ["content/pages/home.json", "{}"],
      ]),
    );
    expect([...library.assets.keys()]).toEqual(["team"]);
    expect(library.errors.map((e) => [e.file, e.code])).toEqual([
      ["content/media/bad.json", "NotAnOption"],
      ["content/media/other.json", "InvalidValue"],
    ]);
  });

  it("translate the alt text and the caption, not the credit or licence", () => {
    const texts = translatableTexts(mediaManifestSchema, { ...manifest, caption: "In the office", credit: "Own work", licence: "CC0 1.0" });
    expect(texts.map((t) => t.path.join("."))).toEqual(["alt", "caption"]);
  });
});
