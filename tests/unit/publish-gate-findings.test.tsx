// @vitest-environment jsdom
/**
 * The Publish dialog's gate, as a translation's publish shows it: a change of the site settings'
 * translation says its pages are a sample; a finding with no text to go to says where its words are.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { errors } from "../../src/errors/catalogue.ts";
import type { Finding } from "../../src/editor/publish-gate/report.ts";
import { PublishGate } from "../../src/editor/ui/PublishGate.tsx";
import { system } from "../../src/styles/theme.ts";

const emptyLink: Finding = { severity: "error", ...errors.GateEmptyLinkText("/hi/sampark"), href: "/hi/sampark", sourceHref: "/contact", page: "Home (/hi), हिन्दी" };
const report = { findings: [emptyLink], pages: ["Home (/hi), हिन्दी", "About Us (/hi/about), हिन्दी"], sample: true as const, blocking: 1 };
const place = (f: Finding) => `The words of the link to ${f.sourceHref} come from elsewhere.`;

const shown = (canShow: boolean) =>
  render(
    <ChakraProvider value={system}>
      <PublishGate gate={{ state: "ready", report }} canOverride={false} reason="" onReason={() => {}} onShow={() => {}} canShow={() => canShow} placeOf={place} />
    </ChakraProvider>,
  );

it("says the pages checked are a sample of the language's, and where a link's words are when no text holds them", () => {
  shown(false);
  expect(screen.getByTestId("gate-pages").textContent).toBe(
    "Checked the home page and one page of each kind (2 pages: Home (/hi), हिन्दी; About Us (/hi/about), हिन्दी). The menu, footer and contact details are the same on every page, so the others show what these show.",
  );
  expect(screen.getByTestId("gate-place").textContent).toBe("The words of the link to /contact come from elsewhere.");
  expect(screen.queryByRole("button", { name: /^Show/ })).toBeNull();
});

it("offers Show instead where a text holds the link's words", () => {
  shown(true);
  expect(screen.getByRole("button", { name: "Show: A link without text" })).toBeTruthy();
  expect(screen.queryByTestId("gate-place")).toBeNull();
});
