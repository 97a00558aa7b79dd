/**
 * The media library under /api/studio (./media/library.ts does the work), every route behind
 * the guard (./guard.ts) with the least role it needs. Contributors upload and describe;
 * editors and admins publish and delete, as for pages.
 *
 *   GET    /media                  contributor  → { assets }: every image, drafts over what is published, with its use count
 *   POST   /media                  contributor  multipart/form-data, one or several files (20 at most) →
 *                                               { results: [{ name, status: "added" | "duplicate", asset } | { name, status: "refused", error }] }
 *   GET    /media/:id              contributor  → { asset, uses }: where it is used, in words
 *   GET    /media/:id/file?w=320|960 contributor → the image (a new one's too), scaled down for thumbnails and the asset page
 *   GET    /media/:id/variants/<name> contributor → one of its files as a page names it (/_media/v1/<name>): a build's from
 *                                               its cache, else encoded as the build encodes it and kept in that cache: the page
 *                                               editor's preview, which shows new images too; 404
 *                                               StudioMediaFileNotFound for a name no page could give its picture as it is now
 *   PUT    /media/:id              contributor  { alt, caption, credit, licence, focal, translations: { hi: { alt } } } → { asset }: drafts
 *   POST   /media/:id/replace      contributor  multipart/form-data: one file, and `texts` (PUT's body as JSON; alt and focal
 *                                               required when the picture changed) → { asset, changed }: a draft of the image with
 *                                               the new picture, same id; 422 StudioMediaReplaceUnchecked, 409 StudioMediaReplaceDuplicate
 *   POST   /media/:id/publish      editor       → { asset, commit, live }: one commit; 409 StudioMediaNothingToPublish
 *   DELETE /media/:id              editor       → { commit }; 409 StudioMediaInUse { uses } while anything uses it
 *   GET    /media/:id/history      contributor  → { versions: [{ rev, author, date, restored, changes }] }: each published version, newest first,
 *                                               with what changed (added, picture, a text, focal point, tags)
 *   POST   /media/:id/revert       editor       { rev } → { asset, commit, live, rev }: that version published again as one commit;
 *                                               404 StudioMediaVersionNotFound, 409 StudioMediaPictureGone (its picture no longer stored)
 *
 * Each refused file says why with a catalogue error (MediaTypeNotSupported, MediaFileTooLarge,
 * MediaTooManyPixels, MediaUnreadable, MediaEmptyFile, MediaFileNameRefused); an unknown image is 404 StudioMediaNotFound.
 */
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type DescribeMedia, describeMediaSchema, mediaFileQuerySchema, mediaIdSchema, mediaVariantSchema, mediaRevertSchema, type MediaListAnswer, replaceImpact, type UploadResult } from "../../schemas/studio-media.ts";
import { type ErrorData, errors } from "../../src/errors/catalogue.ts";
import { INTAKE_LIMITS } from "../../src/runtime/media/intake.server.ts";
import { formatType, isVariantOf, parseVariantName } from "../../src/page/media/variants.ts";
import { answerPublishing, parse, signedIn } from "./answers.ts";
import { audit } from "./audit.ts";
import { refuse } from "./guard.ts";
import { type MediaLibrary, refusedUpload } from "./media/library.ts";
import { author } from "./publish-api.ts";

/** Files per upload: a marketer's batch, not a migration (npm run media -- add is for those). */
export const MAX_UPLOAD_FILES = 20;
const contributor = { config: { least: "contributor" } } as const;
const editor = { config: { least: "editor" } } as const;
/** The headers a library file is sent with: nothing in it runs, even opened on its own (as /_media/). */
const FILE_HEADERS = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox" };

type SentFile = { name: string; bytes: Buffer } | { name: string; tooLarge: ErrorData };

const jsonOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Reads a multipart upload: each file, whole, to `onFile` as it arrives (one at a time: a batch
 * is never held at once), and the text fields. Undefined when it is no multipart upload or
 * cannot be read: the 400 is sent.
 */
async function readParts(request: FastifyRequest, reply: FastifyReply, onFile: (file: SentFile) => Promise<void>): Promise<{ fields: Record<string, string> } | undefined> {
  if (!request.isMultipart()) return void refuse(reply, 400, errors.StudioMediaNoFiles("send the files as multipart/form-data"));
  const fields: Record<string, string> = {};
  try {
    // preservePath: the name as sent, so a path in it is seen (and refused), not silently cut.
    for await (const part of request.parts({ preservePath: true })) {
      if (part.type !== "file") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      // Cut off at the limit by the reader: the rest was never held.
      await onFile(part.file.truncated ? { name: part.filename, tooLarge: errors.MediaFileTooLarge(undefined, INTAKE_LIMITS.bytes / 1024 / 1024) } : { name: part.filename, bytes: Buffer.concat(chunks) });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    return void refuse(reply, 400, errors.StudioMediaNoFiles(code === "FST_FILES_LIMIT" ? `more than ${MAX_UPLOAD_FILES} files at once` : "the upload could not be read"));
  }
  return { fields };
}

export async function mediaApi(app: FastifyInstance, { library }: { library: MediaLibrary }) {
  const notFound = (reply: FastifyReply, id: string) => refuse(reply, 404, errors.StudioMediaNotFound(id));

  app.get("/media", contributor, async () => ({ assets: await library.list(), locales: library.localeNames() }) satisfies MediaListAnswer);

  // Multipart only here, in a scope of its own: every other studio route stays JSON only.
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: INTAKE_LIMITS.bytes + 1, files: MAX_UPLOAD_FILES, fields: 10, parts: MAX_UPLOAD_FILES + 10 } });
    scope.post("/media", contributor, async (request, reply) => {
      const userId = signedIn(request).user.id;
      const results: UploadResult[] = [];
      const read = await readParts(request, reply, async (file) => {
        results.push("tooLarge" in file ? refusedUpload(file.name, file.tooLarge) : await library.upload(file.name, file.bytes, userId));
      });
      if (!read) return reply;
      if (results.length === 0) return refuse(reply, 400, errors.StudioMediaNoFiles("the request held no file"));
      const added = results.flatMap((r) => (r.status === "added" ? [r.asset.id] : []));
      if (added.length > 0) await audit(request, { action: "media.upload", target: added.join(", "), detail: { added } });
      return { results };
    });

    scope.post("/media/:id/replace", contributor, async (request, reply) => {
      const params = parse(mediaIdSchema, request.params, reply);
      if (!params) return reply;
      let sent: SentFile | undefined;
      const read = await readParts(request, reply, async (file) => void (sent ??= file));
      if (!read) return reply;
      if (!sent) return refuse(reply, 400, errors.StudioMediaNoFiles("the request held no file"));
      if ("tooLarge" in sent) return refuse(reply, 422, sent.tooLarge);
      let texts: DescribeMedia | undefined;
      if (read.fields.texts !== undefined) {
        texts = parse(describeMediaSchema, jsonOrUndefined(read.fields.texts), reply);
        if (!texts) return reply;
      }
      const replaced = await library.replace(params.id, sent.name, sent.bytes, texts, signedIn(request).user.id);
      if (!replaced) return notFound(reply, params.id);
      if (!replaced.ok) return refuse(reply, replaced.status, replaced.error);
      if (replaced.changed) {
        const { documents, languages } = replaceImpact(await library.usesOf(params.id), library.localeNames().length);
        await audit(request, { action: "media.replace", target: params.id, detail: { documents, languages } });
      }
      return { asset: replaced.asset, changed: replaced.changed };
    });
  });

  app.get("/media/:id", contributor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    if (!params) return reply;
    const found = await library.find(params.id);
    return found ? { asset: found.asset, uses: await library.usesOf(params.id) } : notFound(reply, params.id);
  });

  app.get("/media/:id/file", contributor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    const query = params && parse(mediaFileQuerySchema, request.query, reply);
    if (!params || !query) return reply;
    const file = await library.original(params.id);
    if (!file) return notFound(reply, params.id);
    reply.headers(FILE_HEADERS);
    if (!query.w || file.type === "image/svg+xml") return reply.type(file.type).send(file.bytes);
    const sharp = (await import("sharp")).default;
    const scaled = await sharp(file.bytes).resize({ width: Number(query.w), withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    return reply.type("image/webp").send(scaled);
  });

  app.get("/media/:id/variants/*", contributor, async (request, reply) => {
    const params = parse(mediaVariantSchema, request.params, reply);
    if (!params) return reply;
    const name = params["*"];
    const spec = parseVariantName(name);
    const picture = spec?.id === params.id ? await library.pictureAt(params.id, spec.sha) : undefined;
    if (!spec || !picture || ("svg" in spec ? picture.manifest.type !== "image/svg+xml" : !isVariantOf(picture.manifest, spec))) {
      return refuse(reply, 404, errors.StudioMediaFileNotFound(params.id, name));
    }
    reply.headers(FILE_HEADERS);
    if ("svg" in spec) return reply.type(picture.manifest.type).send(picture.bytes);
    const { cacheVariant, cachedVariant, encodeVariant, mediaCacheDir } = await import("../../src/runtime/media/pipeline.server.ts");
    // The site's very file when a build made it (its cache, where builds run: the working
    // directory), else made now and kept there: the next preview, and the build that publishes
    // the picture, find it made. Its name says what it is made of, so it is never out of date.
    const cacheDir = mediaCacheDir(process.cwd());
    let bytes = await cachedVariant(cacheDir, name);
    if (!bytes) {
      bytes = await encodeVariant(picture.bytes, picture.manifest, spec);
      // A cache that cannot be written to (a read-only disk) only costs the next open an encoding.
      await cacheVariant(cacheDir, name, bytes).catch(() => undefined);
    }
    return reply.type(formatType[spec.format]).send(bytes);
  });

  app.put("/media/:id", contributor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    const body = params && parse(describeMediaSchema, request.body, reply);
    if (!params || !body) return reply;
    const asset = await library.describe(params.id, body, signedIn(request).user.id);
    if (!asset) return notFound(reply, params.id);
    await audit(request, { action: "media.describe", target: params.id });
    return { asset };
  });

  app.post("/media/:id/publish", editor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    if (!params) return reply;
    const published = await library.publish(params.id, author(request));
    if (!published) return notFound(reply, params.id);
    if (published.ok) await audit(request, { action: "media.publish", target: params.id, detail: { commit: published.commit } });
    return answerPublishing(reply, published);
  });

  app.get("/media/:id/history", contributor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    if (!params) return reply;
    const versions = await library.history(params.id);
    return versions ? { versions } : notFound(reply, params.id);
  });

  app.post("/media/:id/revert", editor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    const body = params && parse(mediaRevertSchema, request.body, reply);
    if (!params || !body) return reply;
    const reverted = await library.revert(params.id, body.rev, author(request), signedIn(request).user.id);
    if (!reverted) return notFound(reply, params.id);
    if (reverted.ok) await audit(request, { action: "media.revert", target: params.id, detail: { rev: reverted.rev, commit: reverted.commit } });
    return answerPublishing(reply, reverted);
  });

  app.delete("/media/:id", editor, async (request, reply) => {
    const params = parse(mediaIdSchema, request.params, reply);
    if (!params) return reply;
    const removed = await library.remove(params.id, author(request));
    if (!removed) return notFound(reply, params.id);
    if (removed.ok) await audit(request, { action: "media.delete", target: params.id, detail: { commit: removed.commit } });
    return answerPublishing(reply, removed);
  });
}
