/**
 * The Media screen's search and filters (src/studio/screens/Media.tsx): words found in the name,
 * the alt text in any language, the caption and the tags; a tag; and what an image lacks (used
 * nowhere, no alt text, no alt text in one language: only asked of an image with English alt text).
 */
import { describe, expect, it } from "vitest";
import type { MediaManifest } from "../../schemas/media.ts";
import type { MediaAsset } from "../../schemas/studio-media.ts";
import { mediaMatches } from "../../src/studio/screens/Media.tsx";

const image = (id: string, manifest: Partial<MediaManifest>, { uses = 1, translations = {} }: Partial<Pick<MediaAsset, "uses" | "translations">> = {}): MediaAsset => ({
  id,
  manifest: { id, type: "image/png", width: 64, height: 48, bytes: 900, sha256: "a".repeat(64), ...manifest },
  state: "published",
  newPicture: false,
  translations,
  uses,
});

const office = image("office-dawn", { alt: "Our office at dawn", caption: "Pune", tags: ["team"] }, { translations: { hi: { alt: "भोर में हमारा कार्यालय", stale: false } } });
const harbour = image("harbour", { alt: "A harbour at noon" }, { uses: 0 });
const logo = image("logo-urbanly", {});
const all = [office, harbour, logo];
const shown = (query: string, tag: string, filter: Parameters<typeof mediaMatches>[3]) => all.filter((asset) => mediaMatches(asset, query, tag, filter)).map((asset) => asset.id);

describe("the Media screen's search and filters", () => {
  it("finds words in the name, the alt text in any language, the caption and the tags, every word", () => {
    expect(shown("office dawn", "", "all")).toEqual(["office-dawn"]);
    expect(shown("कार्यालय", "", "all")).toEqual(["office-dawn"]);
    expect(shown("PUNE", "", "all")).toEqual(["office-dawn"]);
    expect(shown("harbour dawn", "", "all")).toEqual([]);
    expect(shown("", "team", "all")).toEqual(["office-dawn"]);
  });

  it("shows what an image lacks: used nowhere, no alt text, no alt text in Hindi where the English has one", () => {
    expect(shown("", "", "unused")).toEqual(["harbour"]);
    expect(shown("", "", "no-alt")).toEqual(["logo-urbanly"]);
    expect(shown("", "", "no-translation:hi")).toEqual(["harbour"]);
  });
});
