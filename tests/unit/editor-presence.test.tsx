// @vitest-environment jsdom
/**
 * Who else has a page open (the editor's "Asha is editing this page"): the open editor sends a
 * heartbeat as it opens and every HEARTBEAT_MS, and says it has gone as it closes or its page
 * goes (pagehide), so the others stop seeing it at once rather than a minute later; a page
 * brought back from the browser's cache is there again.
 */
import { act, renderHook } from "@testing-library/react";
import type { StudioApi } from "../../src/editor/studio-api.ts";
import { HEARTBEAT_MS, usePresence } from "../../src/editor/ui/StudioParts.tsx";

const FILE = "content/pages/about.json";

function recordingApi() {
  const calls: string[] = [];
  const api = {
    presence: async (file: string) => (calls.push(`beat ${file}`), { ok: true as const, data: { editors: [{ name: "Ravi" }] } }),
    leave: async (file: string) => (calls.push(`leave ${file}`), { ok: true as const, data: undefined }),
  } as unknown as StudioApi;
  return { api, calls };
}

afterEach(() => vi.useRealTimers());

it("beats as it opens and every HEARTBEAT_MS, shows who else is there, and leaves as it closes", async () => {
  vi.useFakeTimers();
  const { api, calls } = recordingApi();
  const { result, unmount } = renderHook(() => usePresence(api, FILE));
  await act(async () => void (await vi.advanceTimersByTimeAsync(0)));
  expect(result.current).toEqual([{ name: "Ravi" }]);
  await act(async () => void (await vi.advanceTimersByTimeAsync(HEARTBEAT_MS)));
  expect(calls).toEqual([`beat ${FILE}`, `beat ${FILE}`]);
  unmount();
  expect(calls.at(-1)).toBe(`leave ${FILE}`);
});

it("leaves as its page goes, and is there again when the page comes back from the cache", async () => {
  const { api, calls } = recordingApi();
  renderHook(() => usePresence(api, FILE));
  window.dispatchEvent(new Event("pagehide"));
  expect(calls).toEqual([`beat ${FILE}`, `leave ${FILE}`]);
  window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
  expect(calls.at(-1)).toBe(`beat ${FILE}`);
});
