// @vitest-environment jsdom
/**
 * The translation editor lists a locale's stale texts first, in words (the block, the field, the
 * English now), never a key, each leading to its field (docs/i18n.md, "Translating in the page
 * editor"); an item named by its key is named by its place in the English.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { fieldPathWords } from "../../src/editor/document/places.ts";
import { groupTexts } from "../../src/editor/document/translation.ts";
import { StaleList } from "../../src/editor/ui/TranslationEditor.tsx";
import { system } from "../../src/styles/theme.ts";
import { StaleMark } from "../../src/ui/StaleMark.tsx";

const block = { type: "card-grid", key: "values", items: [{ key: "our-vision", title: "Our Vision" }, { key: "our-mission", title: "Our Mission, today" }] };

it("names a keyed list's item by its place in the English", () => {
  expect(fieldPathWords("items[key=our-mission].title", block)).toBe("Item 2, Title");
  expect(fieldPathWords("actions[href=/contact].label")).toBe("Action /contact, Label");
});

it("lists the stale texts in words, each leading to its field", () => {
  Element.prototype.scrollIntoView = () => {}; // jsdom lays nothing out
  const text = (slot: string[], state: "stale" | "translated", source: string) => ({ slot, path: [], source, hash: "", state });
  const groups = groupTexts({
    texts: [
      text(["meta", "title"], "translated", "About Us"),
      text(["blocks", "values", "items[key=our-mission].title"], "stale", "Our Mission, today"),
      text(["meta", "description"], "stale", "Who we are"),
    ],
  } as never);
  render(
    <ChakraProvider value={system}>
      <StaleList groups={groups} groupName={() => "Cards “Our Mission and Vision”"} fieldWords={(_group, t) => fieldPathWords(t.slot.at(-1)!, block)} />
      <textarea id="translation-blocks-values-items_key_our-mission__title" />
    </ChakraProvider>,
  );
  const list = screen.getByTestId("stale-list");
  expect(list.textContent).toContain("2 texts to check");
  expect(list.textContent).toContain("Cards “Our Mission and Vision” → Item 2, Title: English now “Our Mission, today”");
  expect(list.textContent).toContain("Page settings → Description");
  expect(list.textContent).not.toMatch(/key=|our-mission\b/);
  fireEvent.click(screen.getByRole("button", { name: "Cards “Our Mission and Vision” → Item 2, Title" }));
  expect(document.activeElement?.id).toBe("translation-blocks-values-items_key_our-mission__title");
});

it("outlines a block with stale texts in a translation's preview, and says how many, in English", () => {
  render(
    <ChakraProvider value={system}>
      <StaleMark count={2}>
        <p>हमारा मिशन</p>
      </StaleMark>
    </ChakraProvider>,
  );
  const note = screen.getByRole("note");
  expect(note.textContent).toBe("2 stale texts here: translated from an older English, still published until updated.");
  expect(note.getAttribute("lang")).toBe("en");
  expect(note.parentElement!.getAttribute("data-stale-texts")).toBe("2");
});
