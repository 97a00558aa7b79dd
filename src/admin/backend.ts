/**
 * Where the blog admin's data comes from and goes to: the studio's one pipeline, a post being one
 * more document of it (server/studio/documents/kinds.ts): drafts kept on the server as one types,
 * publish as a git commit (editors and admins), delete the same way, history and restore; on a
 * server (STUDIO=1) and in local mode alike. The screen knows only this shape.
 */
import { postFileOf } from "../blog/paths.ts";
import type { FieldChange } from "../editor/model.ts";
import { type StudioApi, studioApi } from "../editor/studio-api.ts";
import type { Me } from "../studio/client.ts";
import { type AdminFailure, type AdminPost, type AdminPostInput, isUnpublished, slugify, type StudioPostListing } from "./model.ts";

/** A refusal; a publish refused because the post changed since the draft began also says what changed. */
export type BlogResult<T> = { ok: true; data: T } | { ok: false; status: number; failure: AdminFailure & { changes?: FieldChange[] } };

export interface BlogBackend {
  list(): Promise<BlogResult<StudioPostListing>>;
  /** Publishes a new post (editors and admins). */
  create(input: AdminPostInput): Promise<BlogResult<unknown>>;
  /** Publishes the post's draft from the version it began at. */
  update(post: AdminPost & { file: string }, input: AdminPostInput): Promise<BlogResult<unknown>>;
  remove(post: AdminPost & { file: string }): Promise<BlogResult<unknown>>;
  studio: {
    api: StudioApi;
    /** Editors and admins publish, delete and restore; contributors keep drafts. */
    canPublish: boolean;
    /** Keeps the form's values as the post's draft (autosave), never touching the file. */
    keep(post: AdminPost & { file: string }, input: AdminPostInput): Promise<BlogResult<unknown>>;
    /** A contributor's new post: kept as the draft of a post not published yet, at a file no listed post has. */
    keepNew(input: AdminPostInput, listed: readonly { file: string }[]): Promise<BlogResult<{ file: string }>>;
    /** The post's draft, if it has one. */
    draftOf(file: string): Promise<AdminPostInput | undefined>;
  };
}

/** The studio's answers as the admin's results (the answer's `fields` and `changes` kept). */
const asBlog = async <T,>(answer: Promise<{ ok: true; data: T } | { ok: false; status: number; failure: object }>): Promise<BlogResult<T>> => (await answer) as BlogResult<T>;

const newSlug = (input: AdminPostInput) => slugify(input.title) || `post-${Date.now()}`;
const baseOf = (post: AdminPost) => (isUnpublished(post) ? null : post.version);

export function studioBlog(me: Me): BlogBackend {
  const api = studioApi();
  const canPublish = me.user.role === "editor" || me.user.role === "admin";
  return {
    list: () => asBlog(api.call<StudioPostListing>("GET", "/posts")),
    create: (input) => asBlog(api.publish(postFileOf(newSlug(input)), null, input)),
    // A post not published yet has no version: publishing it creates its file, and removing it drops its draft.
    update: (post, input) => asBlog(api.publish(post.file, baseOf(post), input)),
    remove: (post) => asBlog(isUnpublished(post) ? api.discardDraft(post.file) : api.call("POST", "/posts/delete", { file: post.file, base: post.version })),
    studio: {
      api,
      canPublish,
      keep: (post, input) => asBlog(api.keepDraft(post.file, baseOf(post), input)),
      async keepNew(input, listed) {
        const taken = new Set(listed.map((post) => post.file));
        const slug = newSlug(input);
        let file = postFileOf(slug);
        for (let n = 2; taken.has(file); n++) file = postFileOf(`${slug}-${n}`);
        const kept = await asBlog(api.keepDraft(file, null, input));
        return kept.ok ? { ok: true, data: { file } } : kept;
      },
      async draftOf(file) {
        const answer = await api.draft(file);
        return answer.ok ? (answer.data.draft.data as AdminPostInput) : undefined;
      },
    },
  };
}
