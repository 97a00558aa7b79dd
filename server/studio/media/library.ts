/**
 * The media library as the studio edits it (issue 39), through the pages' own machinery:
 *
 *   upload ─► intake (type by content, limits, metadata stripped, SVG sanitised)
 *          ─► the cleaned original in the database (studio_media_uploads, once per hash)
 *             and its entry as a draft (studio_drafts, content/media/<id>.json)
 *   describe ─► drafts of the entry and of each locale's alt text (content/translations/<locale>/media/<id>.json)
 *   publish ─► the original into the media store, the entry and translations written,
 *              one commit with the person as author, the rebuild (../publish.ts commitFiles)
 *   delete ─► refused while any page, list or post uses it (./uses.ts); else one commit removing it
 *
 * Nothing reaches content/ or the public site before it is published. Same bytes as an image
 * already in the library (the cleaned original's SHA-256) answer with that image, stored once.
 */
import { readFileSync } from "node:fs";
import { rm, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileNameProblem, safeFileName, sentFileName } from "../../../schemas/form-files.ts";
import { MEDIA_DIR, manifestFile, type MediaManifest, mediaManifestSchema, originalKey } from "../../../schemas/media.ts";
import { siteTranslationSchema } from "../../../schemas/translations.ts";
import { localesFileSchema } from "../../../schemas/locales.ts";
import { LOCALES_FILE } from "../../../src/runtime/content/read.ts";
import { type DescribeMedia, type MediaAsset, type MediaLocale, type MediaVersion, mediaTranslationFile as translationFile, type UploadResult } from "../../../schemas/studio-media.ts";
import { errors, type ErrorData } from "../../../src/errors/catalogue.ts";
import { CatalogueError } from "../../../src/errors/catalogue-error.ts";
import { MediaError } from "../../../src/runtime/media/media-error.ts";
import { sourceHash } from "../../../src/runtime/i18n/source-hash.ts";
import { idFromFileName } from "../../../src/runtime/media/add.server.ts";
import { intakeImage, type IntakeResult, manifestFacts, sha256 } from "../../../src/runtime/media/intake.server.ts";
import type { MediaStore } from "../../../src/runtime/media/store.ts";
import { renderable } from "../../../src/page/media/resolve.ts";
import type { LibraryImage } from "../../../src/editor/model.ts";
import { serialize } from "../../../src/runtime/content/write.ts";
import { type Db, sqlNow } from "../../storage/database.ts";
import { discardDraft, draftOf, saveDraft } from "../documents/drafts.ts";
import { type DraftLimits, draftRoomProblem } from "../documents/draft-limits.ts";
import { postLocales } from "../documents/kinds.ts";
import { contentGit, type Person } from "../git.ts";
import { RESTORE_PREFIX } from "../history-edits.ts";
import { manifestAt, mediaHistory } from "./history.ts";
import type { Alongside, Live, Outcome, Publisher } from "../publish.ts";
import { filesIn, stampedFiles } from "./stamped-files.ts";
import { assetsNamedIn, type MediaUse, type MediaUsesIndex } from "./uses.ts";

const originalFile = (manifest: MediaManifest) => `${MEDIA_DIR}/${originalKey(manifest)}`;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const MANIFEST_SCHEMA = "../../schemas/json/media.schema.json";
const TRANSLATION_SCHEMA = "../../../../schemas/json/media-translation.schema.json";

type Translation = { $schema?: string; fields: Record<string, { text: string; source: string; hash: string }> };

const parseWith = <T,>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }) => (_file: string, text: string): T | undefined => {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

const dropEmpty = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== "" && v !== null)) as T;

/** A media store that cannot be reached (MediaStoreUnavailable) as a 503 refusal, not a server error. */
export async function storeFailure<T extends { ok: boolean }>(task: () => Promise<T>): Promise<T | { ok: false; status: 503; error: ErrorData }> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof MediaError) return { ok: false, status: 503, error: { code: error.code, title: error.title, message: error.message, hint: error.hint } };
    throw error;
  }
}

/** Images made ready to publish (../publish.ts Alongside), settled once the commit is made: their drafts dropped. */
export interface Staged extends Alongside {
  /** The images it publishes. */
  ids: string[];
  settle(): Promise<void>;
}

const joinStaged = (parts: readonly Staged[]): Staged => ({
  ids: parts.flatMap((p) => p.ids),
  files: parts.flatMap((p) => p.files),
  summary: parts.map((p) => p.summary).join(", "),
  write: async () => {
    for (const part of parts) await part.write();
  },
  undo: async () => {
    for (const part of parts) await part.undo();
  },
  settle: async () => {
    for (const part of parts) await part.settle();
  },
});

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A file refused, with its name as safe to show and the catalogue's reason. */
export const refusedUpload = (name: string, error: ErrorData): UploadResult => ({
  name: safeFileName(sentFileName(name)),
  status: "refused",
  error: { code: error.code, title: error.title, message: error.message, hint: error.hint },
});

export interface MediaLibraryOptions {
  db: Db;
  root: string;
  store: () => Promise<MediaStore>;
  uses: MediaUsesIndex;
  publishing: Publisher;
  /** The drafts' limits (../documents/draft-limits.ts): a new image's entry is a draft. */
  draftLimits: DraftLimits;
}

export function mediaLibrary({ db, root, store, uses, publishing, draftLimits }: MediaLibraryOptions) {
  const manifests = stampedFiles(root, parseWith<MediaManifest>(mediaManifestSchema));
  const git = contentGit(root);
  const translations = stampedFiles(root, parseWith<Translation>(siteTranslationSchema));
  const locales = () => postLocales(root);
  /** The other locales, by name, for the Media screen's alt text fields. */
  const localeNames = (): MediaLocale[] => {
    const codes = new Set(locales());
    try {
      const registry = localesFileSchema.parse(JSON.parse(readFileSync(path.join(root, LOCALES_FILE), "utf8")));
      return registry.locales.filter((l) => codes.has(l.code)).map(({ code, name, direction }) => ({ code, name, direction }));
    } catch {
      return [];
    }
  };

  async function published(): Promise<Map<string, MediaManifest>> {
    const { values } = await manifests.refresh(await filesIn(root, MEDIA_DIR, ".json"));
    return new Map([...values.values()].flatMap((m) => (m ? [[m.id, m] as const] : [])));
  }

  async function publishedTranslation(locale: string, id: string): Promise<Translation | undefined> {
    const file = translationFile(locale, id);
    return (await translations.refresh([file])).values.get(file);
  }

  /** Every draft of the library: entries by id, translations by locale and id. */
  async function drafts() {
    const rows = await db.selectFrom("studio_drafts").select(["file", "data"]).where((eb) => eb.or([eb("file", "like", `${MEDIA_DIR}/%`), eb("file", "like", "content/translations/%/media/%")])).execute();
    const entries = new Map<string, MediaManifest>();
    const texts = new Map<string, Translation>();
    for (const row of rows) {
      const data = JSON.parse(row.data) as unknown;
      if (row.file.startsWith(`${MEDIA_DIR}/`)) {
        const manifest = mediaManifestSchema.safeParse(data);
        if (manifest.success) entries.set(manifest.data.id, manifest.data);
      } else texts.set(row.file, data as Translation);
    }
    return { entries, texts };
  }

  /** The library as the Media screen shows it: drafts over what is published. */
  async function list(): Promise<MediaAsset[]> {
    const [live, pending, usage] = await Promise.all([published(), drafts(), uses.refresh()]);
    const ids = [...new Set([...live.keys(), ...pending.entries.keys()])].sort();
    return Promise.all(ids.map((id) => describeAsset(id, live.get(id), pending, usage.get(id)?.length ?? 0)));
  }

  async function describeAsset(id: string, live: MediaManifest | undefined, pending: Awaited<ReturnType<typeof drafts>>, usedIn: number): Promise<MediaAsset> {
    const manifest = pending.entries.get(id) ?? live!;
    const byLocale: MediaAsset["translations"] = {};
    let changedText = false;
    for (const locale of locales()) {
      const drafted = pending.texts.get(translationFile(locale, id));
      changedText ||= drafted !== undefined;
      const alt = (drafted ?? (await publishedTranslation(locale, id)))?.fields.alt;
      if (alt && alt.text.trim() !== "") byLocale[locale] = { alt: alt.text, stale: manifest.alt !== undefined && alt.hash !== sourceHash(manifest.alt) };
    }
    const state = !live ? "new" : pending.entries.has(id) || changedText ? "changed" : "published";
    return { id, manifest, state, newPicture: live !== undefined && live.sha256 !== manifest.sha256, translations: byLocale, uses: usedIn };
  }

  async function find(id: string): Promise<{ asset: MediaAsset; live: MediaManifest | undefined } | undefined> {
    const [live, pending, usage] = await Promise.all([published(), drafts(), uses.refresh()]);
    if (!live.has(id) && !pending.entries.has(id)) return undefined;
    return { asset: await describeAsset(id, live.get(id), pending, usage.get(id)?.length ?? 0), live: live.get(id) };
  }

  /** A free id for a new image from its file's name: team-photo, team-photo-2, … */
  function freeId(name: string, taken: ReadonlySet<string>): string {
    const wanted = idFromFileName(name).slice(0, 60).replace(/-+$/, "") || "image";
    if (!taken.has(wanted)) return wanted;
    for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
  }

  /** The answer for a file whose original the library holds already (by its SHA-256), if it does. */
  async function sameAs(hash: string): Promise<((name: string) => UploadResult) | undefined> {
    const [live, pending] = await Promise.all([published(), drafts()]);
    const same = [...live.values(), ...pending.entries.values()].find((m) => m.sha256 === hash);
    if (!same) return undefined;
    const { asset } = (await find(same.id))!;
    return (name) => ({ name, status: "duplicate", asset });
  }

  /** A file through intake (type by content, limits, metadata stripped, SVG sanitised), or the catalogue's reason it was refused. */
  async function intake(bytes: Buffer): Promise<IntakeResult | { error: ErrorData }> {
    try {
      return await intakeImage(bytes);
    } catch (error) {
      if (error instanceof CatalogueError) return { error };
      throw error;
    }
  }

  /** The cleaned original, kept until it is published: once per hash. */
  async function keepUpload(image: Pick<IntakeResult, "sha256" | "type" | "bytes">, userId: string) {
    await db
      .insertInto("studio_media_uploads")
      .values({ sha256: image.sha256, media_type: image.type, bytes: image.bytes, uploaded_by: userId, uploaded_at: sqlNow(db) })
      .onConflict((oc) => oc.column("sha256").doNothing())
      .execute();
  }

  /** Drops a kept original that no image names any more (a replacement replaced again, or deleted before it was published). */
  async function dropUnnamedUpload(hash: string) {
    const [live, pending] = await Promise.all([published(), drafts()]);
    if ([...live.values(), ...pending.entries.values()].some((m) => m.sha256 === hash)) return;
    await db.deleteFrom("studio_media_uploads").where("sha256", "=", hash).execute();
  }

  /** One uploaded file: refused with its reason, the image already in the library, or a new draft image. */
  async function upload(sentName: string, bytes: Buffer, userId: string): Promise<UploadResult> {
    const name = sentFileName(sentName);
    if (fileNameProblem(name)) return refusedUpload(name, errors.MediaFileNameRefused());
    const shown = safeFileName(name);
    if (bytes.length === 0) return refusedUpload(name, errors.MediaEmptyFile());
    // A stored original sent again (downloaded and uploaded back) is known before intake.
    const sent = await sameAs(sha256(bytes));
    if (sent) return sent(shown);
    const image = await intake(bytes);
    if ("error" in image) return refusedUpload(name, image.error);
    // One at a time: two uploads never take the same id, nor store one picture twice.
    return serialize("studio-media-upload", async () => {
      const [live, pending] = await Promise.all([published(), drafts()]);
      // The same picture again: intake cleans it to the same bytes.
      const same = await sameAs(image.sha256);
      if (same) return same(shown);
      const id = freeId(shown, new Set([...live.keys(), ...pending.entries.keys()]));
      const manifest = mediaManifestSchema.parse({ $schema: MANIFEST_SCHEMA, id, ...manifestFacts(image) });
      // A new image is a draft like a page's, within the same limits: a person's uploads waiting to be published are bounded.
      const noRoom = await draftRoomProblem(db, draftLimits, { file: manifestFile(id), userId, size: JSON.stringify(manifest).length });
      if (noRoom) return refusedUpload(name, noRoom);
      await keepUpload(image, userId);
      await saveDraft(db, { file: manifestFile(id), base: null, data: manifest, userId });
      return { name: shown, status: "added" as const, asset: (await find(id))!.asset };
    });
  }

  /** New texts for an image: drafts of its entry and of each locale's alt text, published later by an editor. */
  async function describe(id: string, texts: DescribeMedia, userId: string): Promise<MediaAsset | undefined> {
    const found = await find(id);
    if (!found) return undefined;
    const { focal, tags, translations: byLocale, ...words } = texts;
    const current = found.asset.manifest;
    const next = mediaManifestSchema.parse(
      dropEmpty({
        ...current,
        ...Object.fromEntries(Object.entries(words).map(([k, v]) => [k, v === "" ? undefined : v])),
        focal: focal === undefined ? current.focal : (focal ?? undefined),
        tags: tags === undefined ? current.tags : tags.length > 0 ? tags : undefined,
      }),
    );
    await keepOrDiscard(manifestFile(id), next, found.live, userId);
    for (const [locale, { alt }] of Object.entries(byLocale ?? {})) {
      if (!locales().includes(locale) || alt === undefined) continue;
      const was = await publishedTranslation(locale, id);
      const fields = { ...was?.fields };
      if (alt === "") delete fields.alt;
      else fields.alt = { text: alt, source: next.alt ?? "", hash: sourceHash(next.alt ?? "") };
      await keepOrDiscard(translationFile(locale, id), { $schema: TRANSLATION_SCHEMA, fields }, was, userId);
    }
    return (await find(id))!.asset;
  }

  /**
   * A new file for an image: it keeps its id (every page using it shows the new picture once it
   * is published), as a draft an editor publishes. A picture whose content changed gets its alt
   * text and focal point anew: `texts` must say both (the Media screen asks for them again),
   * else it is refused and nothing is kept.
   */
  async function replace(id: string, sentName: string, bytes: Buffer, texts: DescribeMedia | undefined, userId: string): Promise<Outcome<{ asset: MediaAsset; changed: boolean }> | undefined> {
    const found = await find(id);
    if (!found) return undefined;
    const refused = (error: ErrorData) => ({ ok: false as const, status: 422 as const, error });
    const name = sentFileName(sentName);
    if (fileNameProblem(name)) return refused(errors.MediaFileNameRefused());
    if (bytes.length === 0) return refused(errors.MediaEmptyFile());
    const current = found.asset.manifest;
    /** What a picture with this hash is: this image's own (nothing to replace), or another image's (refused: one picture, one image). */
    const known = async (hash: string) => {
      if (hash === current.sha256) return { ok: true as const, asset: found.asset, changed: false };
      const [live, pending] = await Promise.all([published(), drafts()]);
      const other = [...live.values(), ...pending.entries.values()].find((m) => m.sha256 === hash);
      return other && { ok: false as const, status: 409 as const, error: errors.StudioMediaReplaceDuplicate(other.id) };
    };
    // A stored original sent back is known before intake; the same picture again after it.
    const sent = await known(sha256(bytes));
    if (sent) return sent;
    const image = await intake(bytes);
    if ("error" in image) return refused(image.error);
    const cleaned = await known(image.sha256);
    if (cleaned) return cleaned;
    if (!texts || texts.alt === undefined || texts.focal === undefined) return { ok: false, status: 422, error: errors.StudioMediaReplaceUnchecked(id) };
    return serialize("studio-media-upload", async () => {
      const taken = await known(image.sha256);
      if (taken) return taken;
      await keepUpload(image, userId);
      // The new picture's facts under the image's texts; the alt text and focal point as asked again.
      const { $schema, alt, caption, credit, licence, focal, tags } = current;
      await keepOrDiscard(manifestFile(id), mediaManifestSchema.parse(dropEmpty({ $schema, id, ...manifestFacts(image), alt, caption, credit, licence, focal, tags })), found.live, userId);
      const asset = await describe(id, texts, userId);
      // The picture this one replaces before it was published is kept no longer.
      if (current.sha256 !== found.live?.sha256) await dropUnnamedUpload(current.sha256);
      return { ok: true, asset: asset!, changed: true };
    });
  }

  /** A draft only where it differs from what is published. */
  async function keepOrDiscard(file: string, data: unknown, live: unknown, userId: string) {
    if (live !== undefined && JSON.stringify(live) === JSON.stringify(data)) await discardDraft(db, file);
    else await saveDraft(db, { file, base: null, data, userId });
  }

  /**
   * An image's drafts made ready to publish, not written yet: the files the commit holds, the
   * writing of them (its original into the media store), the undoing of that write when the
   * commit fails, and, once committed, dropping the drafts and the kept original. `removing`:
   * translation files the commit removes (a restore to a version without them).
   */
  async function stage(found: { asset: MediaAsset; live: MediaManifest | undefined }, removing: readonly string[] = []): Promise<Outcome<{ staged: Staged }>> {
    const { id, manifest } = found.asset;
    const entryDraft = await draftOf(db, manifestFile(id));
    const textDrafts = (await Promise.all(locales().map(async (locale) => [translationFile(locale, id), await draftOf(db, translationFile(locale, id))] as const))).filter(([, d]) => d);
    if (!entryDraft && textDrafts.length === 0 && removing.length === 0) return { ok: false, status: 409, error: errors.StudioMediaNothingToPublish(id) };
    // A new image, or a published one with a new picture: its original goes into the store.
    const { live } = found;
    const replacing = live !== undefined && live.sha256 !== manifest.sha256;
    const upload = live && !replacing ? undefined : await db.selectFrom("studio_media_uploads").select(["bytes"]).where("sha256", "=", manifest.sha256).executeTakeFirst();
    if ((!live || replacing) && !upload) return { ok: false, status: 409, error: errors.StudioMediaNothingToPublish(id) };
    const key = originalKey(manifest);
    // A picture of another type has another key: the old original goes.
    const oldKey = replacing && originalKey(live) !== key ? originalKey(live) : undefined;
    let previous: Buffer | undefined;
    let written = false;
    return {
      ok: true,
      staged: {
        ids: [id],
        files: [manifestFile(id), originalFile(manifest), ...(oldKey ? [`${MEDIA_DIR}/${oldKey}`] : []), ...textDrafts.map(([file]) => file), ...removing],
        summary: `${!live ? "add" : replacing ? "replace" : "edit"} image ${id}`,
        async write() {
          const media = await store();
          if (upload) {
            // Overwritten under the same key: kept, to be put back if the commit fails.
            if (replacing && !oldKey) previous = await media.get(key);
            written = true;
            await media.put(key, Buffer.from(upload.bytes), manifest.type);
          }
          if (oldKey) await rm(path.join(root, MEDIA_DIR, oldKey), { force: true });
          await writeJson(manifestFile(id), manifest);
          for (const [file, draft] of textDrafts) await writeJson(file, draft!.data);
          for (const file of removing) await rm(path.join(root, file), { force: true });
        },
        async undo() {
          if (!written) return;
          const media = await store();
          // A new image's object is left over, harmless (no entry names it); a replaced one's old picture is put back.
          if (previous) await media.put(key, previous, live!.type).catch(() => undefined);
        },
        async settle() {
          // In a bucket the old original is an object of its own (on disk the commit removed it).
          if (oldKey) await (await store()).delete(oldKey).catch(() => undefined);
          for (const file of [manifestFile(id), ...textDrafts.map(([f]) => f)]) await discardDraft(db, file);
          if (upload) await db.deleteFrom("studio_media_uploads").where("sha256", "=", manifest.sha256).execute();
        },
      },
    };
  }

  /** Publishes an image's drafts: its original (a new one), its entry and translations, one commit. */
  async function publish(id: string, author: Person): Promise<Outcome<{ commit: string | null; live: Live; asset: MediaAsset }> | undefined> {
    const found = await find(id);
    if (!found) return undefined;
    const staging = await stage(found);
    if (!staging.ok) return staging;
    const { staged } = staging;
    const committed = await storeFailure(() => publishing.commitFiles(staged.files, staged.write, author, capitalised(staged.summary)));
    if (!committed.ok) {
      await staged.undo();
      return committed;
    }
    await staged.settle();
    return { ok: true, commit: committed.commit, live: committed.live, asset: (await find(id))!.asset };
  }

  /** An image's published versions, newest first, each with what changed (./history.ts); undefined: no such image. */
  async function history(id: string): Promise<MediaVersion[] | undefined> {
    const found = await find(id);
    if (!found?.live) return found && [];
    const versions = await mediaHistory(git, manifestFile(id));
    return Promise.all(versions.map(async (version) => ({ ...version, removes: await translationsRemoved(id, await translationsAt(id, version.rev)) })));
  }

  /** Each locale's translation of an image as it was at a commit (undefined: it had none then). */
  const translationsAt = (id: string, rev: string) =>
    Promise.all(
      locales().map(async (locale) => {
        const text = await git.show(rev, translationFile(locale, id));
        return { locale, text, parsed: text === undefined ? undefined : parseWith<Translation>(siteTranslationSchema)(translationFile(locale, id), text) };
      }),
    );

  /** The translated texts published now that a version did not have: restoring it removes them. */
  async function translationsRemoved(id: string, then: Awaited<ReturnType<typeof translationsAt>>): Promise<MediaVersion["removes"]> {
    const removes: MediaVersion["removes"] = [];
    for (const { locale, text, parsed } of then) {
      // An old file this schema no longer reads: the restore keeps the current one.
      if (text !== undefined && !parsed) continue;
      const now = await publishedTranslation(locale, id);
      const fields = Object.keys(now?.fields ?? {}).filter((field) => parsed?.fields[field] === undefined);
      if (fields.length > 0) removes.push({ locale, fields });
    }
    return removes;
  }

  /**
   * Brings back an image as it was at a version of its history (its texts, focal point, tags and
   * picture; its translations as they were, removed where it had none), through the publish path: the
   * version as the image's drafts, published as one commit. Its unpublished drafts are dropped,
   * as a page's are. The picture then must still be stored: in git (a disk store) or as the
   * store's object.
   */
  async function revert(id: string, rev: string, author: Person, userId: string): Promise<Outcome<{ commit: string | null; live: Live; asset: MediaAsset; rev: string }> | undefined> {
    const found = await find(id);
    if (!found) return undefined;
    const { live } = found;
    const file = manifestFile(id);
    const full = live && (await git.resolve(rev));
    const revision = full ? (await git.log(file).catch(() => [])).find((r) => r.rev === full) : undefined;
    const then = revision && (await manifestAt(git, revision));
    if (!live || !revision || !then || then.id !== id) return { ok: false, status: 404, error: errors.StudioMediaVersionNotFound(id, rev) };
    let picture: Buffer | undefined;
    if (then.sha256 !== live.sha256) {
      const key = originalKey(then);
      picture = (await git.showBytes(revision.rev, `${MEDIA_DIR}/${key}`)) ?? (await storeFailure(async () => ({ ok: true as const, bytes: await (await store()).get(key) })).then((r) => (r.ok ? r.bytes : undefined)));
      if (!picture || sha256(picture) !== then.sha256) return { ok: false, status: 409, error: errors.StudioMediaPictureGone(id) };
    }
    const textsThen = await translationsAt(id, revision.rev);
    const short = revision.rev.slice(0, 7);
    return serialize("studio-media-upload", async () => {
      if (picture) await keepUpload({ sha256: then.sha256, type: then.type, bytes: picture }, userId);
      for (const locale of locales()) await discardDraft(db, translationFile(locale, id));
      await keepOrDiscard(file, { ...then, $schema: MANIFEST_SCHEMA }, live, userId);
      const removing: string[] = [];
      for (const { locale, text, parsed } of textsThen) {
        if (parsed) await keepOrDiscard(translationFile(locale, id), parsed, await publishedTranslation(locale, id), userId);
        // Not translated then: the translation published since goes, in the same commit.
        else if (text === undefined && (await publishedTranslation(locale, id))) removing.push(translationFile(locale, id));
      }
      const staging = await stage((await find(id))!, removing);
      if (!staging.ok) return staging;
      const { staged } = staging;
      const committed = await storeFailure(() => publishing.commitFiles(staged.files, staged.write, author, `${RESTORE_PREFIX}image ${id} to ${short} (${revision.date.slice(0, 10)})`));
      if (!committed.ok) {
        await staged.undo();
        return committed;
      }
      await staged.settle();
      return { ok: true, commit: committed.commit, live: committed.live, asset: (await find(id))!.asset, rev: revision.rev };
    });
  }

  /**
   * The new images (uploaded, never published) a draft of `file` names, staged to be published
   * in the draft's own commit (POST /publish): a page is never published naming an image the
   * site does not have. None: undefined.
   */
  async function stageNewIn(file: string, data: unknown): Promise<Outcome<{ staged: Staged }> | undefined> {
    const waiting = await newImagesIn(file, data);
    if (waiting.length === 0) return undefined;
    const parts: Staged[] = [];
    for (const found of waiting) {
      const staging = await stage(found);
      if (!staging.ok) return staging;
      parts.push(staging.staged);
    }
    return { ok: true, staged: joinStaged(parts) };
  }

  /** The images a draft names that the library has neither published nor new (deleted since the draft named them). */
  async function missingIn(file: string, data: unknown): Promise<string[]> {
    const named = await assetsNamedIn(file, data);
    if (named.length === 0) return [];
    const [live, pending] = await Promise.all([published(), drafts()]);
    return named.filter((id) => !live.has(id) && !pending.entries.has(id));
  }

  /** The new images a draft names, as the library has them. */
  async function newImagesIn(file: string, data: unknown): Promise<{ asset: MediaAsset; live: undefined }[]> {
    const named = await assetsNamedIn(file, data);
    if (named.length === 0) return [];
    const [live, pending, usage] = await Promise.all([published(), drafts(), uses.refresh()]);
    const waiting = named.filter((id) => !live.has(id) && pending.entries.has(id));
    return Promise.all(waiting.map(async (id) => ({ asset: await describeAsset(id, undefined, pending, usage.get(id)?.length ?? 0), live: undefined })));
  }

  /** Deletes an image nothing uses: a new one's drafts, or a published one's files as one commit. */
  async function remove(id: string, author: Person): Promise<Outcome<{ commit: string | null }> | { ok: false; status: 409; error: ErrorData; uses: MediaUse[] } | undefined> {
    const found = await find(id);
    if (!found) return undefined;
    const usedIn = await uses.usesOf(id);
    if (usedIn.length > 0) return { ok: false, status: 409, error: errors.StudioMediaInUse(usedIn.length), uses: usedIn };
    const textFiles = locales().map((locale) => translationFile(locale, id));
    let commit: string | null = null;
    if (found.live) {
      const live = found.live;
      const media = await store();
      // The store must answer before anything is committed: an image never loses its original while its entry stays.
      const reachable = await storeFailure(async () => ({ ok: true as const, original: await media.get(originalKey(live)) }));
      if (!reachable.ok) return reachable;
      const files = [manifestFile(id), originalFile(live), ...textFiles];
      const committed = await publishing.commitFiles(files, async () => void (await Promise.all(files.map((file) => rm(path.join(root, file), { force: true })))), author, `Delete image ${id}`);
      if (!committed.ok) return committed;
      commit = committed.commit;
      // In a bucket the original is an object of its own (on disk the commit removed it). Should
      // the store fail just now, the object is left over, harmless: no entry names it.
      await media.delete(originalKey(live)).catch(() => undefined);
    }
    // A picture not published yet, a new image's or a replacement's, is kept no longer.
    if (found.asset.manifest.sha256 !== found.live?.sha256) await db.deleteFrom("studio_media_uploads").where("sha256", "=", found.asset.manifest.sha256).execute();
    for (const file of [manifestFile(id), ...textFiles]) await discardDraft(db, file);
    return { ok: true, commit };
  }

  /** An image's original: a new one's from the database, a published one's from the store. */
  async function original(id: string): Promise<{ bytes: Buffer; type: string } | undefined> {
    const found = await find(id);
    if (!found) return undefined;
    const bytes = await pictureBytes(found.asset.manifest, found.live);
    return bytes && { bytes, type: found.asset.manifest.type };
  }

  /**
   * The picture of an image whose hash begins with `sha` (its first 12 digits, as a variant's
   * name gives them), with its facts: the published one, or a new one not published yet.
   */
  async function pictureAt(id: string, sha: string): Promise<{ bytes: Buffer; manifest: MediaManifest } | undefined> {
    const found = await find(id);
    const manifest = [found?.asset.manifest, found?.live].find((m) => m?.sha256.slice(0, 12) === sha);
    const bytes = manifest && (await pictureBytes(manifest, found!.live));
    return bytes && { bytes, manifest: manifest! };
  }

  async function pictureBytes(manifest: MediaManifest, live: MediaManifest | undefined): Promise<Buffer | undefined> {
    if (!live || live.sha256 !== manifest.sha256) {
      const row = await db.selectFrom("studio_media_uploads").select(["bytes"]).where("sha256", "=", manifest.sha256).executeTakeFirst();
      if (row) return Buffer.from(row.bytes);
    }
    return (await store()).get(originalKey(manifest));
  }

  async function writeJson(file: string, value: unknown) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), json(value));
  }

  return {
    list,
    localeNames,
    find,
    upload,
    describe,
    replace,
    publish,
    remove,
    original,
    pictureAt,
    usesOf: uses.usesOf,
    stageNewIn,
    missingIn,
    history,
    revert,
    /** Every new image (uploaded, not published yet), as the pickers offer it. */
    newImages: async (): Promise<LibraryImage[]> => (await list()).flatMap((asset) => (asset.state === "new" ? [{ ...renderable(asset.manifest), unpublished: true }] : [])),
    /** The entries of the new images a draft names, by file, as they will be published: its check knows them. */
    newEntriesIn: async (file: string, data: unknown) => new Map((await newImagesIn(file, data)).map(({ asset }) => [manifestFile(asset.id), json(asset.manifest)])),
    /** The new images a draft names, each by what it shows (its alt text) or its id: what publishing the draft publishes with it. */
    newImagesIn: async (file: string, data: unknown) => (await newImagesIn(file, data)).map(({ asset }) => ({ id: asset.id, name: asset.manifest.alt ?? asset.id })),
  };
}

export type MediaLibrary = ReturnType<typeof mediaLibrary>;
