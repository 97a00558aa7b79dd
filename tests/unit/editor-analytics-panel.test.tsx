// @vitest-environment jsdom
/**
 * The page editor's Visits panel over a stand-in for the studio's API: since the last publish
 * against as many days before, this period against the last, the chart's publish marks and
 * the table behind it, another period asked for, a page never published, and a refusal.
 */
import "@testing-library/jest-dom/vitest";
import { ChakraProvider } from "@chakra-ui/react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PageAnalytics } from "../../schemas/analytics.ts";
import { errors } from "../../src/errors/catalogue.ts";
import type { ApiResult, StudioApi } from "../../src/editor/studio-api.ts";
import { AnalyticsPanel } from "../../src/editor/ui/AnalyticsPanel.tsx";
import { system } from "../../src/styles/theme.ts";
import { withDialogMethods } from "./jsdom-dialog.ts";

beforeAll(withDialogMethods);
afterEach(cleanup);

const FILE = "content/pages/about.json";
const counts = (views: number, visitors: number, conversions: number) => ({ views, visitors, conversions });
const days = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"];
const figures: PageAnalytics = {
  file: FILE,
  days: 7,
  paths: ["/about", "/hi/about"],
  current: { from: days[0]!, to: days[6]! },
  previous: { from: "2026-11-17", to: "2026-11-23" },
  totals: { ...counts(11, 10, 1), previous: counts(10, 8, 2) },
  daily: days.map((day, i) => ({ day, ...counts(i, i, 0) })),
  publishes: ["2026-11-26T12:00:00.000Z", "2026-11-26T09:00:00.000Z", "2026-11-20T12:00:00.000Z"],
  sinceLastPublish: { at: "2026-11-26T12:00:00.000Z", days: 5, after: { from: "2026-11-26", to: "2026-11-30" }, before: { from: "2026-11-21", to: "2026-11-25" }, figures: counts(9, 8, 1), previous: counts(12, 10, 2) },
};

function panel(answers: ApiResult<PageAnalytics>[]) {
  const pageAnalytics = vi.fn(async () => answers.shift() ?? { ok: true as const, data: figures });
  render(
    <ChakraProvider value={system}>
      <AnalyticsPanel api={{ pageAnalytics } as unknown as StudioApi} file={FILE} name="About Us (/about)" />
    </ChakraProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Visits" }));
  return { pageAnalytics, dialog: screen.getByTestId("page-analytics") };
}

describe("the Visits panel", () => {
  it("shows the days since the last publish against as many before, the period, and a mark a publish day", async () => {
    const { pageAnalytics, dialog } = panel([{ ok: true, data: figures }]);
    expect(pageAnalytics).toHaveBeenCalledWith(FILE, 30);
    expect(await within(dialog).findByTestId("page-analytics-since")).toHaveTextContent(/^Last published .*2026.* The 5 days since \(that day included\) against the 5 days before:$/);
    const since = within(dialog).getByTestId("page-analytics-since-table");
    expect(within(since).getByRole("row", { name: /^Page views/ })).toHaveTextContent(/^Page views912−25%$/);
    expect(within(since).getByRole("row", { name: /^Conversion rate/ })).toHaveTextContent(/^Conversion rate12\.5%20%$/);
    expect(within(dialog).getByTestId("page-analytics-summary")).toHaveTextContent("Visitors108+25%Page views1110+10%Forms sent12−50%");
    // Two publishes on the 26th are one mark; the 20th is before the chart's days.
    expect(within(dialog).getAllByTestId("page-analytics-mark")).toHaveLength(1);
    const table = within(dialog).getByTestId("page-analytics-days");
    expect(within(table).getAllByRole("row")).toHaveLength(8);
    expect(within(table).getByRole("row", { name: /^26 Nov 2026/ })).toHaveTextContent(/Yes$/);
    expect(within(dialog).getByTestId("page-analytics-chart").querySelector("svg"), "the table is what screen readers read").toHaveAttribute("aria-hidden", "true");

    fireEvent.change(within(dialog).getByLabelText("Period"), { target: { value: "7" } });
    expect(pageAnalytics).toHaveBeenLastCalledWith(FILE, 7);
  });

  it("says when the page was never published, or is not shown yet", async () => {
    const { dialog } = panel([{ ok: true, data: { ...figures, paths: [], publishes: [], sinceLastPublish: null } }]);
    expect(await within(dialog).findByText(/^Not published from the studio yet/)).toBeVisible();
    expect(within(dialog).getByTestId("page-analytics-unserved")).toHaveTextContent("it has figures once it is published");
  });

  it("tells a refusal in words, with Try again", async () => {
    const { pageAnalytics, dialog } = panel([{ ok: false, status: 403, failure: { error: errors.StudioForbidden("contributor", "editor") } as never }]);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(/^The figures could not be loaded\. /);
    fireEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByTestId("page-analytics-since")).toBeVisible();
    expect(pageAnalytics).toHaveBeenCalledTimes(2);
  });
});
