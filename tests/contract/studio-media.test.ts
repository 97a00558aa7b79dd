/**
 * The media library in the studio (issue 39), against the real app on both databases, with the
 * content in a git repository of its own: uploads through intake (each refused file with its
 * coded reason), the same picture twice stored once, describing in English and Hindi as drafts,
 * publishing as one commit, where each image is used, deleting refused while used, and who may
 * do what. The upload attacks (a script in an SVG, polyglots, a path in the file name, an
 * oversized and an empty file, no session, another origin, no CSRF token, a contributor
 * publishing or deleting) are one table, as in studio-attacks.test.ts.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import S3rver from "s3rver";
import sharp from "sharp";
import { mediaStoreFrom } from "../../src/runtime/media/open-store.ts";
import type { MediaStore } from "../../src/runtime/media/store.ts";
import { sourceHash } from "../../src/runtime/i18n/source-hash.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { studioPublishing } from "./content-repository.ts";
import type { MediaManifest } from "../../schemas/media.ts";
import { pictureSources, type Ratio } from "../../src/page/media/variants.ts";
import { variantCacheDir } from "../../src/runtime/media/budget.server.ts";
import { media } from "../../src/studio/media.ts";
import { describeOnEachDatabase } from "./databases.ts";
import { type Call, multipart, studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const body = (response: { body: string }) => JSON.parse(response.body);

const png = (r: number, g: number, b: number, size = 40) => sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** A PNG whose header claims width × height pixels (its CRC right), with one pixel's data: a decompression bomb's shape. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 2, 3, 1));
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)) >>> 0, 29);
  return bytes;
}

const SCRIPT_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(document.cookie)</script><rect width="10" height="10" fill="red" onload="alert(1)"/><foreignObject><iframe src="javascript:alert(2)"/></foreignObject></svg>`,
);

describeOnEachDatabase("the media library in the studio on $name", (target) => {
  const repo = studioPublishing(target);
  const { person, git, head } = repo;
  const upload = (session: string | undefined, files: { name: string; bytes: Buffer }[], call: Call = {}) =>
    studio(repo.t, "POST", "/api/studio/media", { ...(session && { session }), ...multipart(files), ...call, headers: { ...multipart(files).headers, ...call.headers } });
  const resultsOf = (response: { body: string }) => body(response).results as { name: string; status: string; asset?: { id: string; state: string; manifest: { sha256: string } }; error?: { code: string } }[];
  const uploadsStored = async () => (await repo.t.app.storage.db.selectFrom("studio_media_uploads").select("sha256").execute()).length;

  test("a contributor uploads several files at once: each accepted one becomes a new image waiting to be published, each refused one says why; content/ is untouched", async () => {
    const { session } = await person("contributor", "Ravi Kumar");
    const before = head();
    const answer = await upload(session, [
      { name: "Team Photo (2).PNG", bytes: await png(200, 30, 30) },
      { name: "notes.jpg", bytes: Buffer.from("<!doctype html><html><body>not an image</body></html>") },
      { name: "huge.png", bytes: await pngClaiming(9000, 9000) },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const [photo, notes, huge] = resultsOf(answer);
    expect(photo).toMatchObject({ name: "Team Photo (2).PNG", status: "added", asset: { id: "team-photo-2", state: "new" } });
    expect(notes).toMatchObject({ name: "notes.jpg", status: "refused", error: { code: "MediaTypeNotSupported" } });
    expect(huge).toMatchObject({ status: "refused", error: { code: "MediaTooManyPixels" } });
    expect(head()).toBe(before);
    expect(git("status", "--porcelain")).toBe("");
    const listed = body(await studio(repo.t, "GET", "/api/studio/media", { session })).assets as { id: string; state: string }[];
    expect(listed.find((a) => a.id === "team-photo-2")).toMatchObject({ state: "new" });
    // An image's draft is the Media screen's: not a new page in the page list, nor a draft on the home.
    expect(JSON.stringify(body(await studio(repo.t, "GET", "/api/studio/documents", { session })).newPages)).not.toContain("team-photo-2");
    expect(JSON.stringify(body(await studio(repo.t, "GET", "/api/studio/home", { session })).drafts)).not.toContain("team-photo-2");
    const file = await studio(repo.t, "GET", "/api/studio/media/team-photo-2/file?w=320", { session });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["content-security-policy"]).toContain("sandbox");
  });

  test("the page editor's preview gets each file of an image by the name a page gives it, a new image's too, encoded as the build encodes it or from the build's cache; any other name is a 404, never a 5xx; signed out, nothing", async () => {
    // A cache of its own (empty at first): the files are encoded on request.
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), "studio-media-cache-"));
    vi.stubEnv("MEDIA_CACHE_DIR", cacheDir);
    onTestFinished(() => {
      vi.unstubAllEnvs();
      rmSync(cacheDir, { recursive: true, force: true });
    });
    const { session } = await person("contributor", "Ravi Kumar");
    const { asset } = resultsOf(await upload(session, [{ name: "harbour.png", bytes: await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 80, b: 200 } } }).png().toBuffer() }]))[0]!;
    const fresh = body(await studio(repo.t, "GET", `/api/studio/media/${asset!.id}`, { session })).asset.manifest as MediaManifest;
    const published = JSON.parse(repo.read("content/media/hero-background-about.json")) as MediaManifest;
    const get = (url: string, who = session) => studio(repo.t, "GET", url, { ...(who && { session: who }) });
    const studioSources = (manifest: MediaManifest, ratio: Ratio) => pictureSources({ ...manifest, servedAt: media.variantsAt(manifest.id) }, { ratio, focal: { x: 0.9, y: 0.5 } });

    // The new image's square crop around its focal point (right), as the preview's <picture> names it: the fallback PNG and the AVIF.
    const square = studioSources(fresh, "square");
    const served = [[square.fallback.src, "image/png"], [square.sources[0]!.srcSet.split(" ")[0]!, "image/avif"]] as const;
    for (const [url, type] of served) {
      expect(url).toMatch(new RegExp(`^/api/studio/media/${fresh.id}/variants/${fresh.id}\\.${fresh.sha256.slice(0, 12)}\\.c100_0_200_200-200\\.`));
      const answer = await get(url);
      expect([answer.statusCode, answer.headers["content-type"]], url).toEqual([200, type]);
      expect(await sharp(answer.rawPayload).metadata()).toMatchObject({ width: 200, height: 200 });
      expect(answer.headers["content-security-policy"]).toContain("sandbox");
      // Kept in the build's cache under its name: the next preview and the build that publishes it take it from there.
      const cached = path.join(variantCacheDir(cacheDir), url.split("/").at(-1)!);
      expect(readFileSync(cached)).toEqual(answer.rawPayload);
      writeFileSync(cached, "kept");
      expect((await get(url)).rawPayload.toString()).toBe("kept");
    }
    // A published image's 1280 px wide file, made by the same encoder as the site's; once a build has made it, the site's very file, from the build's cache.
    const wideUrl = studioSources(published, "wide").fallback.src;
    const wide = await get(wideUrl);
    expect([wide.statusCode, wide.headers["content-type"]]).toEqual([200, "image/jpeg"]);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 1280, height: 720 });
    const built = Buffer.from("the file a build made");
    mkdirSync(variantCacheDir(cacheDir), { recursive: true });
    writeFileSync(path.join(variantCacheDir(cacheDir), wideUrl.split("/").at(-1)!), built);
    expect((await get(wideUrl)).rawPayload).toEqual(built);

    const name = (manifest: MediaManifest, rest: string) => `/api/studio/media/${manifest.id}/variants/${manifest.id}.${manifest.sha256.slice(0, 12)}.${rest}`;
    const refused = [
      name(fresh, "c0_0_400_400-320.png"), // a crop outside the picture
      name(fresh, "250.png"), // a width it is not served at
      name(fresh, "300.jpg"), // a format it is not served in (a PNG: avif, webp, png)
      name(fresh, "svg"), // not an SVG
      `/api/studio/media/${fresh.id}/variants/${fresh.id}.${"0".repeat(12)}.300.png`, // another picture
      `/api/studio/media/hero-background-about/variants/${fresh.id}.${fresh.sha256.slice(0, 12)}.300.png`, // another image's name
      `/api/studio/media/no-such-image/variants/no-such-image.${"0".repeat(12)}.300.png`,
      `/api/studio/media/${fresh.id}/variants/..%2F..%2Fcontent%2Fsite.json`,
    ];
    for (const url of refused) {
      const answer = await get(url);
      expect([answer.statusCode, body(answer).error.code], url).toEqual([404, "StudioMediaFileNotFound"]);
    }
    expect((await get(`/api/studio/media/${fresh.id}/variants/${"x".repeat(300)}`)).statusCode).toBe(400);
    // A name longer than the router takes for a parameter (100 characters; a crop's of an image with a long id can be) reaches the check.
    const long = await get(name(fresh, `c1000_1000_1000_1000-1920.avif${"x".repeat(100)}`));
    expect([long.statusCode, body(long).error.code]).toEqual([404, "StudioMediaFileNotFound"]);
    expect((await get(`/api/studio/media/NOT_AN_ID/variants/x.png`)).statusCode).toBe(400);
    expect((await get(served[0][0], "")).statusCode).toBe(401);
  });

  test("the same picture again answers with the image the library has, stored once; a published original sent back too", async () => {
    const { session } = await person("contributor", "Ravi Kumar");
    const bytes = await png(10, 120, 10);
    const first = resultsOf(await upload(session, [{ name: "green.png", bytes }]))[0]!;
    const stored = await uploadsStored();
    const again = resultsOf(await upload(session, [{ name: "green copy.png", bytes }]))[0]!;
    expect(again).toMatchObject({ status: "duplicate", asset: { id: first.asset!.id } });
    expect(await uploadsStored()).toBe(stored);
    const published = readFileSync(path.join(repo.root, "content/media/hero-background-about.jpg"));
    expect(resultsOf(await upload(session, [{ name: "about.jpg", bytes: published }]))[0]).toMatchObject({ status: "duplicate", asset: { id: "hero-background-about", state: "published" } });
  });

  test("described in English and Hindi as drafts by a contributor, published by an editor as one commit with the original, its entry and the translation", async () => {
    const ravi = await person("contributor", "Ravi Kumar");
    const asha = await person("editor", "Asha Rao");
    const { asset } = resultsOf(await upload(ravi.session, [{ name: "office.png", bytes: await png(30, 30, 200) }]))[0]!;
    const id = asset!.id;
    const described = await studio(repo.t, "PUT", `/api/studio/media/${id}`, {
      session: ravi.session,
      body: { alt: "Our office at dawn", credit: "Photo: Asha Rao", licence: "Own work", focal: { x: 0.25, y: 0.75 }, translations: { hi: { alt: "भोर में हमारा कार्यालय" } } },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(body(described).asset).toMatchObject({ state: "new", manifest: { alt: "Our office at dawn", focal: { x: 0.25, y: 0.75 } }, translations: { hi: { alt: "भोर में हमारा कार्यालय", stale: false } } });

    const refused = await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: ravi.session });
    expect(refused.statusCode).toBe(403);

    const published = await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: asha.session });
    expect(published.statusCode, published.body).toBe(200);
    expect(body(published)).toMatchObject({ commit: head(), live: "pending", asset: { state: "published" } });
    expect(git("log", "-1", "--format=%an|%cn|%s")).toBe(`Asha Rao|Studio|Add image ${id}`);
    expect(git("show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([`content/media/${id}.json`, `content/media/${id}.png`, `content/translations/hi/media/${id}.json`]);
    expect(git("status", "--porcelain")).toBe("");
    const manifest = JSON.parse(repo.read(`content/media/${id}.json`));
    expect(manifest).toMatchObject({ id, type: "image/png", width: 40, height: 40, alt: "Our office at dawn", credit: "Photo: Asha Rao" });
    expect(JSON.parse(repo.read(`content/translations/hi/media/${id}.json`)).fields.alt).toEqual({ text: "भोर में हमारा कार्यालय", source: "Our office at dawn", hash: sourceHash("Our office at dawn") });
    expect(await uploadsStored()).toBe((await repo.t.app.storage.db.selectFrom("studio_drafts").select("file").where("file", "like", "content/media/%").execute()).length);

    // Nothing left to publish; a new English alt text makes the Hindi one stale.
    expect(body(await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: asha.session })).error.code).toBe("StudioMediaNothingToPublish");
    const changed = body(await studio(repo.t, "PUT", `/api/studio/media/${id}`, { session: ravi.session, body: { alt: "Our office at sunrise" } })).asset;
    expect(changed).toMatchObject({ state: "changed", translations: { hi: { stale: true } } });
  });

  test("a new picture for a published image keeps its id: asked for its alt text and focal point again, drafted by a contributor, published by an editor as one commit that swaps the original", async () => {
    const ravi = await person("contributor", "Ravi Kumar");
    const asha = await person("editor", "Asha Rao");
    const id = "hero-background-about";
    const replace = (session: string, bytes: Buffer, texts?: object) =>
      studio(repo.t, "POST", `/api/studio/media/${id}/replace`, { session, ...multipart([{ name: "new about.png", bytes }], texts && { texts: JSON.stringify(texts) }) });
    const before = head();
    const stored = await uploadsStored();
    const picture = await png(250, 200, 20, 64);

    // A picture whose content changed is refused without its alt text and focal point: nothing kept.
    const unchecked = await replace(ravi.session, picture);
    expect([unchecked.statusCode, body(unchecked).error.code]).toEqual([422, "StudioMediaReplaceUnchecked"]);
    expect(await uploadsStored()).toBe(stored);
    // The picture of another image is that image: not a second copy of it.
    const other = readFileSync(path.join(repo.root, "content/media/hero-background-careers.jpg"));
    expect(body(await replace(ravi.session, other, { alt: "x", focal: { x: 0.5, y: 0.5 } })).error.code).toBe("StudioMediaReplaceDuplicate");
    // The very file it has already: nothing to replace.
    expect(body(await replace(ravi.session, readFileSync(path.join(repo.root, `content/media/${id}.jpg`))))).toMatchObject({ changed: false, asset: { state: "published" } });

    const texts = { alt: "A yellow square, the new about picture", focal: { x: 0.3, y: 0.6 }, translations: { hi: { alt: "पीला वर्ग" } } };
    const replaced = await replace(ravi.session, picture, texts);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(body(replaced)).toMatchObject({ changed: true, asset: { id, state: "changed", newPicture: true, manifest: { id, type: "image/png", width: 64, height: 64, alt: texts.alt, focal: texts.focal }, translations: { hi: { alt: "पीला वर्ग", stale: false } } } });
    expect(head()).toBe(before);
    expect(git("status", "--porcelain")).toBe("");
    // The studio shows the new picture; the site still the old one.
    expect((await studio(repo.t, "GET", `/api/studio/media/${id}/file`, { session: ravi.session })).headers["content-type"]).toBe("image/png");
    const audited = await repo.t.app.storage.db.selectFrom("studio_audit").select(["detail"]).where("action", "=", "media.replace").where("target", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(audited.detail)).toEqual({ documents: 2, languages: 2 });

    expect((await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: ravi.session })).statusCode).toBe(403);
    const published = await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: asha.session });
    expect(published.statusCode, published.body).toBe(200);
    expect(body(published)).toMatchObject({ commit: head(), asset: { state: "published", newPicture: false } });
    expect(git("log", "-1", "--format=%an|%s")).toBe(`Asha Rao|Replace image ${id}`);
    expect(git("show", "--name-status", "--format=", "HEAD").split("\n").sort()).toEqual([`A\tcontent/media/${id}.png`, `D\tcontent/media/${id}.jpg`, `M\tcontent/media/${id}.json`, `M\tcontent/translations/hi/media/${id}.json`]);
    expect(git("status", "--porcelain")).toBe("");
    expect(JSON.parse(repo.read(`content/media/${id}.json`))).toMatchObject({ id, type: "image/png", alt: texts.alt, focal: texts.focal });
    expect(await uploadsStored()).toBe(stored);
    // The pages using it name the same id: they need no edit.
    expect(body(await studio(repo.t, "GET", `/api/studio/media/${id}`, { session: asha.session })).uses).toHaveLength(2);
  });

  test("where used: each page, list, post and author naming an image, in words; deleting refused with that list while used, done as one commit once unused", async () => {
    const asha = await person("editor", "Asha Rao");
    const used = await studio(repo.t, "GET", "/api/studio/media/hero-home", { session: asha.session });
    expect(body(used).uses).toEqual([expect.objectContaining({ kind: "page", place: "Hero, Image", locale: null, document: expect.stringContaining("(/)") })]);
    expect(body(await studio(repo.t, "GET", "/api/studio/media/post-accessible-forms-checklist", { session: asha.session })).uses).toEqual([
      expect.objectContaining({ kind: "post", document: "The Accessible Forms Checklist We Use on Every Project", locale: "en" }),
    ]);
    expect(body(await studio(repo.t, "GET", "/api/studio/media/service-web-development", { session: asha.session })).uses[0]).toMatchObject({ kind: "collection", document: "Services", place: "Item “Web Development”, Image" });

    const before = head();
    const refused = await studio(repo.t, "DELETE", "/api/studio/media/hero-home", { session: asha.session });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ error: { code: "StudioMediaInUse" }, uses: [{ place: "Hero, Image" }] });
    expect(head()).toBe(before);

    // A developer's commit stops using it: the index follows the content on disk.
    const home = JSON.parse(repo.read("content/pages/home.json"));
    delete home.blocks[0].image;
    writeFileSync(path.join(repo.root, "content/pages/home.json"), `${JSON.stringify(home, null, 2)}\n`);
    git("commit", "--quiet", "--all", "--message=Hero without an image");
    expect(body(await studio(repo.t, "GET", "/api/studio/media/hero-home", { session: asha.session })).uses).toEqual([]);

    const deleted = await studio(repo.t, "DELETE", "/api/studio/media/hero-home", { session: asha.session });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(git("log", "-1", "--format=%an|%s")).toBe("Asha Rao|Delete image hero-home");
    expect(git("show", "--name-status", "--format=", "HEAD").split("\n").sort()).toEqual(["D\tcontent/media/hero-home.json", "D\tcontent/media/hero-home.svg", "D\tcontent/translations/hi/media/hero-home.json"]);
    expect(git("status", "--porcelain")).toBe("");
    expect((await studio(repo.t, "GET", "/api/studio/media/hero-home", { session: asha.session })).statusCode).toBe(404);
  });

  test("a page's draft not published yet that uses an image keeps it from being deleted, named as a draft", async () => {
    const asha = await person("editor", "Asha Rao");
    const { asset } = resultsOf(await upload(asha.session, [{ name: "draft use.png", bytes: await png(60, 10, 110) }]))[0]!;
    await studio(repo.t, "PUT", `/api/studio/media/${asset!.id}`, { session: asha.session, body: { alt: "A violet square" } });
    expect((await studio(repo.t, "POST", `/api/studio/media/${asset!.id}/publish`, { session: asha.session })).statusCode).toBe(200);
    const contact = JSON.parse(repo.read("content/pages/contact.json"));
    contact.blocks[0].image = { asset: asset!.id };
    const db = repo.t.app.storage.db;
    await db.insertInto("studio_drafts").values({ file: "content/pages/contact.json", data: JSON.stringify(contact), base_version: null, updated_by: asha.account.id, updated_at: new Date().toISOString() }).execute();
    const before = head();
    const refused = await studio(repo.t, "DELETE", `/api/studio/media/${asset!.id}`, { session: asha.session });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ error: { code: "StudioMediaInUse" }, uses: [{ kind: "page", document: expect.stringContaining("(/contact)"), draft: true }] });
    expect(head()).toBe(before);
    await db.deleteFrom("studio_drafts").where("file", "=", "content/pages/contact.json").execute();
    expect((await studio(repo.t, "DELETE", `/api/studio/media/${asset!.id}`, { session: asha.session })).statusCode).toBe(200);
  });

  test("a schedule not run yet that uses an image keeps it from being deleted, named with its time; once cancelled, the image is deleted", async () => {
    const asha = await person("editor", "Asha Rao");
    const { asset } = resultsOf(await upload(asha.session, [{ name: "scheduled use.png", bytes: await png(20, 160, 150) }]))[0]!;
    await studio(repo.t, "PUT", `/api/studio/media/${asset!.id}`, { session: asha.session, body: { alt: "A teal square" } });
    expect((await studio(repo.t, "POST", `/api/studio/media/${asset!.id}/publish`, { session: asha.session })).statusCode).toBe(200);
    const { base, data } = repo.draftOf("content/pages/contact.json");
    data.blocks[0].image = { asset: asset!.id };
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const set = await studio(repo.t, "POST", "/api/studio/schedules", { session: asha.session, body: { file: "content/pages/contact.json", base, data, at } });
    expect(set.statusCode, set.body).toBe(201);
    const before = head();
    const refused = await studio(repo.t, "DELETE", `/api/studio/media/${asset!.id}`, { session: asha.session });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ error: { code: "StudioMediaInUse" }, uses: [{ kind: "page", document: expect.stringContaining("(/contact)"), place: "Hero, Image", scheduled: at }] });
    expect(body(refused).uses[0]).not.toHaveProperty("draft");
    expect(head()).toBe(before);
    const cancelled = await studio(repo.t, "DELETE", `/api/studio/schedules/${body(set).schedule.id}`, { session: asha.session });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect(body(await studio(repo.t, "GET", `/api/studio/media/${asset!.id}`, { session: asha.session })).uses).toEqual([]);
    expect((await studio(repo.t, "DELETE", `/api/studio/media/${asset!.id}`, { session: asha.session })).statusCode).toBe(200);
  });

  describe("a page naming a new image", () => {
    const CONTACT = "content/pages/contact.json";
    /** Contact's data with its hero showing `id`. */
    const contactWith = (id: string) => {
      const data = JSON.parse(repo.read(CONTACT));
      data.blocks[0].image = { asset: id };
      return data;
    };
    const publishPage = (session: string, data: unknown, file = CONTACT) => studio(repo.t, "POST", "/api/studio/publish", { session, body: { file, base: versionOf(repo.read(file)), data } });
    const newImage = async (session: string, name: string, bytes: Buffer, alt?: string) => {
      const { asset } = resultsOf(await upload(session, [{ name, bytes }]))[0]!;
      if (alt) await studio(repo.t, "PUT", `/api/studio/media/${asset!.id}`, { session, body: { alt, translations: { hi: { alt: `${alt} (हिन्दी)` } } } });
      return asset!.id;
    };

    test("is checked and published by an editor with the image, in one commit; the dialog names it; a contributor cannot publish", async () => {
      const ravi = await person("contributor", "Ravi Kumar");
      const asha = await person("editor", "Asha Rao");
      const id = await newImage(ravi.session, "team at work.png", await png(15, 140, 75), "Team at work");
      const data = contactWith(id);

      // The pickers offer it, marked, with what the preview draws of it (not its caption, credit or licence); the draft's check knows it: no UnknownMediaAsset while the page is edited.
      const offered = (body(await studio(repo.t, "GET", "/api/studio/context", { session: ravi.session })).media as { id: string }[]).find((image) => image.id === id);
      expect(offered).toEqual({ id, alt: "Team at work", unpublished: true, type: "image/png", width: 40, height: 40, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), placeholder: expect.any(String) });
      const checked = body(await studio(repo.t, "POST", "/api/studio/check", { session: ravi.session, body: { file: CONTACT, data } }));
      expect(checked.errors.filter((e: { file: string }) => e.file === CONTACT)).toEqual([]);
      const named = await studio(repo.t, "POST", "/api/studio/publish/images", { session: ravi.session, body: { file: CONTACT, data } });
      expect(body(named)).toEqual({ images: [{ id, name: "Team at work" }] });
      expect(body(await studio(repo.t, "POST", "/api/studio/publish/images", { session: ravi.session, body: { file: CONTACT, data: JSON.parse(repo.read(CONTACT)) } }))).toEqual({ images: [] });

      const before = head();
      expect((await publishPage(ravi.session, data)).statusCode).toBe(403);
      expect(head()).toBe(before);

      const published = await publishPage(asha.session, data);
      expect(published.statusCode, published.body).toBe(200);
      expect(body(published)).toMatchObject({ commit: head() });
      expect(git("log", "-1", "--format=%an|%s")).toMatch(new RegExp(`^Asha Rao\\|Edit page /contact: .*; add image ${id}$`));
      expect(git("show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([`content/media/${id}.json`, `content/media/${id}.png`, CONTACT, `content/translations/hi/media/${id}.json`]);
      expect(git("status", "--porcelain")).toBe("");
      expect(JSON.parse(repo.read(`content/media/${id}.json`))).toMatchObject({ id, alt: "Team at work" });
      // The image is published, its drafts and kept original gone; the audit names both.
      expect(body(await studio(repo.t, "GET", `/api/studio/media/${id}`, { session: asha.session })).asset.state).toBe("published");
      expect(await repo.t.app.storage.db.selectFrom("studio_drafts").select("file").where("file", "like", `%/media/${id}.json`).execute()).toEqual([]);
      const audited = await repo.t.app.storage.db.selectFrom("studio_audit").select(["action", "target"]).where("target", "in", [id, CONTACT]).where("action", "in", ["publish", "media.publish"]).execute();
      expect(audited.map((a) => a.action).sort()).toEqual(["media.publish", "publish"]);
    });

    test("refused by the check (an image without alt text), nothing is written nor committed and the image stays new", async () => {
      const asha = await person("editor", "Asha Rao");
      const id = await newImage(asha.session, "no words.png", await png(140, 15, 75));
      const before = head();
      const refused = await publishPage(asha.session, contactWith(id));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(JSON.stringify(body(refused).errors)).toContain("ImageAltMissing");
      expect(head()).toBe(before);
      expect(git("status", "--porcelain")).toBe("");
      expect(existsSync(path.join(repo.root, `content/media/${id}.json`))).toBe(false);
      expect(body(await studio(repo.t, "GET", `/api/studio/media/${id}`, { session: asha.session })).asset.state).toBe("new");
    });

    test("an unknown image, a file not the studio's, a malformed or oversized body: 4xx, never 5xx, nothing committed", async () => {
      const asha = await person("editor", "Asha Rao");
      const before = head();
      const unknown = await publishPage(asha.session, contactWith("no-such-image"));
      expect([unknown.statusCode, JSON.stringify(body(unknown).errors)]).toEqual([422, expect.stringContaining("UnknownMediaAsset")]);
      const attempts = [
        { file: "content/media/../pages/contact.json", data: {} },
        { file: "content/media/hero-home.json", data: {} },
        { file: CONTACT },
        { file: CONTACT, data: contactWith("x"), extra: 1 },
        { file: CONTACT, data: { blocks: [{ type: "hero", image: { asset: "../../etc/passwd" } }] } },
      ];
      for (const attempt of attempts) {
        const answer = await studio(repo.t, "POST", "/api/studio/publish/images", { session: asha.session, body: attempt });
        expect(answer.statusCode, JSON.stringify(attempt)).toBeLessThan(500);
      }
      expect((await studio(repo.t, "POST", "/api/studio/publish/images", { session: asha.session, body: { file: "content/media/hero-home.json", data: {} } })).statusCode).toBe(400);
      expect((await studio(repo.t, "POST", "/api/studio/publish/images", { body: { file: CONTACT, data: {} } })).statusCode).toBe(401);
      const huge = await studio(repo.t, "POST", "/api/studio/publish/images", { session: asha.session, body: { file: CONTACT, data: { text: "x".repeat(3 * 1024 * 1024) } } });
      expect(huge.statusCode).toBe(413);
      expect(head()).toBe(before);
    });
  });

  test("an image's history in words (added, texts, a new picture, tags); an editor restores an earlier version through the publish path, as one commit with its picture; the audit log names it", async () => {
    const ravi = await person("contributor", "Ravi Kumar");
    const asha = await person("editor", "Asha Rao");
    const first = await png(220, 20, 120, 48);
    const { asset } = resultsOf(await upload(asha.session, [{ name: "history.png", bytes: first }]))[0]!;
    const id = asset!.id;
    const firstHash = asset!.manifest.sha256;
    const history = async () => body(await studio(repo.t, "GET", `/api/studio/media/${id}/history`, { session: ravi.session })).versions as { rev: string; restored: boolean; changes: { kind: string; field?: string; to?: unknown }[] }[];
    expect(await history()).toEqual([]);
    const describeAndPublish = async (texts: object) => {
      expect((await studio(repo.t, "PUT", `/api/studio/media/${id}`, { session: asha.session, body: texts })).statusCode).toBe(200);
      expect((await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: asha.session })).statusCode).toBe(200);
    };
    await describeAndPublish({ alt: "A magenta square", tags: ["Team", "office"] });
    expect(JSON.parse(repo.read(`content/media/${id}.json`)).tags).toEqual(["team", "office"]);
    await describeAndPublish({ alt: "A magenta square, again", tags: [] });
    const replaced = await studio(repo.t, "POST", `/api/studio/media/${id}/replace`, { session: asha.session, ...multipart([{ name: "second.png", bytes: await png(20, 220, 120, 32) }], { texts: JSON.stringify({ alt: "A green square", focal: { x: 0.2, y: 0.8 } }) }) });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: asha.session })).statusCode).toBe(200);

    const versions = await history();
    expect(versions.map((v) => v.changes.map((c) => c.field ?? c.kind))).toEqual([["picture", "alt", "focal"], ["alt", "tags"], ["added"]]);
    expect(versions[0]!.changes[0]).toMatchObject({ kind: "picture", from: { width: 48, height: 48, type: "image/png" }, to: { width: 32, height: 32 } });
    expect(versions[2]!.restored).toBe(false);

    // A contributor may read the history, not restore.
    const oldest = versions[2]!.rev;
    expect((await studio(repo.t, "POST", `/api/studio/media/${id}/revert`, { session: ravi.session, body: { rev: oldest } })).statusCode).toBe(403);
    const restored = await studio(repo.t, "POST", `/api/studio/media/${id}/revert`, { session: asha.session, body: { rev: oldest } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(body(restored)).toMatchObject({ commit: head(), rev: oldest, asset: { state: "published", manifest: { alt: "A magenta square", tags: ["team", "office"], sha256: firstHash, width: 48 } } });
    expect(git("log", "-1", "--format=%an|%s")).toMatch(new RegExp(`^Asha Rao\\|Revert image ${id} to ${oldest.slice(0, 7)} \\(\\d{4}-\\d{2}-\\d{2}\\)$`));
    expect(git("show", "--name-only", "--format=", "HEAD").split("\n").sort()).toEqual([`content/media/${id}.json`, `content/media/${id}.png`]);
    expect(git("status", "--porcelain")).toBe("");
    expect(createHash("sha256").update(readFileSync(path.join(repo.root, `content/media/${id}.png`))).digest("hex")).toBe(firstHash);
    // Its drafts and the picture kept to publish are gone.
    const db = repo.t.app.storage.db;
    expect(await db.selectFrom("studio_drafts").select("file").where("file", "like", `%/media/${id}.json`).execute()).toEqual([]);
    expect(await db.selectFrom("studio_media_uploads").select("sha256").where("sha256", "=", firstHash).execute()).toEqual([]);
    const [newest] = await history();
    expect(newest).toMatchObject({ restored: true, changes: [{ kind: "picture" }, { field: "alt" }, { kind: "focal" }, { kind: "tags", to: ["team", "office"] }] });
    const audited = await repo.t.app.storage.db.selectFrom("studio_audit").select(["detail"]).where("action", "=", "media.revert").where("target", "=", id).executeTakeFirstOrThrow();
    expect(JSON.parse(audited.detail)).toMatchObject({ rev: oldest, commit: head() });
  });

  test("restoring a version that had no Hindi alt text removes the one published since, in the restore's commit; its history says so first", async () => {
    const asha = await person("editor", "Asha Rao");
    const { asset } = resultsOf(await upload(asha.session, [{ name: "untranslated.png", bytes: await png(90, 30, 200, 24) }]))[0]!;
    const id = asset!.id;
    const hindi = `content/translations/hi/media/${id}.json`;
    const describeAndPublish = async (texts: object) => {
      expect((await studio(repo.t, "PUT", `/api/studio/media/${id}`, { session: asha.session, body: texts })).statusCode).toBe(200);
      expect((await studio(repo.t, "POST", `/api/studio/media/${id}/publish`, { session: asha.session })).statusCode).toBe(200);
    };
    await describeAndPublish({ alt: "A violet square" });
    await describeAndPublish({ alt: "A violet square at dusk", caption: "Dusk", translations: { hi: { alt: "साँझ में एक बैंगनी वर्ग" } } });
    expect(JSON.parse(repo.read(hindi)).fields.alt.text).toBe("साँझ में एक बैंगनी वर्ग");

    const versions = body(await studio(repo.t, "GET", `/api/studio/media/${id}/history`, { session: asha.session })).versions as { rev: string; removes: unknown }[];
    expect(versions.map((v) => v.removes)).toEqual([[], [{ locale: "hi", fields: ["alt"] }]]);
    const restored = await studio(repo.t, "POST", `/api/studio/media/${id}/revert`, { session: asha.session, body: { rev: versions[1]!.rev } });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(body(restored).asset).toMatchObject({ state: "published", manifest: { alt: "A violet square" }, translations: {} });
    expect(body(restored).asset.manifest.caption).toBeUndefined();
    // One commit: the entry as it was, the Hindi file gone; nothing left over.
    expect(git("show", "--name-status", "--format=", "HEAD").split("\n").sort()).toEqual([`D\t${hindi}`, `M\tcontent/media/${id}.json`]);
    expect(existsSync(path.join(repo.root, hindi))).toBe(false);
    expect(git("status", "--porcelain")).toBe("");
    expect(await repo.t.app.storage.db.selectFrom("studio_drafts").select("file").where("file", "like", `%/media/${id}.json`).execute()).toEqual([]);
    // Restoring the later version brings the Hindi alt text back, as it was.
    const again = body(await studio(repo.t, "GET", `/api/studio/media/${id}/history`, { session: asha.session })).versions as { rev: string; removes: unknown }[];
    expect((await studio(repo.t, "POST", `/api/studio/media/${id}/revert`, { session: asha.session, body: { rev: again[1]!.rev } })).statusCode).toBe(200);
    expect(JSON.parse(repo.read(hindi)).fields.alt.text).toBe("साँझ में एक बैंगनी वर्ग");
  });

  test("attacks on history, restore and tags: bad ids, versions and tags are 4xx, never 5xx, and commit nothing", async () => {
    const asha = await person("editor", "Asha Rao");
    const before = head();
    const other = git("log", "-1", "--format=%H", "--", "content/pages/about.json");
    const cases: [string, string, unknown, number][] = [
      ["POST", "/api/studio/media/hero-home/revert", { rev: "zz" }, 400],
      ["POST", "/api/studio/media/hero-home/revert", { rev: "0000000" }, 404],
      ["POST", "/api/studio/media/hero-home/revert", { rev: "0".repeat(65) }, 400],
      ["POST", "/api/studio/media/hero-home/revert", { rev: "HEAD~1" }, 400],
      ["POST", "/api/studio/media/hero-home/revert", { rev: before, extra: 1 }, 400],
      ["POST", "/api/studio/media/hero-home/revert", {}, 400],
      ["POST", "/api/studio/media/no-such-image/revert", { rev: before }, 404],
      ["POST", "/api/studio/media/..%2Fpages%2Fabout/revert", { rev: before }, 400],
      ["GET", "/api/studio/media/..%2F..%2Fetc/history", undefined, 400],
      ["GET", "/api/studio/media/no-such-image/history", undefined, 404],
      ["PUT", "/api/studio/media/hero-home", { tags: ["<script>alert(1)</script>"] }, 400],
      ["PUT", "/api/studio/media/hero-home", { tags: ["x".repeat(41)] }, 400],
      ["PUT", "/api/studio/media/hero-home", { tags: Array.from({ length: 21 }, (_, i) => `tag ${i}`) }, 400],
      ["PUT", "/api/studio/media/hero-home", { tags: ["team", "Team"] }, 400],
      ["PUT", "/api/studio/media/hero-home", { tags: "team" }, 400],
    ];
    // A version of another file is not one of the image's.
    cases.push(["POST", "/api/studio/media/hero-home/revert", { rev: other }, 404]);
    for (const [method, url, sent, status] of cases) {
      const answer = await studio(repo.t, method as "POST", url, { session: asha.session, ...(sent !== undefined && { body: sent }) });
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(sent)}: ${answer.body}`).toBe(status);
    }
    expect(head()).toBe(before);
    expect(git("status", "--porcelain")).toBe("");
  });

  test("a new image not published yet is deleted without a commit", async () => {
    const { session } = await person("editor", "Asha Rao");
    const { asset } = resultsOf(await upload(session, [{ name: "scrap.png", bytes: await png(90, 90, 90) }]))[0]!;
    const before = head();
    const stored = await uploadsStored();
    const deleted = await studio(repo.t, "DELETE", `/api/studio/media/${asset!.id}`, { session });
    expect(body(deleted)).toEqual({ commit: null });
    expect(head()).toBe(before);
    expect(await uploadsStored()).toBe(stored - 1);
  });

  test("an admin uploads, describes, publishes and deletes an image, as an editor does", async () => {
    const { session } = await person("admin", "Meera Iyer");
    const { asset } = resultsOf(await upload(session, [{ name: "admin's.png", bytes: await png(140, 40, 60) }]))[0]!;
    expect((await studio(repo.t, "PUT", `/api/studio/media/${asset!.id}`, { session, body: { alt: "A wine-red square" } })).statusCode).toBe(200);
    const published = await studio(repo.t, "POST", `/api/studio/media/${asset!.id}/publish`, { session });
    expect(published.statusCode, published.body).toBe(200);
    expect(git("log", "-1", "--format=%an")).toBe("Meera Iyer");
    const deleted = await studio(repo.t, "DELETE", `/api/studio/media/${asset!.id}`, { session });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(git("log", "-1", "--format=%an|%s")).toBe(`Meera Iyer|Delete image ${asset!.id}`);
  });

  describe("with the originals in an S3-compatible store (s3rver on loopback)", () => {
    let s3: S3rver | undefined;
    const s3dir = mkdtempSync(path.join(os.tmpdir(), "studio-media-s3-"));
    const settings = { MEDIA_STORE: "s3://site-media/originals", AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };
    let bucket: MediaStore;
    const s3repo = studioPublishing(target);
    beforeAll(async () => {
      s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: "site-media", configs: [] }] });
      const { address, port } = (await s3.run()) as { address: string; port: number };
      // Read when the library first opens its store: before any call of this group.
      Object.assign(process.env, settings, { MEDIA_S3_ENDPOINT: `http://${address}:${port}` });
      bucket = await mediaStoreFrom(process.env, s3repo.root);
    });
    afterAll(async () => {
      for (const key of [...Object.keys(settings), "MEDIA_S3_ENDPOINT"]) delete process.env[key];
      await s3?.close().catch(() => undefined);
      rmSync(s3dir, { recursive: true, force: true });
    });
    const publishNew = async (session: string, name: string, bytes: Buffer) => {
      const { asset } = resultsOf(await studio(s3repo.t, "POST", "/api/studio/media", { session, ...multipart([{ name, bytes }]) }))[0]!;
      await studio(s3repo.t, "PUT", `/api/studio/media/${asset!.id}`, { session, body: { alt: `The ${name} picture` } });
      return asset!.id;
    };

    test("publishing puts the original in the bucket, not in git; deleting removes the object too", async () => {
      const { session } = await s3repo.person("editor", "Asha Rao");
      const id = await publishNew(session, "bucketed.png", await png(5, 90, 200));
      expect((await studio(s3repo.t, "POST", `/api/studio/media/${id}/publish`, { session })).statusCode).toBe(200);
      expect(s3repo.git("show", "--name-only", "--format=", "HEAD")).toBe(`content/media/${id}.json`);
      expect(await bucket.get(`${id}.png`)).toBeInstanceOf(Buffer);
      const deleted = await studio(s3repo.t, "DELETE", `/api/studio/media/${id}`, { session });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await bucket.get(`${id}.png`)).toBeUndefined();
    });

    test("restoring a version whose picture the bucket no longer holds is refused 409 StudioMediaPictureGone, nothing committed", async () => {
      const { session } = await s3repo.person("editor", "Asha Rao");
      const id = await publishNew(session, "overwritten.png", await png(40, 40, 220));
      expect((await studio(s3repo.t, "POST", `/api/studio/media/${id}/publish`, { session })).statusCode).toBe(200);
      const texts = JSON.stringify({ alt: "Another blue", focal: { x: 0.5, y: 0.5 } });
      expect((await studio(s3repo.t, "POST", `/api/studio/media/${id}/replace`, { session, ...multipart([{ name: "again.png", bytes: await png(40, 40, 120) }], { texts }) })).statusCode).toBe(200);
      expect((await studio(s3repo.t, "POST", `/api/studio/media/${id}/publish`, { session })).statusCode).toBe(200);
      const versions = body(await studio(s3repo.t, "GET", `/api/studio/media/${id}/history`, { session })).versions as { rev: string }[];
      const before = s3repo.head();
      const refused = await studio(s3repo.t, "POST", `/api/studio/media/${id}/revert`, { session, body: { rev: versions.at(-1)!.rev } });
      expect([refused.statusCode, body(refused).error.code]).toEqual([409, "StudioMediaPictureGone"]);
      expect(s3repo.head()).toBe(before);
    });

    test("with the store stopped, publishing and deleting answer 503 MediaStoreUnavailable, never a 500, and nothing is committed", async () => {
      const { session } = await s3repo.person("editor", "Asha Rao");
      const kept = await publishNew(session, "kept.png", await png(200, 90, 5));
      expect((await studio(s3repo.t, "POST", `/api/studio/media/${kept}/publish`, { session })).statusCode).toBe(200);
      const waiting = await publishNew(session, "waiting.png", await png(90, 200, 5));
      await s3!.close();
      const before = s3repo.head();
      for (const [method, url] of [["POST", `/api/studio/media/${waiting}/publish`], ["DELETE", `/api/studio/media/${kept}`]] as const) {
        const answer = await studio(s3repo.t, method, url, { session });
        expect([answer.statusCode, body(answer).error.code], `${method} ${url}`).toEqual([503, "MediaStoreUnavailable"]);
      }
      // A page naming the new image, published with it: refused alike, the page not written.
      const contact = JSON.parse(s3repo.read("content/pages/contact.json"));
      contact.blocks[0].image = { asset: waiting };
      const page = await studio(s3repo.t, "POST", "/api/studio/publish", { session, body: { file: "content/pages/contact.json", base: versionOf(s3repo.read("content/pages/contact.json")), data: contact } });
      expect([page.statusCode, body(page).error.code]).toEqual([503, "MediaStoreUnavailable"]);
      expect(s3repo.head()).toBe(before);
      expect(s3repo.git("status", "--porcelain")).toBe("");
      expect(body(await studio(s3repo.t, "GET", `/api/studio/media/${waiting}`, { session })).asset.state).toBe("new");
    });
  });

  describe("attacks on uploads", () => {
    test.each([
      ["a script-bearing SVG is added sanitised: no script, handler or foreignObject is stored", "evil.svg", () => SCRIPT_SVG, "added"],
      ["a GIF header over a script (a GIF/JS polyglot) is refused as unreadable", "polyglot.gif", () => Buffer.from("GIF89a/*\x00\x00*/=1;alert(document.domain)//"), "MediaUnreadable"],
      ["a PNG with an HTML page after it is added re-encoded: the page is gone", "tail.png", async () => Buffer.concat([await png(1, 200, 1), Buffer.from("<html><script>alert(1)</script></html>")]), "added"],
      ["a path in the file name is refused", "../../etc/passwd.png", () => png(5, 5, 5), "MediaFileNameRefused"],
      ["a zero-byte file is refused", "empty.png", () => Buffer.alloc(0), "MediaEmptyFile"],
      ["a file over 25 MB is refused, its rest never held", "big.png", () => Buffer.alloc(25 * 1024 * 1024 + 10, 1), "MediaFileTooLarge"],
    ])("%s", async (_case, name, bytesOf, outcome) => {
      const { session } = await person("contributor", "Mallory");
      const answer = await upload(session, [{ name, bytes: await bytesOf() }]);
      expect(answer.statusCode, answer.body).toBe(200);
      const [result] = resultsOf(answer);
      if (outcome !== "added") return expect(result).toMatchObject({ status: "refused", error: { code: outcome } });
      expect(result!.status).toBe("added");
      const stored = (await repo.t.app.storage.db.selectFrom("studio_media_uploads").select("bytes").where("sha256", "=", result!.asset!.manifest.sha256).executeTakeFirstOrThrow()).bytes.toString("latin1");
      expect(stored).not.toMatch(/script|onload|foreignObject|<html/i);
      expect(existsSync(path.join(repo.root, "content/media", `${result!.asset!.id}.json`))).toBe(false);
    });

    test("uploads past a person's draft limit are refused one by one: new images are drafts like pages", async () => {
      const { session, account } = await person("contributor", "Mallory");
      const db = repo.t.app.storage.db;
      const now = new Date().toISOString();
      await db.insertInto("studio_drafts").values(Array.from({ length: 50 }, (_, i) => ({ file: `content/pages/filler-${account.id}-${i}.json`, data: "{}", base_version: null, updated_by: account.id, updated_at: now }))).execute();
      const [result] = resultsOf(await upload(session, [{ name: "one-too-many.png", bytes: await png(3, 60, 90) }]));
      expect(result).toMatchObject({ status: "refused", error: { code: "StudioDraftsPerPerson" } });
      await db.deleteFrom("studio_drafts").where("updated_by", "=", account.id).execute();
    });

    test.each([
      ["no session", {}, undefined, 401, "StudioSignedOut"],
      ["another origin", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }, "contributor", 403, "StudioCrossSite"],
      ["no CSRF token", { csrf: null }, "contributor", 403, "StudioCsrfToken"],
    ] as const)("an upload with %s is refused, nothing stored", async (_case, call, role, status, code) => {
      const who = role && (await person(role, "Mallory"));
      const stored = await uploadsStored();
      const answer = await upload(who?.session, [{ name: "x.png", bytes: await png(7, 7, 7) }], call as Call);
      expect([answer.statusCode, body(answer).error.code]).toEqual([status, code]);
      expect(await uploadsStored()).toBe(stored);
    });

    test("a contributor can neither publish nor delete; a JSON body or an empty upload is a 400", async () => {
      const { session } = await person("contributor", "Mallory");
      for (const [method, url] of [["POST", "/api/studio/media/logo-urbanly/publish"], ["DELETE", "/api/studio/media/logo-urbanly"]] as const) {
        const answer = await studio(repo.t, method, url, { session });
        expect([answer.statusCode, body(answer).error.code]).toEqual([403, "StudioForbidden"]);
      }
      expect(body(await studio(repo.t, "POST", "/api/studio/media", { session, body: { files: [] } })).error.code).toBe("StudioMediaNoFiles");
      expect(body(await upload(session, [])).error.code).toBe("StudioMediaNoFiles");
      expect((await studio(repo.t, "GET", "/api/studio/media/..%2F..%2Fetc%2Fpasswd", { session })).statusCode).toBe(400);
    });
  });
});
