// @vitest-environment jsdom
/**
 * The editor's "not pushed yet" (docs/studio.md, "Several hosts"): it asks the studio how its
 * commits stand with CONTENT_GIT_REMOTE and says what has not reached the other servers, or that
 * publishing is stopped; it says nothing without a remote or once all is pushed.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, waitFor } from "@testing-library/react";
import type { HostsStatus } from "../../schemas/studio-publish.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { NotPushedNote } from "../../src/editor/ui/StudioParts.tsx";
import { system } from "../../src/styles/theme.ts";

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
const pushed: HostsStatus = { remote: "origin", unpushed: 0, oldest: null, pushing: false, lastError: null, nextAttemptAt: null, stopped: null };

function showing(hosts: HostsStatus | null) {
  const fetchMock = vi.fn(async (_url: string) => json({ hosts }));
  vi.stubGlobal("fetch", fetchMock);
  render(
    <ChakraProvider value={system}>
      <NotPushedNote />
    </ChakraProvider>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

test("two publishes not pushed yet: how many, where to, since when, and git's last word", async () => {
  const fetchMock = showing({ ...pushed, unpushed: 2, oldest: { commit: "a".repeat(40), date: "2026-11-26T14:02:00Z" }, lastError: "fatal: could not read from remote repository.", nextAttemptAt: "2026-11-26T14:05:00Z" });
  const note = await screen.findByTestId("not-pushed");
  expect(note.getAttribute("role")).toBe("status");
  expect(note.textContent).toContain("Not pushed yet: 2 published changes have not reached the other servers (origin), the oldest from");
  expect(note.textContent).toContain("fatal: could not read from remote repository.");
  expect(fetchMock).toHaveBeenCalledWith("/api/studio/publish/status", expect.objectContaining({ method: "GET" }));
});

test("publishing stopped because the histories diverged: the catalogue's words, as an alert", async () => {
  const stopped = errors.ContentPushDiverged("origin", 1);
  showing({ ...pushed, unpushed: 1, oldest: { commit: "b".repeat(40), date: "2026-11-26T14:02:00Z" }, stopped });
  const note = await screen.findByRole("alert");
  expect(note.textContent).toContain(stopped.title);
  expect(note.textContent).toContain(stopped.message);
  expect(note.textContent).toContain(stopped.hint);
});

test("all pushed, or no remote: nothing shown", async () => {
  for (const hosts of [pushed, null]) {
    const fetchMock = showing(hosts);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("not-pushed")).toBeNull();
  }
});
