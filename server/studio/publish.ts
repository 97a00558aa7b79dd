/**
 * Publishing from the studio, one way (docs/studio.md, "Publishing and history"):
 *
 *   draft ─► checker (whole site) ─► minimal-diff write ─► git commit (the person as author)
 *         ─► incremental rebuild ─► atomic switch ─► live
 *
 * The check and the write are the local editor's (src/editor/server/store.ts editorStore's
 * save), not a copy. What this module adds: refusing a content tree with changes the studio did
 * not make, refusing a draft whose file changed since it began (with the changes in words), the
 * commit, putting the file back when the commit fails, and asking for the rebuild.
 *
 * Publishes and reverts run one at a time in this process. The studio is the one process that
 * writes content (docs/deploy.md); a second one writing the same checkout is not supported.
 *
 * A revert is a publish of an old version's content, its translations as they were with it: a
 * new commit, checked like any other.
 */
import * as fs from "node:fs/promises";
import path from "node:path";
import { collectionFile } from "../../src/runtime/content/read.ts";
import { SITE_SETTINGS } from "../../schemas/site.ts";
import { writeFileAtomic } from "../../src/runtime/content/write.ts";
import { changedPlaces, changesBetween } from "../../src/editor/document/changes.ts";
import { deepEqual } from "../../src/editor/document/equal.ts";
import type { FieldChange, HistoryEdit, TranslationsRemoved } from "../../src/editor/model.ts";
import { siteWideSources } from "../../schemas/translations.ts";
import { editableCollections, isPageFile, isSectionFile, isTemplateFile, translationOf, versionOf } from "../../src/editor/server/store.ts";
import type { ContentError } from "../../src/content-files/errors.ts";
import type { FieldErrors } from "../../src/admin/model.ts";
import { errors, type ErrorData } from "../../src/errors/catalogue.ts";
import type { StudioDocuments } from "./documents/kinds.ts";
import { type ContentGit, GitFailed, isRev, oneAtATime, type Person, type Revision } from "./git.ts";
import { isRestore, RESTORE_PREFIX, sittings } from "./history-edits.ts";
import { translationFilesOf, translationsCarried } from "./document-translations.ts";
import { type Restored, translationsRemoved, translationsToRestore, writeRestored } from "./restored-translations.ts";

/** Whether a published change is served yet: "off" when this process serves no site to rebuild. */
export type Live = "pending" | "live" | "failed" | "off";

export interface Published {
  /** The file's version now (the editor's version: a hash of its text). */
  version: string;
  /** The commit made; null when the draft equalled the file (nothing to publish). */
  commit: string | null;
  live: Live;
}

export type Refusal = { status: 400 | 404 | 409 | 422 | 500 | 503; error: ErrorData; errors?: ContentError[]; changes?: FieldChange[]; fields?: FieldErrors };
export type Outcome<T> = ({ ok: true } & T) | ({ ok: false } & Refusal);

/**
 * Files published with a document in its commit (a page's new images, server/studio/media/library.ts):
 * written before the document is checked, so the check sees them; put back, and `undo` called,
 * when the publish is refused or the commit fails.
 */
export interface Alongside {
  files: string[];
  /** Added to the commit message: "add image team-photo". */
  summary: string;
  write(): Promise<void>;
  /** Undoes what `write` did outside the files (an object put in a media store). */
  undo(): Promise<void>;
}

export interface PublisherOptions {
  root: string;
  /** What the studio edits: pages, collections and local blog posts (./documents/kinds.ts). */
  documents: StudioDocuments;
  git: ContentGit;
  /** Asks for a rebuild now and resolves whether it went live; undefined when this process serves no site. */
  rebuild: (reason: string) => Promise<boolean> | undefined;
  /** Told of each commit made (CONTENT_GIT_REMOTE: it is pushed to the other hosts). */
  committed?: (commit: string) => void;
  /** Why publishing is stopped now, if it is (the content's history diverged from the other hosts'). */
  stopped?: () => ErrorData | undefined;
}

/** How many recent versions of a file are searched for the one a stale draft began from. */
const BASE_SEARCH = 50;
/** How many publishes' live states are remembered for GET /publish/status. */
const REMEMBERED = 100;
/** How many places a commit message names before "and N more". */
const NAMED_PLACES = 4;

const refuse = (status: Refusal["status"], error: ErrorData, extra: Omit<Refusal, "status" | "error"> = {}): { ok: false } & Refusal => ({ ok: false, status, error, ...extra });

const badFile = (file: unknown) => refuse(400, errors.StudioNotADocument(String(file)));

/** "page /about", "collection faqs", "section closing-cta", "page template landing", "site settings", "hi translation of page about", "hi translation of site settings": what a commit message calls a file (a post is named by ./documents/kinds.ts). */
export function documentName(file: string, data: unknown): string {
  const translation = translationOf(file);
  if (translation) return `${translation.locale} translation of ${siteWideSources.find((s) => s.file === translation.source)?.name ?? documentName(translation.source, undefined)}`;
  const collection = editableCollections.find((name) => collectionFile(name) === file);
  if (collection) return `collection ${collection}`;
  if (isSectionFile(file)) return `section ${path.posix.basename(file, ".json")}`;
  if (isTemplateFile(file)) return `page template ${path.posix.basename(file, ".json")}`;
  if (file === SITE_SETTINGS) return "site settings";
  const pagePath = typeof data === "object" && data !== null && typeof (data as { path?: unknown }).path === "string" ? (data as { path: string }).path : undefined;
  return `page ${pagePath ?? path.posix.basename(file, ".json")}`;
}

/** "Edit page /about: Title, Block 3 (faq)". */
export function publishMessage(file: string, before: unknown, after: unknown, name = documentName(file, after)): string {
  if (before === undefined) return `Add ${name}`;
  const places = changedPlaces(changesBetween(before, after));
  const named = places.length > NAMED_PLACES ? [...places.slice(0, NAMED_PLACES), `and ${places.length - NAMED_PLACES} more`] : places;
  return `Edit ${name}${named.length > 0 ? `: ${named.join(", ")}` : ""}`;
}

/** "Edit page /about: Hero; add image team-photo", a trailer kept last. */
const withAlongside = (message: string, summary: string) => {
  const [subject, ...rest] = message.split("\n");
  return [`${subject}; ${summary}`, ...rest].join("\n");
};

export function publisher({ root, documents, git, rebuild, committed, stopped }: PublisherOptions) {
  const lives = new Map<string, Live>();
  const isStudioFile = documents.isDocument;
  const parse = (file: string, text: string | undefined) => documents.dataOf(file, text);
  const nameOf = (file: string, data: unknown) => documents.postName(file) ?? documentName(file, data);
  let workingCopy: Promise<boolean> | undefined;

  const readText = (file: string) => fs.readFile(path.join(root, file), "utf8").catch(() => undefined);
  const readBytes = (file: string) => fs.readFile(path.join(root, file)).catch(() => undefined);
  const sameContent = (bytes: Buffer | undefined, was: string | Buffer | undefined) =>
    bytes === undefined || was === undefined ? bytes === was : bytes.equals(typeof was === "string" ? Buffer.from(was, "utf8") : was);

  const remember = (commit: string, live: Live) => {
    lives.delete(commit);
    lives.set(commit, live);
    if (lives.size > REMEMBERED) lives.delete(lives.keys().next().value!);
  };

  /** What every write needs: a git working copy without changes the studio did not make. */
  async function ready(): Promise<Refusal | undefined> {
    if (!(await (workingCopy ??= git.isWorkingCopy()))) return { status: 500, error: errors.StudioNoGit(root) };
    const diverged = stopped?.();
    if (diverged) return { status: 409, error: diverged };
    const unfinished = await git.unfinished();
    if (unfinished) return { status: 409, error: errors.StudioGitUnfinished(unfinished) };
    const dirty = await git.changedContent();
    if (dirty.length > 0) return { status: 409, error: errors.StudioTreeDirty(dirty) };
    return undefined;
  }

  /**
   * What changed in the file since the version a draft began from: that version's text is
   * found in the file's recent history by its version; when it is not there (never
   * committed), the file is compared with the draft itself.
   */
  async function changesSinceBase(file: string, base: string, current: string | undefined, draft: unknown): Promise<FieldChange[]> {
    const text = await textAt(file, base);
    return changesBetween(text === undefined ? draft : await parse(file, text), await parse(file, current));
  }

  /** The file's text at a version, found in its recent history by the version (a hash of the text). */
  async function textAt(file: string, version: string): Promise<string | undefined> {
    for (const revision of (await git.log(file, { max: BASE_SEARCH }).catch(() => [] as Revision[]))) {
      const text = await git.show(revision.rev, revision.file);
      if (text !== undefined && versionOf(text) === version) return text;
    }
    return undefined;
  }

  /**
   * A publish whose work is done already: the file is what it publishes, though not at its base.
   * Its first sending went through and the answer was lost on the way (a cut connection, a
   * proxy's time limit), and the studio sends it again; or someone published the very same.
   * Answered as done (no commit), not refused as someone else's change.
   */
  const doneAlready = async (file: string, base: string | null, disk: string | undefined, data: unknown) =>
    disk !== undefined && (base === null || versionOf(disk) !== base) && deepEqual(await parse(file, disk), data);

  /** The refusal when the file is not at the version the draft began from (null: no file yet). */
  async function staleBase(file: string, base: string | null, disk: string | undefined, data: unknown) {
    if (base === null && disk !== undefined) return refuse(409, errors.StudioFileExists(file));
    if (base !== null && (disk === undefined || versionOf(disk) !== base)) {
      return refuse(409, errors.StudioChangedSince(file), { changes: await changesSinceBase(file, base, disk, data) });
    }
    return undefined;
  }

  /** A refused save as the answer: the checker's errors, a post's field errors, or a file that changed just now. */
  const refused = (file: string, saved: Awaited<ReturnType<StudioDocuments["save"]>> & { ok: false }) => {
    if (saved.status === 422) {
      if (saved.fields) return refuse(422, saved.error, { fields: saved.fields });
      return refuse(422, errors.StudioHasErrors(saved.errors?.length ?? 0), { errors: saved.errors ?? [] });
    }
    if (saved.status === 409 && saved.error.code !== errors.EditorFileExists.code) return refuse(409, saved.error);
    // The rest were ruled out above (a file the studio edits, at the version given), unless the file changed just now.
    return refuse(409, errors.StudioChangedSince(file), { changes: [] });
  };

  /** Puts files back as they were (`before`: their texts; undefined: there was none). */
  async function putBack(before: ReadonlyMap<string, string | Buffer | undefined>) {
    for (const [file, text] of before) {
      if (text === undefined) await fs.rm(path.join(root, file), { force: true });
      else await writeFileAtomic(fs, path.join(root, file), text);
    }
  }

  /**
   * Commits what a write changed (`before`: the texts of the files it may touch), or puts
   * them back as they were when git refuses: nothing half-done.
   */
  async function commitWritten(before: Map<string, string | Buffer | undefined>, author: Person, message: string): Promise<Outcome<{ commit: string | null }>> {
    const changed: string[] = [];
    for (const [file, text] of before) if (!sameContent(await readBytes(file), text)) changed.push(file);
    if (changed.length === 0) return { ok: true, commit: null };
    try {
      return { ok: true, commit: await git.commit(changed, author, message) };
    } catch (error) {
      await putBack(new Map(changed.map((file) => [file, before.get(file)])));
      await git.unstage(changed).catch(() => undefined);
      if (error instanceof GitFailed) return refuse(500, errors.StudioCommitFailed(error.stderr.trim().split("\n").slice(-3).join(" ")));
      throw error;
    }
  }

  /** The texts of the files a write of `file` may change, before it (`beside`: the translations it carries, ./document-translations.ts). */
  const textsBefore = async (file: string, beside: Iterable<string> = []) =>
    new Map(await Promise.all([...documents.touches(file), ...beside].map(async (touched) => [touched, await readText(touched)] as const)));

  /** Writes (checked, minimal diff), commits, and asks for the rebuild. The caller holds the queue. */
  async function write(file: string, base: string | null, data: unknown, author: Person, message: (before: unknown) => string | Promise<string>, alongside?: Alongside): Promise<Outcome<Published>> {
    const carried = await translationsCarried(root, file, base, data);
    // A file written alongside is as the alongside has it (a restore's translations as they were).
    for (const besideFile of alongside?.files ?? []) carried.delete(besideFile);
    const before: Map<string, string | Buffer | undefined> = await textsBefore(file, carried.keys());
    const disk = before.get(file) as string | undefined;
    if (await doneAlready(file, base, disk, data)) return { ok: true, version: versionOf(disk!), commit: null, live: "live" };
    const stale = await staleBase(file, base, disk, data);
    if (stale) return stale;
    const besides = new Map(await Promise.all((alongside?.files ?? []).map(async (f) => [f, await readBytes(f)] as const)));
    /** The files written alongside put back, and what else they did undone. */
    const undoAlongside = async () => {
      await putBack(besides);
      await alongside?.undo();
    };
    try {
      await alongside?.write();
    } catch (error) {
      await undoAlongside();
      throw error;
    }
    const saved = await documents.save(file, data, base);
    if (!saved.ok) {
      await undoAlongside();
      return refused(file, saved);
    }
    const { version } = saved;
    // In the same commit, or put back with it.
    for (const [translation, text] of carried) {
      await fs.mkdir(path.dirname(path.join(root, translation)), { recursive: true });
      await writeFileAtomic(fs, path.join(root, translation), text);
    }
    for (const [f, bytes] of besides) before.set(f, bytes);
    const subject = await message(await parse(file, disk));
    const committedNow = await commitWritten(before, author, alongside ? withAlongside(subject, alongside.summary) : subject);
    if (!committedNow.ok) {
      await alongside?.undo();
      return committedNow;
    }
    if (committedNow.commit === null) return { ok: true, version, commit: null, live: "live" };
    committed?.(committedNow.commit);
    return { ok: true, version, commit: committedNow.commit, live: serve(committedNow.commit) };
  }

  /** Deletes a post, a page nothing links to or a section no page places, as a commit. The caller holds the queue and checked the working copy. */
  async function removeNow(file: string, base: string, author: Person): Promise<Outcome<Published>> {
    // Its translations go with it, in the same commit (./document-translations.ts).
    const translations = await translationFilesOf(root, file);
    const before = await textsBefore(file, translations);
    const disk = before.get(file);
    if (disk === undefined) {
      // Deleted already, from the version this deletion saw (doneAlready, for a deletion).
      if ((await textAt(file, base)) !== undefined) return { ok: true, version: "", commit: null, live: "live" };
      return refuse(404, errors.StudioDocumentNotFound(file));
    }
    const stale = await staleBase(file, base, disk, undefined);
    if (stale) return stale;
    const removed = await documents.remove(file, base);
    if (!removed.ok) return removed.status === 409 && removed.errors ? refuse(409, removed.error, { errors: removed.errors }) : refuse(409, errors.StudioChangedSince(file), { changes: [] });
    for (const translation of translations) await fs.rm(path.join(root, translation), { force: true });
    const committedNow = await commitWritten(before, author, `Delete ${nameOf(file, await parse(file, disk))}`);
    if (!committedNow.ok) return committedNow;
    committed?.(committedNow.commit!);
    return { ok: true, version: "", commit: committedNow.commit, live: serve(committedNow.commit!) };
  }

  /** Asks for the rebuild that serves a commit; "off" when this process serves no site. */
  function serve(commit: string): Live {
    const rebuilt = rebuild(`publish ${commit.slice(0, 7)}`);
    if (!rebuilt) {
      remember(commit, "off");
      return "off";
    }
    remember(commit, "pending");
    void rebuilt.then(
      (live) => remember(commit, live ? "live" : "failed"),
      () => remember(commit, "failed"),
    );
    return "pending";
  }

  /** A restore's translations, written beside its document (put back by `write` when refused). */
  function withTranslations(restored: readonly Restored[]): Alongside | undefined {
    if (restored.length === 0) return undefined;
    const locales = restored.map((r) => r.locale);
    return {
      files: restored.map((r) => r.file),
      summary: `its ${locales.join(", ")} ${locales.length === 1 ? "translation" : "translations"} as then`,
      write: () => writeRestored(root, restored),
      undo: async () => undefined,
    };
  }

  /** One publish or revert at a time in this process. */
  const queued = <T,>(task: () => Promise<T>) => oneAtATime(root, task);

  return {
    /**
     * Publishes a draft: `base` is the version of the file it began from, null for a new file.
     * `trailer`: a last line for the commit message (a scheduled publish marks its commit so).
     */
    publish(file: unknown, base: string | null, data: unknown, author: Person, { trailer, alongside }: { trailer?: string; alongside?: Alongside } = {}): Promise<Outcome<Published>> {
      return queued(async () => {
        if (!isStudioFile(file)) return badFile(file);
        const refused = await ready();
        if (refused) return { ok: false, ...refused };
        // A page, a section or a template published as nothing is deleted (the editor's Delete page, Delete section, Delete template).
        if (data === null && base !== null && (isPageFile(file) || isSectionFile(file) || isTemplateFile(file))) return removeNow(file, base, author);
        return write(file, base, data, author, (before) => publishMessage(file, before, data, nameOf(file, data)) + (trailer ? `\n\n${trailer}` : ""), alongside);
      });
    },

    /** Deletes a blog post as a commit: `base` is the version of its file the person saw. */
    remove(file: unknown, base: string, author: Person): Promise<Outcome<Published>> {
      return queued(async () => {
        if (!isStudioFile(file) || !documents.postName(file)) return badFile(file);
        const refused = await ready();
        if (refused) return { ok: false, ...refused };
        return removeNow(file, base, author);
      });
    },

    /**
     * Commits a change to files that are not the editor's documents (the media library's
     * entries, translations and originals, server/studio/media/library.ts): `change` writes or
     * removes them, then one commit of those that changed, put back as they were when git
     * refuses; then the rebuild, as a publish.
     */
    commitFiles(files: string[], change: () => Promise<void>, author: Person, message: string): Promise<Outcome<{ commit: string | null; live: Live }>> {
      return queued(async () => {
        const refused = await ready();
        if (refused) return { ok: false, ...refused };
        const before = new Map(await Promise.all(files.map(async (file) => [file, await readBytes(file)] as const)));
        try {
          await change();
        } catch (error) {
          // Half a change (a media store failing midway) is put back: the content stays as committed.
          await putBack(before);
          throw error;
        }
        const committedNow = await commitWritten(before, author, message);
        if (!committedNow.ok) return committedNow;
        if (committedNow.commit === null) return { ok: true, commit: null, live: "live" };
        committed?.(committedNow.commit);
        return { ok: true, commit: committedNow.commit, live: serve(committedNow.commit) };
      });
    },

    /** A document's data at a version from its recent history (a stale draft's base, for the editor's merge); undefined when not found. */
    async dataAt(file: string, version: string): Promise<unknown> {
      if (!isStudioFile(file)) return undefined;
      const text = await textAt(file, version);
      return text === undefined ? undefined : parse(file, text);
    },

    /** Asks for a rebuild to serve a commit already made (a scheduled publish found done after a crash). */
    serve,

    /** What publishing this draft now would refuse, without writing: the file's version and the whole-site check (`besides`: files that would be published with it). */
    async check(file: unknown, base: string | null, data: unknown, besides?: ReadonlyMap<string, string>): Promise<Outcome<{ file: string }>> {
      if (!isStudioFile(file)) return badFile(file);
      const stale = await staleBase(file, base, await readText(file), data);
      if (stale) return stale;
      const checked = await documents.check(file, data, besides);
      if (!checked.ok) return checked.status === 404 ? badFile(file) : refuse(422, checked.error, { ...(checked.errors && { errors: checked.errors }), ...(checked.fields && { fields: checked.fields }) });
      return { ok: true, file };
    },

    /** A new commit with the file as it was at `rev`, checked like a publish. */
    revert(file: unknown, rev: unknown, author: Person): Promise<Outcome<Published & { rev: string }>> {
      return queued(async () => {
        if (!isStudioFile(file)) return badFile(file);
        const refused = await ready();
        if (refused) return { ok: false, ...refused };
        const found = await revisionOf(file, rev);
        if (!found.ok) return found;
        const { revision, text } = found;
        const data = await parse(file, text);
        if (data === undefined) return refuse(422, errors.StudioHasErrors(1));
        const disk = await readText(file);
        const short = revision.rev.slice(0, 7);
        // Its translations as they were too, in the same commit (./restored-translations.ts).
        const translations = await translationsToRestore(root, git, file, revision.rev);
        const published = await write(file, disk === undefined ? null : versionOf(disk), data, author, () => `${RESTORE_PREFIX}${nameOf(file, data)} to ${short} (${revision.date.slice(0, 10)})`, withTranslations(translations));
        return published.ok ? { ...published, rev: revision.rev } : published;
      });
    },

    /**
     * The commits that touched a file, newest first, and the same as edits: one person's
     * publishes in one sitting together, with what they changed in words.
     */
    async history(file: unknown): Promise<Outcome<{ file: string; revisions: Omit<Revision, "file">[]; edits: HistoryEdit[] }>> {
      if (!isStudioFile(file)) return badFile(file);
      const revisions = await git.log(file);
      return { ok: true, file, revisions: revisions.map(({ file: _path, ...revision }) => revision), edits: await editsOf(file, revisions) };
    },

    /** What changed from the file at `rev` to the file now, in words, and the translated texts restoring it would remove. */
    async changesSince(file: unknown, rev: unknown): Promise<Outcome<{ file: string; rev: string; changes: FieldChange[]; removes: TranslationsRemoved }>> {
      if (!isStudioFile(file)) return badFile(file);
      const found = await revisionOf(file, rev);
      if (!found.ok) return found;
      const removes = translationsRemoved(await translationsToRestore(root, git, file, found.revision.rev));
      return { ok: true, file, rev: found.revision.rev, changes: changesBetween(await parse(file, found.text), await parse(file, await readText(file))), removes };
    },

    /** Whether a publish's commit is served yet, as far as this process knows. */
    status(commit: unknown): Live | undefined {
      if (!isRev(commit)) return undefined;
      for (const [known, live] of lives) if (known.startsWith(commit)) return live;
      return undefined;
    },
  };

  /** The revisions as edits: each sitting's changes from the version before it (the next, older, sitting's last) to its own last. */
  async function editsOf(file: string, revisions: readonly Revision[]): Promise<HistoryEdit[]> {
    const runs = sittings(revisions);
    const dataAt = async (revision: Revision | undefined) => (revision ? parse(file, await git.show(revision.rev, revision.file)) : undefined);
    let after = await dataAt(runs[0]?.[0]);
    const edits: HistoryEdit[] = [];
    for (const [i, run] of runs.entries()) {
      const newest = run[0]!;
      const oldest = run.at(-1)!;
      const before = await dataAt(runs[i + 1]?.[0]);
      const created = runs[i + 1] === undefined;
      edits.push({
        rev: newest.rev,
        author: newest.author,
        from: oldest.date,
        to: newest.date,
        changes: created ? [] : changesBetween(before, after),
        created,
        restored: isRestore(newest),
        commits: run.map(({ rev, date, subject }) => ({ rev, date, subject })),
      });
      after = before;
    }
    return edits;
  }

  /** A version of the file from its history: the revision and the file's text then. */
  async function revisionOf(file: string, rev: unknown): Promise<Outcome<{ revision: Revision; text: string }>> {
    if (!isRev(rev)) return refuse(400, errors.StudioBadRequest("rev: a commit's hex name (7 to 64 characters 0-9 a-f), from the file's history."));
    const full = await git.resolve(rev);
    const revision = full && (await git.log(file)).find((r) => r.rev === full);
    const text = revision && (await git.show(revision.rev, revision.file));
    if (!revision || text === undefined) return refuse(404, errors.StudioVersionNotFound(rev, file));
    return { ok: true, revision, text };
  }
}

export type Publisher = ReturnType<typeof publisher>;
