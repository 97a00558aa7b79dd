// @vitest-environment jsdom
/**
 * What an island shows from the site config is the page's locale's, not content/site.json's: the
 * Coming Soon notice a button opens, and the loading state, on a Hindi page.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import site from "../../src/page/site-settings.ts";
import { IslandCollectorContext, type PendingIsland } from "../../src/page/Island.tsx";
import { SiteConfigProvider } from "../../src/page/site-config.ts";
import { system } from "../../src/styles/theme.ts";
import { ActionButton } from "../../src/ui/ActionButton.tsx";
import { LoadingState } from "../../src/ui/States.tsx";

const hindi = { ...site, notices: { ...site.notices, notImplemented: { title: "जल्द आ रहा है", description: "यह सुविधा जल्द आएगी!" } }, loading: { label: "लोड हो रहा है..." } };
const inHindi = (children: React.ReactNode) =>
  render(
    <ChakraProvider value={system}>
      <SiteConfigProvider value={hindi}>{children}</SiteConfigProvider>
    </ChakraProvider>,
  );

describe("a Hindi page's site config", () => {
  it("is the notice an action's island is given to show", () => {
    // As the page's build-time render collects it.
    const islands: Omit<PendingIsland, "id">[] = [];
    const collector = { add: (island: Omit<PendingIsland, "id">) => String(islands.push(island)) };
    inHindi(
      <IslandCollectorContext.Provider value={collector}>
        <ActionButton action={{ label: "कोटेशन", variant: "solid", notice: "not-implemented" }} />
      </IslandCollectorContext.Provider>,
    );
    expect(islands).toHaveLength(1);
    expect(islands[0]!.props.notice).toEqual({ type: "info", title: "जल्द आ रहा है", description: "यह सुविधा जल्द आएगी!" });
  });

  it("labels the loading state", () => {
    inHindi(<LoadingState />);
    expect(screen.getByRole("status").textContent).toBe("लोड हो रहा है...");
  });
});
