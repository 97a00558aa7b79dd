// @vitest-environment jsdom
/**
 * Prices per locale (docs/content.md "Prices", docs/i18n.md): the Hindi translation of Cloud &
 * DevOps states its prices in rupees, and the Hindi page shows them with Indian grouping and
 * Hindi's words, while the English page keeps its dollars; a rupee price is checked as any
 * translation is: refused when not an amount, stale when the English price changes.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import { checkSite, type SiteCheck } from "../../src/runtime/content/check.ts";
import { type ContentFiles, withFile } from "../../src/runtime/content/read.ts";
import { realSite } from "./real-site.ts";
import { UI_STRINGS, UiStringsProvider } from "../../src/page/ui-strings.ts";
import type { PageData } from "../../src/runtime/page-data.ts";
import ServicePricing from "../../src/blocks/service-pricing/ServicePricing.tsx";
import { system } from "../../src/styles/theme.ts";

const SERVICES = "content/collections/services.json";
const SERVICES_HI = "content/translations/hi/collections/services.json";

let files: ContentFiles;
let checked: SiteCheck;
beforeAll(async () => void ({ files, checked } = await realSite()), 120_000);

/** The tiers' prices as the page's pricing block shows them, in the page's language. */
function shownPrices(path: string, locale: string): string[] {
  const page = checked.pages.get(path) as PageData;
  const block = page.blocks.find((b) => b.type === "service-pricing")!;
  const catalogue = checked.table!.catalogues?.get(locale) ?? UI_STRINGS;
  const { container } = render(
    <ChakraProvider value={system}>
      <UiStringsProvider value={{ locale, catalogue }}>
        <ServicePricing {...(block.props as Parameters<typeof ServicePricing>[0])} data={block.data as never} />
      </UiStringsProvider>
    </ChakraProvider>,
  );
  return [...container.querySelectorAll("li > h3 + p")].map((p) => p.textContent!);
}

it("shows the Hindi translation's rupee prices on the Hindi page, with Indian grouping and Hindi's per month", () => {
  expect(shownPrices("/hi/services/cloud-devops", "hi")).toEqual(["₹4,15,000+", "₹12,50,000+", "₹6,65,000+/माह"]);
});

it("keeps the English page's dollars, and a Hindi page without rupee prices shows the dollars in hi-IN's form", () => {
  expect(shownPrices("/services/cloud-devops", "en")).toEqual(["$5,000+", "$15,000+", "$8,000+/mo"]);
  expect(shownPrices("/hi/services/quality-assurance", "hi")).toEqual(["$40/घंटा", "$8,000+", "संपर्क करें"]);
});

it("refuses a rupee price that is not an amount, and reports it stale when the English price changes", async () => {
  const hindi = files.json.get(SERVICES_HI)!;
  const refused = await checkSite(withFile(files, SERVICES_HI, hindi.replace('"text": "415000 INR"', '"text": "₹4,15,000"')));
  expect(refused.errors.map((e) => [e.code, e.file])).toEqual([["TranslationFormat", SERVICES_HI]]);
  expect(refused.errors[0]!.message).toBe("“₹4,15,000” is not in the form this text needs. Write the amount in digits, then the currency's code: 5000 USD, 415000 INR.");
  const texts = refused.completeness.find((c) => c.locale === "hi" && c.page === SERVICES)!.texts;
  expect(texts.find((t) => t.state === "malformed")).toMatchObject({ slot: ["items", "cloud-devops", "pricing.basic.price.amount"], source: "5000 USD" });

  const english = files.json.get(SERVICES)!.replace('"amount": "5000 USD"', '"amount": "6000 USD"');
  const changed = await checkSite(withFile(files, SERVICES, english));
  expect(changed.errors).toEqual([]);
  const stale = changed.warnings.filter((w) => w.code === "TranslationStale");
  expect(stale.map((w) => w.file)).toEqual([SERVICES_HI]);
  expect(stale[0]!.message).toContain("5000 USD");
}, 120_000);
