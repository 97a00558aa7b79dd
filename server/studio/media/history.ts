/**
 * An image's history as its page tells it: each published version of its entry
 * (content/media/<id>.json), newest first, with what changed from the version before it in the
 * marketer's terms (added, a new picture, a text, the focal point, tags), never as a diff. The
 * screen puts the words to them (src/studio/texts.ts).
 */
import { type MediaManifest, mediaManifestSchema } from "../../../schemas/media.ts";
import type { MediaChange, MediaVersion } from "../../../schemas/studio-media.ts";
import type { ContentGit, Revision } from "../git.ts";
import { isRestore } from "../history-edits.ts";

const TEXTS = ["alt", "caption", "credit", "licence"] as const;

/** What changed from one version of an image's entry to the next (none before: it was added). */
export function manifestChanges(before: MediaManifest | undefined, after: MediaManifest): MediaChange[] {
  if (!before) return [{ kind: "added" }];
  const changes: MediaChange[] = [];
  const picture = ({ type, width, height, bytes }: MediaManifest) => ({ type, width, height, bytes });
  if (before.sha256 !== after.sha256) changes.push({ kind: "picture", from: picture(before), to: picture(after) });
  for (const field of TEXTS) {
    if ((before[field] ?? "") !== (after[field] ?? "")) changes.push({ kind: "text", field, ...(before[field] && { from: before[field] }), ...(after[field] && { to: after[field] }) });
  }
  if (JSON.stringify(before.focal ?? null) !== JSON.stringify(after.focal ?? null)) changes.push({ kind: "focal", ...(before.focal && { from: before.focal }), ...(after.focal && { to: after.focal }) });
  const tagsOf = (m: MediaManifest) => m.tags ?? [];
  if (tagsOf(before).join("\n") !== tagsOf(after).join("\n")) changes.push({ kind: "tags", from: tagsOf(before), to: tagsOf(after) });
  return changes;
}

/** The entry as it was at a revision; undefined when it was not there or not readable. */
export async function manifestAt(git: ContentGit, revision: Pick<Revision, "rev" | "file">): Promise<MediaManifest | undefined> {
  const text = await git.show(revision.rev, revision.file);
  if (text === undefined) return undefined;
  try {
    const parsed = mediaManifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Every published version of an image's entry, newest first, each with its changes from the one before. */
export async function mediaHistory(git: ContentGit, file: string): Promise<Omit<MediaVersion, "removes">[]> {
  const revisions = await git.log(file).catch(() => [] as Revision[]);
  const manifests = await Promise.all(revisions.map((revision) => manifestAt(git, revision)));
  return revisions.flatMap((revision, i) => {
    const after = manifests[i];
    if (!after) return [];
    const { rev, author, date } = revision;
    return [{ rev, author, date, restored: isRestore(revision), changes: manifestChanges(manifests[i + 1], after) }];
  });
}
