// @vitest-environment jsdom
/**
 * An image's page on the Media screen over a stand-in for the studio's media calls: its focal
 * point's previews show each crop the site makes, on a computer and on a phone, in words, each
 * placed as the site places it (crop-previews.ts); where it is
 * used names a scheduled publish not run yet with its time; the history's Restore question says,
 * in words and in the language's own name, which translated texts the restore removes (a version
 * that had no Hindi alt text), and says nothing of the kind for a version that had it.
 */
import "@testing-library/jest-dom/vitest";
import { ChakraProvider } from "@chakra-ui/react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import type { MediaAsset, MediaUseView, MediaVersion } from "../../schemas/studio-media.ts";
import type { Me } from "../../src/studio/client.ts";
import { MediaAssetPage, MediaHistory } from "../../src/studio/screens/MediaAsset.tsx";
import { when } from "../../src/studio/ui/when.ts";
import { cropViews } from "../../src/studio/ui/crop-previews.ts";
import { system } from "../../src/styles/theme.ts";

const author = { name: "Asha Rao", email: "asha@example.com" };
const version = (rev: string, removes: MediaVersion["removes"]): MediaVersion => ({ rev: rev.repeat(40), author, date: "2026-11-26T10:00:00Z", restored: false, changes: [], removes });
// Newest first: the image as it is, then one with the Hindi alt text, then the first, which had none.
const versions = [version("c", []), version("b", []), version("a", [{ locale: "hi", fields: ["alt"] }])];

const asset = { id: "team-photo", manifest: { id: "team-photo", type: "image/png", width: 64, height: 48, bytes: 900, sha256: "a".repeat(64), alt: "Our team" }, state: "published", newPicture: false, translations: {}, uses: 1 } as MediaAsset;
const scheduled: MediaUseView = { kind: "page", document: "Contact (/contact)", place: "Hero, Image", locale: null, scheduled: "2026-12-01T09:00:00Z" };

vi.mock("../../src/studio/media.ts", () => ({
  media: { one: async () => ({ ok: true, data: { asset, uses: [scheduled] } }), history: async () => ({ ok: true, data: { versions } }), fileUrl: () => "data:," },
}));

afterEach(cleanup);

/** The image's page, as an editor sees it. */
const openAssetPage = () =>
  render(
    <ChakraProvider value={system}>
      <MediaAssetPage id="team-photo" me={{ user: { role: "editor" } } as Me} locales={[]} onBack={() => undefined} />
    </ChakraProvider>,
  );

it("where it is used names a scheduled publish not run yet, with its time", async () => {
  openAssetPage();
  // The time as the studio says every stored time: in the reader's language and time zone.
  expect(await screen.findByTestId("media-uses")).toHaveTextContent(`Contact (/contact): Hero, Image (scheduled to publish on ${when(scheduled.scheduled!)})`);
});

it("the Restore question names the alt text in हिन्दी a version without it removes, and only for that version", async () => {
  render(
    <ChakraProvider value={system}>
      <MediaHistory asset={{ id: "team-photo" } as MediaAsset} editor locales={[{ code: "hi", name: "हिन्दी", direction: "ltr" }]} onRestored={() => undefined} onError={() => undefined} />
    </ChakraProvider>,
  );
  const [, withHindi, first] = await screen.findAllByTestId("media-version");
  await act(async () => fireEvent.click(within(withHindi!).getByRole("button", { name: "Restore this version" })));
  expect(within(withHindi!).getByRole("group", { name: "Restore this version" })).toBeInTheDocument();
  expect(screen.queryByTestId("media-restore-removes")).not.toBeInTheDocument();
  await act(async () => fireEvent.click(within(first!).getByRole("button", { name: "Restore this version" })));
  expect(within(first!).getByTestId("media-restore-removes")).toHaveTextContent("The alt text in हिन्दी will be removed: this version had none.");
});

it("the focal point's previews show each crop the site makes of the picture, on a computer and on a phone, in words", async () => {
  openAssetPage();
  await screen.findByTestId("media-uses");
  const shown = ["Behind the text at the top of a page", "Wide (16:9): a blog post's picture, and the picture of a shared link", "Square, in a circle: portraits of authors and of clients in testimonials"];
  for (const name of shown) {
    const crop = screen.getByRole("group", { name });
    expect([...crop.querySelectorAll("figcaption")].map((c) => c.textContent)).toEqual(["On a computer, 1280 pixels wide", "On a phone, 390 pixels wide"]);
    expect(crop.querySelectorAll("img")).toHaveLength(2);
  }
});

it("each preview is the box the site gives the picture there, placed as the site places it", () => {
  // A 16:9 picture whose focal point is right of the middle.
  const [backdrop, wide, square] = cropViews({ width: 1600, height: 900 }, { x: 0.8, y: 0.5 });
  // Behind a hero's text it covers the band (About Us's: 1280 × 645, 390 × 697) around its focal point: a phone's is tall and narrow.
  expect(backdrop).toEqual({ crop: "backdrop", views: [{ screen: 1280, aspect: 1280 / 645, objectPosition: "80% 50%" }, { screen: 390, aspect: 390 / 697, objectPosition: "80% 50%" }] });
  // A wide crop of a 16:9 picture is all of it; a square one is as far right as the picture allows, on every screen.
  expect(wide!.views.map((v) => [v.aspect, v.objectPosition])).toEqual([[16 / 9, "50% 50%"], [16 / 9, "50% 50%"]]);
  expect(square!.views.map((v) => [v.aspect, v.objectPosition])).toEqual([[1, "100% 50%"], [1, "100% 50%"]]);
  // Before the picture's shape is known, each is placed at the focal point.
  expect(cropViews(undefined, { x: 0.8, y: 0.5 })[2]!.views[0]!.objectPosition).toBe("80% 50%");
});
