// @vitest-environment jsdom
/**
 * The language switcher of a not-found page leads to the same path in each locale (its script,
 * src/page/same-path.ts, run in a page at that path); without JavaScript, to each locale's home.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { renderToString } from "react-dom/server";
import { LanguageSwitcher } from "../../src/shell/LanguageSwitcher.tsx";
import { system } from "../../src/styles/theme.ts";

const versions = [
  { lang: "en", name: "English", path: "/" },
  { lang: "hi", name: "हिन्दी", path: "/hi" },
];

/** The switcher's links as a browser at `url` leaves them, on a page of the locale with `prefix`. */
function linksAt(url: string, prefix: string, samePath = true): Record<string, string> {
  const html = renderToString(<ChakraProvider value={system}><LanguageSwitcher current="en" versions={versions} samePath={samePath} /></ChakraProvider>);
  history.replaceState(null, "", new URL(url).pathname + new URL(url).search);
  if (prefix) document.documentElement.setAttribute("data-locale-prefix", prefix);
  else document.documentElement.removeAttribute("data-locale-prefix");
  document.body.innerHTML = html;
  // Markup set as innerHTML does not run its scripts: the script is put in again, as a parser would run it.
  for (const written of document.body.querySelectorAll("script")) {
    const script = document.createElement("script");
    script.textContent = written.textContent;
    written.replaceWith(script);
  }
  const links = [...document.querySelectorAll("a[hreflang]")];
  return Object.fromEntries(links.map((a) => [a.getAttribute("hreflang")!, a.getAttribute("href")!]));
}

it("leads from an unknown English path to the same path in Hindi, and back", () => {
  expect(linksAt("https://example.com/no-such-page", "")).toEqual({ en: "/no-such-page", hi: "/hi/no-such-page" });
  expect(linksAt("https://example.com/hi/no-such/page?q=1", "/hi")).toEqual({ en: "/no-such/page?q=1", hi: "/hi/no-such/page?q=1" });
});

it("leads to each locale's home without the script, and elsewhere is left as built", () => {
  const html = renderToString(<ChakraProvider value={system}><LanguageSwitcher current="en" versions={versions} samePath /></ChakraProvider>);
  expect(html).toContain('href="/hi"');
  expect(linksAt("https://example.com/about", "", false)).toEqual({ en: "/", hi: "/hi" });
});
