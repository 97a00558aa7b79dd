// @vitest-environment jsdom
/**
 * The editor's Schedule… dialog over a stand-in for the studio's API: it names the new images
 * (uploaded, not published yet) the draft shows, which go live with it at its time, as the
 * Publish dialog does; a draft naming none says nothing of images; with no time chosen it says
 * so and sends nothing.
 */
import "@testing-library/jest-dom/vitest";
import { ChakraProvider } from "@chakra-ui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { StudioApi } from "../../src/editor/studio-api.ts";
import { SchedulePublish } from "../../src/editor/ui/SchedulePublish.tsx";
import { system } from "../../src/styles/theme.ts";
import { withDialogMethods } from "./jsdom-dialog.ts";

vi.mock("../../src/studio/client.ts", () => ({ me: async () => ({ ok: true, data: { user: { role: "editor" } } }) }));

beforeAll(withDialogMethods);
afterEach(cleanup);

const FILE = "content/pages/contact.json";

async function opened(images: { id: string; name: string }[]) {
  const api = {
    schedules: vi.fn(async () => ({ ok: true, data: { schedules: [] } })),
    schedule: vi.fn(),
    publishImages: vi.fn(async () => ({ ok: true, data: { images } })),
  };
  render(
    <ChakraProvider value={system}>
      <SchedulePublish api={api as unknown as StudioApi} file={FILE} data={{ blocks: [] }} flush={async () => undefined} />
    </ChakraProvider>,
  );
  // Shown once the studio says who is signed in (an editor).
  const button = await screen.findByRole("button", { name: "Schedule…" });
  await act(async () => fireEvent.click(button));
  return api;
}

describe("the Schedule… dialog", () => {
  it("says which new images go live with the page at its time", async () => {
    const api = await opened([
      { id: "team-photo", name: "Team at work" },
      { id: "office", name: "Our office" },
    ]);
    expect(api.publishImages).toHaveBeenCalledWith(FILE, { blocks: [] });
    expect(await screen.findByTestId("schedule-images")).toHaveTextContent("The new images “Team at work” and “Our office” go live with it, at the time you choose.");
  });

  it("says nothing of images when the draft names no new one", async () => {
    await opened([]);
    expect(screen.getByTestId("schedule-dialog")).toBeVisible();
    expect(screen.queryByTestId("schedule-images")).toBeNull();
  });

  it("with no time chosen, says so and schedules nothing", async () => {
    const api = await opened([]);
    fireEvent.change(screen.getByLabelText("Time"), { target: { value: "" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Schedule" })));
    expect(screen.getByTestId("schedule-failure")).toHaveTextContent("Choose a date and a time.The page is published then, in the site's time zone named beside the fields.");
    expect(api.schedule).not.toHaveBeenCalled();
  });
});
