// @vitest-environment jsdom
/**
 * An icon on a built page points at the page's own symbol (src/ui/inline-icons.server.ts),
 * and an island's icon hydrates with that same `href`; without the symbol in the page (a
 * page drawn in the browser, the dev server) it points at the sprite file.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Icon } from "../../src/ui/Icon.tsx";
import { inlineIcons } from "../../src/ui/inline-icons.server.ts";
import { system } from "../../src/styles/theme.ts";

const withChakra = (ui: ReactNode) => <ChakraProvider value={system}>{ui}</ChakraProvider>;
const href = () => document.querySelector("use")!.getAttribute("href")!;

afterEach(() => {
  document.body.innerHTML = "";
});

describe("an icon", () => {
  it("points at the sprite file where the page has no symbol for it", () => {
    document.body.innerHTML = renderToString(withChakra(<Icon name="menu" />));
    expect(href()).toMatch(/icons[^#]*\.svg#icon-menu$/);
  });

  it("hydrates on a built page with the page's own symbol, without a mismatch", async () => {
    const server = renderToString(withChakra(<Icon name="menu" />));
    const url = server.match(/href="([^"#]+)#icon-menu"/)![1]!;
    const page = inlineIcons(`<html><head></head><body><div id="island">${server}</div></body></html>`, {
      url,
      symbols: { "icon-menu": '<symbol id="icon-menu" viewBox="0 0 24 24"><path d="M4 5h16"></path></symbol>' },
    });
    document.body.innerHTML = page.slice(page.indexOf("<body>") + 6, page.indexOf("</body>"));
    expect(href()).toBe("#icon-menu");

    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => void errors.push(args));
    await act(async () => void hydrateRoot(document.getElementById("island")!, withChakra(<Icon name="menu" />), { onRecoverableError: (e) => errors.push(e) }));
    spy.mockRestore();
    expect(errors).toEqual([]);
    expect(href()).toBe("#icon-menu");
  });
});
