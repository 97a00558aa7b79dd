/**
 * The editor's open document without a browser: a draft that is dirty until saved, undo and
 * redo over it, a save that clears it, a save refused on a conflict that keeps the draft, the
 * checker's errors on the field they concern, and checks that follow the typing. Everything
 * runs against an in-memory save target, which is all the editor knows of where documents go
 * (the local file API is covered by tests/unit/editor-api.test.ts and the browser tests).
 */
import type { ContentError } from "../../src/content-files/errors.ts";
import type { DraftKeeper, StoredDraft } from "../../src/editor/document/drafts.ts";
import { openDocument, type OpenedFile } from "../../src/editor/document/open.ts";
import { CHECK_DELAY_MS, createDocumentSession, KEEP_DELAY_MS } from "../../src/editor/document/session.ts";
import { errorsOf, errorsWithin, isDirty, statusOf } from "../../src/editor/document/state.ts";
import type { DocumentStore } from "../../src/editor/document/store.ts";
import type { CheckedDraft } from "../../src/editor/model.ts";
import { errors } from "../../src/errors/catalogue.ts";

const FILE = "content/pages/about.json";
const about = { path: "/about", meta: { title: "About", description: "Who we are" }, blocks: [{ type: "hero", title: "Engineers" }, { type: "cta", title: "Talk to us" }] };

/** A checker of this test's own: every block needs a title. */
function emptyTitles(file: string, data: unknown): ContentError[] {
  const blocks = (data as typeof about).blocks ?? [];
  return blocks.flatMap((block, i) =>
    block.title ? [] : [{ ...errors.MissingValue("a title"), file, line: 1, column: 1, pointer: `/blocks/${i}/title`, label: `block ${i + 1} → title` }],
  );
}

/** A save target holding its documents in memory, with versions, as the interface asks. */
function memoryStore(documents: Record<string, unknown>, checker = emptyTitles) {
  const held = new Map(Object.entries(documents).map(([file, data]) => [file, { data, version: "v1" }]));
  let versions = 1;
  const saves: string[] = [];
  const store: DocumentStore = {
    async load(file) {
      const doc = held.get(file);
      if (!doc) return { kind: "missing", failure: { error: errors.EditorNotFound(file) } };
      return { kind: "loaded", document: { data: structuredClone(doc.data), version: doc.version, errors: checker(file, doc.data) } };
    },
    async check(file, data) {
      const found = checker(file, data);
      return { errors: found, introduced: found };
    },
    async save(file, data, base) {
      const doc = held.get(file);
      if (base === null ? doc !== undefined : doc?.version !== base) {
        return { kind: "conflict", failure: { error: base === null ? errors.EditorFileExists(file) : errors.EditorChangedOnDisk(file) } };
      }
      const version = `v${++versions}`;
      held.set(file, { data: structuredClone(data), version });
      saves.push(version);
      return { kind: "saved", version };
    },
    async remove(file, version) {
      if (held.get(file)?.version !== version) return { kind: "refused", failure: { error: errors.EditorChangedOnDisk(file) } };
      held.delete(file);
      return { kind: "removed" };
    },
  };
  /** Someone else's change, made behind the editor's back (a git pull). */
  const changeElsewhere = (file: string, data: unknown) => held.set(file, { data, version: `v${++versions}` });
  return { store, held, saves, changeElsewhere };
}

function memoryKeeper(): DraftKeeper & { kept: Map<string, StoredDraft> } {
  const kept = new Map<string, StoredDraft>();
  return {
    kept,
    get: (file) => kept.get(file),
    put: (file, version, data) => void kept.set(file, { file, version, data, at: 0 }),
    remove: (file) => void kept.delete(file),
    // One person's drafts: nobody else types in them.
    link: () => () => undefined,
  };
}

async function open(documents: Record<string, unknown> = { [FILE]: about }) {
  const target = memoryStore(documents);
  const keeper = memoryKeeper();
  const storage = { store: target.store, keeper };
  const opened = await openDocument("page", "about", storage);
  if (opened.state !== "loaded") throw new Error(`not opened: ${opened.state}`);
  const session = createDocumentSession(opened.value, storage);
  const title = () => (session.getState().editor.history.present.data as typeof about).blocks[0]!.title;
  return { ...target, keeper, session, opened: opened.value, title };
}

const editTitle = (index: number, value: string) => ({ type: "edit", path: ["blocks", index, "title"], value, group: `/blocks/${index}/title` }) as const;

describe("an open document", () => {
  it("is dirty after an edit, clean again after undo, dirty after redo, and clean once saved", async () => {
    const { session, title, held, saves } = await open();
    const dirty = () => isDirty(session.getState().editor);
    expect(dirty()).toBe(false);

    session.dispatch(editTitle(0, "Engineers who care"));
    expect(dirty()).toBe(true);
    session.dispatch({ type: "undo" });
    expect([title(), dirty()]).toEqual(["Engineers", false]);
    session.dispatch({ type: "redo" });
    expect([title(), dirty()]).toEqual(["Engineers who care", true]);

    const result = await session.save();
    expect(result).toEqual({ kind: "saved", created: false });
    expect(dirty()).toBe(false);
    expect(saves).toEqual(["v2"]);
    expect(held.get(FILE)).toEqual({ data: session.getState().editor.history.present.data, version: "v2" });
    expect(statusOf(session.getState(), errorsOf(session.getState().check, FILE))).toBe("saved");
    // Saving keeps the history: the saved change can still be undone, and is then unsaved.
    session.dispatch({ type: "undo" });
    expect([title(), dirty()]).toEqual(["Engineers", true]);
  });

  it("a publish asked for twice at once (a double click, Ctrl+S and the button) publishes once: the second is busy, never a conflict with the first", async () => {
    const { session, saves } = await open();
    session.dispatch(editTitle(0, "Engineers who care"));
    // Both begin before the newest draft's check has answered.
    const results = await Promise.all([session.save(), session.save()]);
    expect(results).toEqual([{ kind: "saved", created: false }, { kind: "busy" }]);
    expect(saves).toEqual(["v2"]);
    expect(isDirty(session.getState().editor)).toBe(false);
  });

  it("a new page's first publish asked for twice at once creates it once, without 'already exists'", async () => {
    const target = memoryStore({});
    const keeper = memoryKeeper();
    keeper.put("content/pages/new.json", null, { ...about, path: "/new" });
    const opened = await openDocument("page", "new", { store: target.store, keeper });
    const session = createDocumentSession((opened as { value: OpenedFile }).value, { store: target.store, keeper });
    const results = await Promise.all([session.save(), session.save()]);
    expect(results).toEqual([{ kind: "saved", created: true }, { kind: "busy" }]);
    expect(target.saves).toEqual(["v2"]);
  });

  it("keeps the draft and reports a conflict when the target changed since it was opened", async () => {
    const { session, title, held, changeElsewhere } = await open();
    changeElsewhere(FILE, { ...about, path: "/about-us" });
    session.dispatch(editTitle(0, "Mine"));

    expect(await session.save()).toEqual({ kind: "conflict", failure: { error: errors.EditorChangedOnDisk(FILE) } });
    const state = session.getState();
    expect(state.conflict).toBe(true);
    expect(state.saving).toBe(false);
    expect([title(), isDirty(state.editor), state.editor.saved.version]).toEqual(["Mine", true, "v1"]);
    expect((held.get(FILE)!.data as typeof about).path).toBe("/about-us");

    // Keep editing: the dialog closes, the draft stays. Reload: the target's version replaces it.
    session.dismissConflict();
    expect([session.getState().conflict, title()]).toEqual([false, "Mine"]);
    expect(await session.reload()).toEqual({ ok: true });
    const reloaded = session.getState();
    expect([title(), isDirty(reloaded.editor), reloaded.editor.saved.version]).toEqual(["Engineers", false, "v2"]);
    expect((reloaded.editor.history.present.data as typeof about).path).toBe("/about-us");
    expect(reloaded.editor.history.past).toEqual([]);
  });

  it("refuses to save while the checker finds errors, each on the pointer of its field", async () => {
    const { session, saves } = await open();
    session.dispatch(editTitle(1, ""));

    const result = await session.save();
    expect(result.kind).toBe("blocked");
    expect(saves).toEqual([]);
    const found = errorsOf(session.getState().check, FILE);
    expect([...found.byPointer.keys()]).toEqual(["/blocks/1/title"]);
    expect(found.byPointer.get("/blocks/1/title")![0]!.code).toBe(errors.MissingValue.code);
    expect([errorsWithin(found.inFile, "page", 0), errorsWithin(found.inFile, "page", 1)]).toEqual([0, 1]);
    expect(statusOf(session.getState(), found)).toBe("errors");

    session.dispatch(editTitle(1, "Talk to us today"));
    expect(await session.save()).toEqual({ kind: "saved", created: false });
  });

  it("shows the target's errors when the target refuses a save the checker let through", async () => {
    const { session, store } = await open();
    const refusal: ContentError = { ...errors.BrokenLink("/contcat", "Did you mean /contact?"), file: FILE, line: 1, column: 1, pointer: "/blocks/0/title", label: "block 1" };
    store.save = async () => ({ kind: "refused", failure: { error: errors.EditorHasErrors(1), errors: [refusal] } });
    session.dispatch(editTitle(0, "Changed"));

    const result = await session.save();
    expect(result.kind === "refused" && result.failure.error.code).toBe(errors.EditorHasErrors.code);
    expect(errorsOf(session.getState().check, FILE).byPointer.get("/blocks/0/title")).toEqual([refusal]);
    expect(isDirty(session.getState().editor)).toBe(true);
  });
});

describe("checks and kept drafts while typing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("checks once typing pauses, and applies only the newest check's answer", async () => {
    const { session, store } = await open();
    const answers: { data: unknown; answer: (r: CheckedDraft) => void }[] = [];
    store.check = (_file, data) => new Promise((answer) => answers.push({ data, answer }));
    session.start();

    session.dispatch(editTitle(1, "T"));
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS / 2);
    session.dispatch(editTitle(1, ""));
    expect(answers).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(answers).toHaveLength(1);
    expect(session.getState().checking).toBe(true);

    // A newer draft is checked before the first answer arrives: the late first answer is dropped.
    session.dispatch(editTitle(1, "Talk"));
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS);
    expect(answers).toHaveLength(2);
    answers[1]!.answer({ errors: [], introduced: [] });
    answers[0]!.answer({ errors: emptyTitles(FILE, answers[0]!.data), introduced: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getState().checking).toBe(false);
    expect(session.getState().check.errors).toEqual([]);
    expect(session.getState().check.for).toBe(answers[1]!.data);
    session.stop();
  });

  it("keeps an unsaved draft with the version it started from, and drops it once saved", async () => {
    const { session, keeper } = await open();
    session.start();
    session.dispatch(editTitle(0, "Kept"));
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS);
    expect(keeper.kept.get(FILE)).toMatchObject({ version: "v1", data: { blocks: [{ title: "Kept" }, {}] } });

    await session.save();
    expect(keeper.kept.has(FILE)).toBe(false);
    session.stop();
  });
});

describe("a restored draft", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stays kept until it is saved or discarded", async () => {
    const { store } = memoryStore({ [FILE]: about });
    const keeper = memoryKeeper();
    keeper.put(FILE, "v1", { ...about, path: "/about-draft" });
    const opened = await openDocument("page", "about", { store, keeper });
    const session = createDocumentSession((opened as { value: OpenedFile }).value, { store, keeper });
    session.start();
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS * 2);
    expect(keeper.kept.get(FILE)).toMatchObject({ version: "v1", data: { path: "/about-draft" } });
    expect(await session.reload()).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(KEEP_DELAY_MS * 2);
    expect(keeper.kept.has(FILE)).toBe(false);
    expect(session.getState().restored).toBe(false);
    session.stop();
  });
});

describe("opening a document", () => {
  it("restores an unsaved draft over the target's version, and says so", async () => {
    const { store } = memoryStore({ [FILE]: about });
    const keeper = memoryKeeper();
    keeper.put(FILE, "v1", { ...about, path: "/about-draft" });
    const opened = await openDocument("page", "about", { store, keeper });
    expect(opened).toMatchObject({ state: "loaded", value: { restored: true, version: "v1", data: { path: "/about-draft" } } });
    const state = createDocumentSession((opened as { value: OpenedFile }).value, { store, keeper }).getState();
    // Restored is unsaved: the status says so, and leaving or reloading keeps it.
    expect([state.restored, isDirty(state.editor)]).toEqual([true, true]);
    expect(statusOf(state, errorsOf(state.check, FILE))).toBe("unsaved");
  });

  it("opens a new page from its draft alone, and its first save creates it", async () => {
    const target = memoryStore({});
    const keeper = memoryKeeper();
    keeper.put("content/pages/new.json", null, { ...about, path: "/new" });
    const opened = await openDocument("page", "new", { store: target.store, keeper });
    expect(opened).toMatchObject({ state: "loaded", value: { version: null, restored: false } });
    const session = createDocumentSession((opened as { value: OpenedFile }).value, { store: target.store, keeper });
    expect(statusOf(session.getState(), errorsOf(session.getState().check, "content/pages/new.json"))).toBe("new");
    expect(await session.save()).toEqual({ kind: "saved", created: true });
    expect(target.held.has("content/pages/new.json")).toBe(true);
  });

  it("answers missing for a document the target does not have, or a collection that does not exist", async () => {
    const { store } = memoryStore({});
    const keeper = memoryKeeper();
    expect(await openDocument("page", "gone", { store, keeper })).toEqual({ state: "missing" });
    expect(await openDocument("collection", "nonsense", { store, keeper })).toEqual({ state: "missing" });
  });
});

describe("a conflict", () => {
  it("a draft kept from a version published over since opens on that version: its publish is refused, and the merge keeps what was published meanwhile (issue 36)", async () => {
    // Ed changed the hero's title in a draft of v1; Asha then published a new page title (v2).
    const target = memoryStore({ [FILE]: about });
    const keeper = memoryKeeper();
    const eds = { ...about, blocks: [{ ...about.blocks[0]!, title: "Ed's hero" }, about.blocks[1]!] };
    keeper.kept.set(FILE, { file: FILE, version: "v1", data: eds, baseData: about, at: 0 });
    target.changeElsewhere(FILE, { ...about, meta: { ...about.meta, title: "Asha's title" } });
    const opened = await openDocument("page", "about", { store: target.store, keeper });
    if (opened.state !== "loaded") throw new Error(opened.state);
    expect(opened.value).toMatchObject({ restored: true, version: "v1", saved: about, data: eds });
    const session = createDocumentSession(opened.value, { store: target.store, keeper });

    expect((await session.save()).kind).toBe("conflict");
    const merging = await session.rebase();
    if (!merging.ok) throw new Error(merging.failure.error.message);
    expect(merging.conflicts).toEqual([]);
    merging.apply({});
    expect(await session.save()).toEqual({ kind: "saved", created: false });
    const published = target.held.get(FILE)!.data as typeof about;
    expect([published.meta.title, published.blocks[0]!.title]).toEqual(["Asha's title", "Ed's hero"]);
  });

  it("applies mine on top: my edits stay, their change to what I did not touch is kept, the base becomes the target's version, and it then saves", async () => {
    const { session, title, held, changeElsewhere } = await open();
    changeElsewhere(FILE, { ...about, meta: { ...about.meta, title: "Theirs" } });
    session.dispatch(editTitle(0, "Mine"));
    expect((await session.save()).kind).toBe("conflict");

    const merging = await session.rebase();
    expect(merging).toMatchObject({ ok: true, conflicts: [] });
    if (merging.ok) merging.apply({});
    const rebased = session.getState();
    expect([rebased.conflict, title(), isDirty(rebased.editor), rebased.editor.saved.version]).toEqual([false, "Mine", true, "v2"]);
    // Undo still goes back through the person's own edits, each on their version: nothing of theirs comes undone.
    expect(rebased.editor.history.past.length).toBe(1);
    session.dispatch({ type: "undo" });
    expect([title(), (session.getState().editor.history.present.data as typeof about).meta.title]).toEqual(["Engineers", "Theirs"]);
    session.dispatch({ type: "redo" });
    expect(await session.save()).toEqual({ kind: "saved", created: false });
    expect((held.get(FILE)!.data as typeof about).blocks[0]!.title).toBe("Mine");
    expect((held.get(FILE)!.data as typeof about).meta.title).toBe("Theirs");
  });

});
