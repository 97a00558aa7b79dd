// @vitest-environment jsdom
/**
 * The Publish dialog's gate, as a translation's publish shows it: a change of the site settings'
 * translation says its pages are a sample; a finding with no text to go to says where its words are.
 * And the preview's accessibility check holds Publish until it answers, as the server's check need not.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, renderHook, screen, waitFor } from "@testing-library/react";
import { errors } from "../../src/errors/catalogue.ts";
import type { Finding } from "../../src/editor/publish-gate/report.ts";
import { AXE_WAIT_MS, gatePasses, type GateState, PublishGate, useAxeCheck } from "../../src/editor/ui/PublishGate.tsx";
import { system } from "../../src/styles/theme.ts";
import { PublishConfirm } from "../../src/editor/ui/StudioParts.tsx";
import { texts } from "../../src/editor/texts.ts";
import { withDialogMethods } from "./jsdom-dialog.ts";

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

describe("the preview's own accessibility check, which only the browser runs", () => {
  const serverClean: GateState = { state: "ready", report: { findings: [], pages: ["About Us (/about)"], blocking: 0 } };
  const contrast = { rule: "color-contrast", help: "Elements must meet minimum color contrast ratio thresholds", impact: "serious" as const, block: "k1", text: "Pale text" };

  it("holds Publish until the preview answers, and its errors stop it as the server's do", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ asking }) => useAxeCheck(asking, true), { initialProps: { asking: false } });
    expect(result.current.merged(serverClean)).toEqual(serverClean);
    rerender({ asking: true });
    const waiting = result.current.merged(serverClean);
    expect(waiting).toEqual({ state: "checking", preview: true });
    expect(gatePasses(waiting, "")).toBe(false);
    // The server's own check under way does not hold it: the server checks again as it publishes.
    expect(gatePasses({ state: "checking" }, "")).toBe(true);

    act(() => result.current.onAxe([contrast]));
    const found = result.current.merged(serverClean);
    expect(found.state === "ready" && found.report.blocking).toBe(1);
    expect(gatePasses(found, "")).toBe(false);
    vi.useRealTimers();
  });

  it("goes ahead without it when the preview never answers, or there is no preview", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useAxeCheck(true, true));
    expect(result.current.merged(serverClean).state).toBe("checking");
    act(() => void vi.advanceTimersByTime(AXE_WAIT_MS));
    expect(result.current.merged(serverClean)).toEqual(serverClean);
    vi.useRealTimers();
    const { result: none } = renderHook(() => useAxeCheck(true, false));
    expect(none.current.merged(serverClean)).toEqual(serverClean);
  });
});

describe("Publish now, clicked while the preview checks itself", () => {
  beforeAll(withDialogMethods);
  const clean: GateState = { state: "ready", report: { findings: [], pages: ["About Us (/about)"], blocking: 0 } };
  const found: GateState = { state: "ready", report: { findings: [emptyLink], pages: ["About Us (/about)"], blocking: 1 } };
  const dialog = (gate: GateState, onPublish: () => void) => (
    <ChakraProvider value={system}>
      <PublishConfirm open name="About Us (/about)" changes={[]} gate={gate} onPublish={onPublish} onClose={() => {}} />
    </ChakraProvider>
  );

  it("can be reached and pressed at once, and publishes once the check passes", async () => {
    const onPublish = vi.fn();
    const { rerender } = render(dialog({ state: "checking", preview: true }, onPublish));
    const publish = screen.getByRole("button", { name: "Publish now" });
    expect((publish as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(publish);
    expect(onPublish).not.toHaveBeenCalled();
    rerender(dialog(clean, onPublish));
    await waitFor(() => expect(onPublish).toHaveBeenCalledTimes(1));
  });

  it("does not publish when the check finds a problem that stops it: the problem shows instead", async () => {
    const onPublish = vi.fn();
    const { rerender } = render(dialog({ state: "checking", preview: true }, onPublish));
    fireEvent.click(screen.getByRole("button", { name: "Publish now" }));
    rerender(dialog(found, onPublish));
    await waitFor(() => expect(screen.getByText(texts.studio.gate.errors)).toBeTruthy());
    expect(onPublish).not.toHaveBeenCalled();
  });
});
