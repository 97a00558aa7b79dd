// @vitest-environment jsdom
/**
 * The editor's History in studio mode, over a stand-in for the studio's API: the edits newest
 * first with who, when and what they changed in words (the commits only in a details line for
 * developers), a chosen version's changes in words, Restore for editors
 * (confirmed, then the file read again and the history with the new commit), none for
 * contributors, and the loading, empty and failed states.
 */
import "@testing-library/jest-dom/vitest";
import { ChakraProvider } from "@chakra-ui/react";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { errors } from "../../src/errors/catalogue.ts";
import type { ApiResult } from "../../src/editor/studio-api.ts";
import type { HistoryEdit } from "../../src/editor/model.ts";
import type { StudioApi } from "../../src/editor/studio-api.ts";
import { HistoryPanel } from "../../src/editor/ui/HistoryPanel.tsx";
import { system } from "../../src/styles/theme.ts";
import { withDialogMethods } from "./jsdom-dialog.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify }));

beforeAll(withDialogMethods);
afterEach(cleanup);

const FILE = "content/pages/about.json";
const NAME = "About Us (/about)";
const commit = (rev: string, date: string, subject: string) => ({ rev: rev.repeat(40), date, subject });
const asha = { name: "Asha", email: "asha@example.com" };
const change = (words: string) => ({ path: ["title"], before: "", after: "", words });
// Asha's two publishes in one sitting are one edit.
const edit: HistoryEdit = {
  rev: "b".repeat(40),
  author: asha,
  from: "2026-11-26T09:50:00Z",
  to: "2026-11-26T10:00:00Z",
  changes: [change("Title: 'About' → 'Ours'"), change("Hero, Title: 'About us' → 'Who we are'")],
  created: false,
  restored: false,
  commits: [commit("b", "2026-11-26T10:00:00Z", "Edit page /about: Hero"), commit("d", "2026-11-26T09:50:00Z", "Edit page /about: Title")],
};
const first: HistoryEdit = { rev: "a".repeat(40), author: { name: "Dev", email: "dev@example.com" }, from: "2026-11-20T09:00:00Z", to: "2026-11-20T09:00:00Z", changes: [], created: true, restored: false, commits: [commit("a", "2026-11-20T09:00:00Z", "Content")] };
const revert: HistoryEdit = { ...edit, restored: true, rev: "c".repeat(40), from: "2026-11-26T11:00:00Z", to: "2026-11-26T11:00:00Z", changes: [change("Title: 'Ours' → 'About'")], commits: [commit("c", "2026-11-26T11:00:00Z", "Revert page /about to aaaaaaa (2026-11-20)")] };

const ok = <T,>(data: T): ApiResult<T> => ({ ok: true, data });
const refused = (status: number) => ({ ok: false as const, status, failure: { error: errors.StudioVersionNotFound("aaaaaaa", FILE) } });

function fakeApi(histories: ApiResult<{ file: string; edits: HistoryEdit[] }>[]) {
  const api = {
    history: vi.fn(async () => histories.shift() ?? ok({ file: FILE, edits: [] })),
    // The first version had no Hindi translation: restoring it removes the one published since.
    changesSince: vi.fn(async (_file: string, rev: string) =>
      ok({ file: FILE, rev, changes: rev === first.rev ? [{ path: ["title"], before: "About", after: "Ours", words: "Title: 'About' → 'Ours'" }] : [], removes: rev === first.rev ? [{ locale: "hi", texts: 4, all: true }] : [] }),
    ),
    revert: vi.fn(async (_file: string, rev: string) => ok({ version: "v3", commit: revert.rev, rev })),
  };
  return api;
}

async function opened(api: ReturnType<typeof fakeApi>, canRestore: boolean, onRestored = vi.fn(async () => undefined)) {
  render(
    <ChakraProvider value={system}>
      <HistoryPanel api={api as unknown as StudioApi} file={FILE} name={NAME} canRestore={canRestore} onRestored={onRestored} locales={[{ code: "en", name: "English", direction: "ltr" }, { code: "hi", name: "हिन्दी", direction: "ltr" }]} />
    </ChakraProvider>,
  );
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "History" })));
  return within(screen.getByTestId("history"));
}

describe("the editor's History", () => {
  it("lists the edits newest first with what changed, who and when, the page by its name, the commits only for developers", async () => {
    const panel = await opened(fakeApi([ok({ file: FILE, edits: [edit, first] })]), true);
    expect(screen.getByRole("heading", { name: `History of ${NAME}` })).toBeVisible();
    const versions = panel.getAllByTestId("history-version");
    expect(versions.map((v) => v.textContent)).toEqual([
      expect.stringMatching(/^Title: 'About' → 'Ours'; Hero, Title: 'About us' → 'Who we are'Asha, .*2026.* · 2 publishes · Current version$/),
      expect.stringMatching(/^CreatedDev, .*2026/),
    ]);
    const commits = panel.getAllByTestId("history-commits")[0]!;
    expect(commits.tagName).toBe("DETAILS");
    expect(commits).toHaveTextContent("For developers: the commits");
    expect(commits).toHaveTextContent("bbbbbbb Edit page /about: Hero");
    await act(async () => fireEvent.click(versions[0]!));
    expect(panel.getByTestId("history-changes")).toHaveTextContent("This is the version published now.");
    expect(panel.queryByRole("button", { name: "Restore this version" })).toBeNull();
  });

  it("restores an older version for an editor, after asking: a new commit, the file read again, the history loaded again", async () => {
    const api = fakeApi([ok({ file: FILE, edits: [edit, first] }), ok({ file: FILE, edits: [revert, edit, first] })]);
    const onRestored = vi.fn(async () => undefined);
    const panel = await opened(api, true, onRestored);
    await act(async () => fireEvent.click(panel.getAllByTestId("history-version")[1]!));
    expect(panel.getByTestId("history-change-list")).toHaveTextContent("Title: 'About' → 'Ours'");

    await act(async () => fireEvent.click(panel.getByRole("button", { name: "Restore this version" })));
    expect(api.revert).not.toHaveBeenCalled();
    const confirm = screen.getByTestId("history-confirm");
    expect(confirm).toHaveAccessibleDescription(/^About Us \(\/about\) is published again as it was after Dev's edit of .*2026.*, its translations as they were then: a new version/);
    expect(within(confirm).getByTestId("history-removes")).toHaveTextContent("The हिन्दी translation will be removed: this version had none.");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Restore" })));

    expect(api.revert).toHaveBeenCalledWith(FILE, first.rev);
    expect(onRestored).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith("success", "Version restored", `${NAME} is published as it was: it is live on the site in a few seconds.`);
    expect(panel.getAllByTestId("history-version")[0]).toHaveTextContent("Restored an earlier version: Title: 'Ours' → 'About'");
  });

  it("tells in the confirmation why a restore was refused, and keeps the file as it is", async () => {
    const api = fakeApi([ok({ file: FILE, edits: [edit, first] })]);
    api.revert.mockResolvedValueOnce(refused(404) as never);
    const onRestored = vi.fn(async () => undefined);
    const panel = await opened(api, true, onRestored);
    await act(async () => fireEvent.click(panel.getAllByTestId("history-version")[1]!));
    await act(async () => fireEvent.click(panel.getByRole("button", { name: "Restore this version" })));
    await act(async () => fireEvent.click(within(screen.getByTestId("history-confirm")).getByRole("button", { name: "Restore" })));
    expect(within(screen.getByTestId("history-confirm")).getByRole("alert")).toHaveTextContent(errors.StudioVersionNotFound("aaaaaaa", FILE).message);
    expect(onRestored).not.toHaveBeenCalled();
  });

  it("offers a contributor no Restore, and says who restores", async () => {
    const panel = await opened(fakeApi([ok({ file: FILE, edits: [edit, first] })]), false);
    await act(async () => fireEvent.click(panel.getAllByTestId("history-version")[1]!));
    expect(panel.getByTestId("history-change-list")).toHaveTextContent("Title: 'About' → 'Ours'");
    expect(panel.queryByRole("button", { name: "Restore this version" })).toBeNull();
    expect(panel.getByTestId("history-contributor")).toHaveTextContent("Only editors and admins can restore a version.");
  });

  it("says when a file has no published version yet", async () => {
    const panel = await opened(fakeApi([ok({ file: FILE, edits: [] })]), true);
    expect(panel.getByTestId("history-empty")).toHaveTextContent("No published versions yet");
    expect(panel.queryByTestId("history-version")).toBeNull();
  });

  it("says so when the history could not be loaded, and tries again when asked", async () => {
    const api = fakeApi([refused(500) as never, ok({ file: FILE, edits: [first] })]);
    const panel = await opened(api, true);
    expect(panel.getByRole("alert")).toHaveTextContent("The history could not be loaded.");
    await act(async () => fireEvent.click(panel.getByRole("button", { name: "Try again" })));
    expect(panel.getAllByTestId("history-version")).toHaveLength(1);
  });

  it("shows that it is loading until the history arrives", async () => {
    const api = fakeApi([]);
    let arrive: (value: ApiResult<{ file: string; edits: HistoryEdit[] }>) => void = () => undefined;
    api.history.mockReturnValueOnce(new Promise((resolve) => (arrive = resolve)));
    const panel = await opened(api, true);
    expect(panel.getByRole("status")).toHaveTextContent("Loading the history…");
    await act(async () => arrive(ok({ file: FILE, edits: [first] })));
    expect(panel.queryByText("Loading the history…")).toBeNull();
  });
});
