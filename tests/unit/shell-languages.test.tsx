// @vitest-environment jsdom
/**
 * The shell's untranslated texts on a page of another locale are marked with their language
 * (docs/i18n.md, "Translated, or honestly a fallback"): the English "Quick Links" heading of a
 * Hindi footer is lang="en", its translated neighbours carry no lang of their own.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import site from "../../src/page/site-settings.ts";
import { SiteConfigProvider, SiteLanguagesProvider } from "../../src/page/site-config.ts";
import { Footer } from "../../src/shell/Footer.tsx";
import { system } from "../../src/styles/theme.ts";

it("marks the footer's untranslated texts lang=en, and only them", () => {
  const hindi = { ...site, footer: { ...site.footer, servicesTitle: "हमारी सेवाएँ" } };
  render(
    <ChakraProvider value={system}>
      <SiteConfigProvider value={hindi}>
        <SiteLanguagesProvider value={{ "footer.quickLinksTitle": "en", "footer.legalLinks.0.label": "en" }}>
          <Footer services={[]} />
        </SiteLanguagesProvider>
      </SiteConfigProvider>
    </ChakraProvider>,
  );
  expect(screen.getByRole("heading", { name: site.footer.quickLinksTitle }).getAttribute("lang")).toBe("en");
  expect(screen.getByRole("heading", { name: "हमारी सेवाएँ" }).hasAttribute("lang")).toBe(false);
  expect(screen.getByRole("link", { name: site.footer.legalLinks[0]!.label }).closest("li")!.getAttribute("lang")).toBe("en");
  expect(screen.getByRole("link", { name: site.footer.legalLinks[1]!.label }).closest("[lang]")).toBeNull();
});

it("marks a service title the footer lists untranslated lang=en, and only it", () => {
  render(
    <ChakraProvider value={system}>
      <Footer services={[{ id: "web-development", title: "वेब डेवलपमेंट", icon: "code" }, { id: "mobile-development", title: "Mobile App Development", icon: "smartphone", lang: "en" }]} />
    </ChakraProvider>,
  );
  expect(screen.getByRole("link", { name: "Mobile App Development" }).closest("li")!.getAttribute("lang")).toBe("en");
  expect(screen.getByRole("link", { name: "वेब डेवलपमेंट" }).closest("[lang]")).toBeNull();
});
