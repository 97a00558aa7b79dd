/**
 * The studio's attack corpus (issue 25, "Bad input and attacks"): one table of every attack
 * the issue lists, each sent to the real app (STUDIO=1, the project's build for previews and
 * screens, the content in a git repository of its own, the git webhook on) on SQLite and on
 * PostgreSQL. Each case names the attack as the issue does, sends it, and says the answer it
 * gets: its status and error code, never a 5xx, and nothing done: no row written, no commit,
 * no file changed (unless the case says what it may write, and why).
 *
 * The cases are short on purpose: the studio's other contract tests go in depth (the route walk
 * for every role and the throttle's timings in studio-auth, previews in studio-drafts, publish
 * and revert in studio-publish, schedules in studio-schedules). This is the one list.
 */
import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { inviteAccount } from "../../server/studio/auth/accounts.ts";
import type { Role } from "../../server/studio/roles.ts";
import { csrfTokenOf } from "../../server/studio/auth/sessions.ts";
import type { Db } from "../../server/storage/database.ts";
import { versionOf } from "../../src/editor/server/store.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { STUDIO_PAGES } from "../../src/runtime/studio-paths.ts";
import { BUILD, ensureBuild } from "../site-build.ts";
import { contentHashes, gitIn, studioPublishing } from "./content-repository.ts";
import { describeOnEachDatabase } from "./databases.ts";
import type { TestApp } from "./forms-harness.ts";
import { PASSWORD, sessionFrom, sessionOf, STUDIO_HOST, studio, tokenOf } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

type Answer = LightMyRequestResponse;
/** What an attack must not do: write a row of the studio's or the forms' tables, commit, change a file of the content. */
type Effect = "row" | "commit" | "file";

interface World {
  t: TestApp;
  /** A fresh session of the standing account with this role (a case may end the session it uses). */
  as(role: Role): Promise<string>;
  /** A client address no other case used (sign-ins are throttled per address). */
  ip(): string;
  /** A content file as a draft of it begins: its version and data. */
  draftOf(file: string): { base: string; data: Record<string, unknown> & { meta: { title: string }; path: string } };
  /** A new account of its own, with PASSWORD set. */
  account(role: Role): Promise<{ id: string; email: string }>;
  /** The content repository's last commit. */
  head(): string;
}

/** What a case's preparation hands its attack. */
interface Given {
  id?: string;
  token?: string;
  session?: string;
  url?: string;
  email?: string;
}

interface Attack {
  name: string;
  /** What the attack needs that is no attack itself (a link made, an invitation used): done before the world is looked at. */
  given?: (w: World) => Promise<Given>;
  /** The attack: one request, or several alike that must each get the expected answer. */
  send: (w: World, given: Given) => Promise<Answer | Answer[]>;
  /** A studio refusal (JSON with this catalogue code), or an HTML page (the sign-in screen, the site's 404 page). */
  expected: { status: number; code?: string; html?: true };
  /** What the case may change, and only because it is no attack (by default: nothing). */
  writes?: Effect[];
  /** Anything more to check, after the answers. */
  then?: (answers: Answer[], w: World, given: Given) => Promise<void>;
}

const ABOUT = "content/pages/about.json";
/** A page only the review case drafts. */
const CONTACT = "content/pages/contact.json";
const SERVICES = "content/collections/services.json";
const SECRET = "a-git-webhook-secret-of-some-length";
const PAYLOAD = "<script>alert(1)</script><img src=x onerror=alert(2)>";
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;";
const EVIL = { origin: "https://evil.example.net", "sec-fetch-site": "cross-site" };
const TWO_MB = "x".repeat(2 * 1024 * 1024);
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const body = (answer: Answer) => JSON.parse(answer.body);
const refusal = (status: number, entry: { code: string }) => ({ status, code: entry.code });

/** A preview link's page, asked as a stranger's browser would: no cookie, no studio headers. */
const visit = (w: World, url: string) => w.t.app.inject({ method: "GET", url, headers: { host: STUDIO_HOST, "user-agent": "Mozilla/5.0 (visitor)" } });

/** Every write an editor makes to a document, each with `file` as the name and `data` as the content. */
function documentWrites(w: World, session: string, file: string, data: unknown, call: Parameters<typeof studio>[3] = {}) {
  const base = versionOf(JSON.stringify(data));
  return Promise.all([
    studio(w.t, "PUT", "/api/studio/drafts", { session, body: { file, base, data }, ...call }),
    studio(w.t, "POST", "/api/studio/check", { session, body: { file, data }, ...call }),
    studio(w.t, "POST", "/api/studio/publish", { session, body: { file, base, data }, ...call }),
    studio(w.t, "POST", "/api/studio/schedules", { session, body: { file, base, data, at: inAMinute() }, ...call }),
  ]);
}

/** Every studio call that names a document, with `file` as the name. */
async function namingCalls(w: World, file: string) {
  const session = await w.as("editor");
  const q = encodeURIComponent(file);
  return [
    ...(await documentWrites(w, session, file, w.draftOf(ABOUT).data)),
    await studio(w.t, "GET", `/api/studio/document?file=${q}`, { session }),
    await studio(w.t, "GET", `/api/studio/drafts?file=${q}`, { session }),
    await studio(w.t, "DELETE", `/api/studio/drafts?file=${q}`, { session }),
    await studio(w.t, "POST", "/api/studio/presence", { session, body: { file } }),
    await studio(w.t, "DELETE", `/api/studio/presence?file=${q}`, { session }),
    await studio(w.t, "POST", "/api/studio/previews", { session, body: { file } }),
    await studio(w.t, "GET", `/api/studio/previews?file=${q}`, { session }),
    await studio(w.t, "GET", `/api/studio/history?file=${q}`, { session }),
    await studio(w.t, "GET", `/api/studio/history/changes?file=${q}&rev=0123456789abcdef0123456789abcdef01234567`, { session }),
    await studio(w.t, "GET", `/api/studio/schedules?file=${q}`, { session }),
    await studio(w.t, "POST", "/api/studio/revert", { session, body: { file, rev: "0123456789abcdef0123456789abcdef01234567" } }),
    await studio(w.t, "POST", "/api/studio/posts/delete", { session, body: { file, base: "0123456789abcdef" } }),
  ];
}

const POST = "content/blog/posts/accessible-forms-checklist.md";
/** A blog post as its draft begins in the blog admin (GET /posts): its version and the form's fields. */
async function postDraft(w: World, session: string) {
  const listed = body(await studio(w.t, "GET", "/api/studio/posts", { session })).posts.find((p: { file: string }) => p.file === POST);
  const { title, excerpt, content, author, category, tags, status, featured } = listed;
  return { file: POST, base: listed.version as string, data: { title: `${title} (by an attack)`, excerpt, content, author, category, tags, status, featured } };
}

/** A real change to a page, for the attacks that would publish it. */
function retitled(w: World) {
  const { base, data } = w.draftOf(ABOUT);
  data.meta.title = "Published by an attack";
  return { file: ABOUT, base, data };
}

/** An editor's writes: drafts, previews, publish, schedules, accounts (as admin), with `call` changing how they are sent. */
async function everyKindOfWrite(w: World, call: Parameters<typeof studio>[3]) {
  const [editor, admin] = [await w.as("editor"), await w.as("admin")];
  return [
    await studio(w.t, "PUT", "/api/studio/drafts", { session: editor, body: retitled(w), ...call }),
    await studio(w.t, "POST", "/api/studio/previews", { session: editor, body: { file: ABOUT }, ...call }),
    await studio(w.t, "POST", "/api/studio/publish", { session: editor, body: retitled(w), ...call }),
    await studio(w.t, "POST", "/api/studio/schedules", { session: editor, body: { ...retitled(w), at: inAMinute() }, ...call }),
    await studio(w.t, "POST", "/api/studio/users", { session: admin, body: { email: "mallory@example.com", name: "Mallory", role: "admin" }, ...call }),
    await studio(w.t, "POST", "/api/studio/publish", { session: editor, body: await postDraft(w, editor), ...call }),
    await studio(w.t, "POST", "/api/studio/posts/delete", { session: editor, body: { file: POST, base: (await postDraft(w, editor)).base }, ...call }),
    await studio(w.t, "POST", "/api/studio/reviews", { session: editor, body: { file: ABOUT, note: "Please publish" }, ...call }),
    await studio(w.t, "POST", "/api/studio/reviews/0190aaaa-0000-7000-8000-000000000000/return", { session: editor, body: { comment: "Sent back by an attack" }, ...call }),
  ];
}

/** `data` with PAYLOAD added to every string the checker lets hold it (an id, a path or an icon name cannot). */
async function withPayloadInEveryTextField(w: World, session: string, file: string) {
  const original = w.draftOf(file).data;
  const texts: string[] = [];
  const walk = (node: unknown, pointer: string): unknown => {
    if (typeof node === "string") {
      texts.push(pointer);
      return `${node} ${PAYLOAD}`;
    }
    if (Array.isArray(node)) return node.map((v, i) => walk(v, `${pointer}/${i}`));
    if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, `${pointer}/${k}`)]));
    return node;
  };
  let draft = walk(original, "") as Record<string, unknown>;
  const at = (root: unknown, pointer: string) => pointer.split("/").slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], root);
  for (let round = 0; round < 5; round++) {
    const checked = body(await studio(w.t, "POST", "/api/studio/check", { session, body: { file, data: draft } }));
    const refused = (checked.introduced as { file: string; pointer: string }[]).filter((e) => e.file === file);
    if (checked.introduced.length === 0) return { draft, texts: texts.filter((p) => String(at(draft, p)).endsWith(PAYLOAD)) };
    if (refused.length === 0) throw new Error(`${file}: the payload breaks other files: ${JSON.stringify(checked.introduced.slice(0, 3))}`);
    // Each refused value as it was (its whole node, when the error is about the node).
    for (const { pointer } of refused) {
      const keys = pointer.split("/").slice(1);
      const parent = at(draft, `/${keys.slice(0, -1).join("/")}`.replace(/\/$/, "")) as Record<string, unknown>;
      if (keys.length === 0) draft = structuredClone(original);
      else parent[keys.at(-1)!] = structuredClone(at(original, pointer));
    }
  }
  throw new Error(`${file}: the checker still refuses the payload after five rounds`);
}

const attacks: Attack[] = [
  // ---- Without a session ----
  {
    name: "every studio API call without a session: 401",
    send: async (w) => {
      const guarded = w.t.app.studioRoutes.filter((route) => route.least !== "anyone");
      expect(guarded.length).toBeGreaterThanOrEqual(30);
      return Promise.all(guarded.map((route) => studio(w.t, route.method as "GET", route.url.replace(/:\w+/g, "x"), route.method === "GET" || route.method === "DELETE" ? {} : { body: {} })));
    },
    expected: refusal(401, errors.StudioSignedOut),
  },
  {
    name: "every studio screen without a session: the sign-in page, which holds nothing of the database's",
    send: (w) => Promise.all(STUDIO_PAGES.map((page) => w.t.app.inject({ method: "GET", url: page, headers: { host: STUDIO_HOST, "x-forwarded-proto": "https" } }))),
    expected: { status: 200, html: true },
    then: async (answers, w) => {
      const emails = (await w.t.app.storage.db.selectFrom("studio_users").select("email").execute()).map((u) => u.email);
      for (const answer of answers) for (const email of emails) expect(answer.body).not.toContain(email);
    },
  },
  {
    name: "a made-up session cookie: 401",
    send: (w) => studio(w.t, "PUT", "/api/studio/drafts", { session: randomBytes(32).toString("base64url"), csrf: "x".repeat(43), body: retitled(w) }),
    expected: refusal(401, errors.StudioSignedOut),
  },

  // ---- Roles ----
  { name: "a contributor publishing: 403", send: async (w) => studio(w.t, "POST", "/api/studio/publish", { session: await w.as("contributor"), body: retitled(w) }), expected: refusal(403, errors.StudioForbidden) },
  {
    name: "a contributor reverting: 403",
    send: async (w) => studio(w.t, "POST", "/api/studio/revert", { session: await w.as("contributor"), body: { file: ABOUT, rev: w.head() } }),
    expected: refusal(403, errors.StudioForbidden),
  },
  {
    name: "a contributor publishing, restoring or deleting a blog post: 403",
    send: async (w) => {
      const session = await w.as("contributor");
      const draft = await postDraft(w, session);
      return [
        await studio(w.t, "POST", "/api/studio/publish", { session, body: draft }),
        await studio(w.t, "POST", "/api/studio/revert", { session, body: { file: POST, rev: w.head() } }),
        await studio(w.t, "POST", "/api/studio/posts/delete", { session, body: { file: POST, base: draft.base } }),
      ];
    },
    expected: refusal(403, errors.StudioForbidden),
  },
  {
    name: "a contributor scheduling a publish, or listing or cancelling schedules: 403",
    send: async (w) => {
      const session = await w.as("contributor");
      return [
        await studio(w.t, "POST", "/api/studio/schedules", { session, body: { ...retitled(w), at: inAMinute() } }),
        await studio(w.t, "GET", "/api/studio/schedules", { session }),
        await studio(w.t, "DELETE", "/api/studio/schedules/0190aaaa-0000-7000-8000-000000000000", { session }),
      ];
    },
    expected: refusal(403, errors.StudioForbidden),
  },
  {
    name: "a contributor reading, exporting or erasing submissions (editors and admins only): 403",
    send: async (w) => {
      const session = await w.as("contributor");
      return [
        await studio(w.t, "GET", "/api/studio/submissions/forms", { session }),
        await studio(w.t, "GET", "/api/studio/submissions/forms/contact/export", { session }),
        await studio(w.t, "POST", "/api/studio/submissions/erase", { session, body: { email: "priya@example.com", confirm: "priya@example.com" } }),
      ];
    },
    expected: refusal(403, errors.StudioForbidden),
  },
  {
    name: "a contributor sending a draft waiting for review back, or publishing it (editors and admins only): 403",
    given: async (w) => {
      // A draft of another contributor's, waiting for review: no attack, the case's stage.
      const session = await sessionOf(w.t.app.storage.db, (await w.account("contributor")).id);
      const { base, data } = w.draftOf(CONTACT);
      data.meta.title = "Contact, waiting for review";
      const draft = await studio(w.t, "PUT", "/api/studio/drafts", { session, body: { file: CONTACT, base, data } });
      if (draft.statusCode !== 200) throw new Error(draft.body);
      const sent = await studio(w.t, "POST", "/api/studio/reviews", { session, body: { file: CONTACT } });
      if (sent.statusCode !== 201) throw new Error(sent.body);
      return { id: body(sent).review.id as string };
    },
    send: async (w, given) => {
      const session = await w.as("contributor");
      return [
        await studio(w.t, "POST", `/api/studio/reviews/${given.id}/return`, { session, body: { comment: "Looks fine to me" } }),
        await studio(w.t, "POST", "/api/studio/publish", { session, body: retitled(w) }),
      ];
    },
    expected: refusal(403, errors.StudioForbidden),
    then: async (_answers, w, given) => {
      // It still waits, for an editor; the sender's draft is theirs to withdraw, nobody else's.
      const withdraw = await studio(w.t, "POST", `/api/studio/reviews/${given.id}/withdraw`, { session: await w.as("contributor") });
      expect(`${withdraw.statusCode} ${body(withdraw).error.code}`).toBe("403 StudioReviewNotYours");
      const review = await w.t.app.storage.db.selectFrom("studio_reviews").select("state").where("id", "=", given.id!).executeTakeFirstOrThrow();
      expect(review.state).toBe("pending");
    },
  },
  {
    name: "an editor reading or exporting the audit log (admins only): 403",
    send: async (w) => {
      const session = await w.as("editor");
      return [await studio(w.t, "GET", "/api/studio/audit", { session }), await studio(w.t, "GET", "/api/studio/audit/export?format=csv", { session })];
    },
    expected: refusal(403, errors.StudioForbidden),
  },
  {
    name: "an editor inviting an admin, or making themselves one: 403",
    given: async (w) => ({ id: (await w.account("editor")).id }),
    send: async (w, { id }) => {
      const session = await sessionOf(w.t.app.storage.db, id!);
      return [
        await studio(w.t, "POST", "/api/studio/users", { session, body: { email: "mallory@example.com", name: "Mallory", role: "admin" } }),
        await studio(w.t, "PUT", `/api/studio/users/${id}/role`, { session, body: { role: "admin" } }),
      ];
    },
    expected: refusal(403, errors.StudioForbidden),
  },

  // ---- Cross-site writes ----
  { name: "a write without the CSRF token: 403", send: (w) => everyKindOfWrite(w, { csrf: null }), expected: refusal(403, errors.StudioCsrfToken) },
  {
    name: "a write with another session's CSRF token: 403",
    send: async (w) => everyKindOfWrite(w, { csrf: csrfTokenOf(await w.as("contributor")) }),
    expected: refusal(403, errors.StudioCsrfToken),
  },
  { name: "a write from another origin: 403", send: (w) => everyKindOfWrite(w, { headers: EVIL }), expected: refusal(403, errors.StudioCrossSite) },
  { name: "a write from a sandboxed frame (Origin: null): 403", send: (w) => everyKindOfWrite(w, { headers: { origin: "null", "sec-fetch-site": undefined } }), expected: refusal(403, errors.StudioCrossSite) },
  {
    name: "a write as a cross-site HTML form (text/plain): refused",
    send: async (w) => studio(w.t, "PUT", "/api/studio/drafts", { session: await w.as("editor"), body: retitled(w), headers: { "content-type": "text/plain" } }),
    expected: refusal(415, errors.StudioNotJson),
  },
  {
    name: "signing in from another site's page (login CSRF): 403",
    given: async (w) => ({ email: (await w.account("editor")).email }),
    send: (w, { email }) => studio(w.t, "POST", "/api/studio/sign-in", { ip: w.ip(), body: { email, password: PASSWORD }, headers: EVIL }),
    expected: refusal(403, errors.StudioCrossSite),
    then: async ([answer]) => expect(answer!.headers["set-cookie"]).toBeUndefined(),
  },

  // ---- Sessions and sign-in ----
  {
    name: "a session cookie from before sign-in reused after it: refused",
    given: async (w) => {
      const planted = randomBytes(32).toString("base64url");
      const { email } = await w.account("editor");
      const signedIn = await studio(w.t, "POST", "/api/studio/sign-in", { ip: w.ip(), session: planted, body: { email, password: PASSWORD } });
      expect(sessionFrom(signedIn)).not.toBe(planted);
      return { session: planted };
    },
    send: (w, { session }) => Promise.all([studio(w.t, "GET", "/api/studio/me", { session }), studio(w.t, "PUT", "/api/studio/drafts", { session, body: retitled(w) })]),
    expected: refusal(401, errors.StudioSignedOut),
  },
  {
    name: "a session cookie from before a second sign-in, or after signing out: refused",
    given: async (w) => {
      const { email } = await w.account("editor");
      const ip = w.ip();
      const first = sessionFrom(await studio(w.t, "POST", "/api/studio/sign-in", { ip, body: { email, password: PASSWORD } }));
      const second = sessionFrom(await studio(w.t, "POST", "/api/studio/sign-in", { ip, session: first, body: { email, password: PASSWORD } }));
      expect((await studio(w.t, "POST", "/api/studio/sign-out", { session: second })).statusCode).toBe(204);
      return { session: first, token: second };
    },
    send: (w, { session, token }) => Promise.all([studio(w.t, "GET", "/api/studio/me", { session }), studio(w.t, "GET", "/api/studio/me", { session: token })]),
    expected: refusal(401, errors.StudioSignedOut),
  },
  {
    name: "50 wrong passwords: slowed; the right password from another address still works",
    given: async (w) => ({ email: (await w.account("editor")).email, token: w.ip() }),
    // The server's own throttle: four tries checked at once, then a second's wait, doubling with each
    // failure; a try refused for waiting is not counted. So only a few of the 50 are checked at all.
    send: async (w, { email, token: attacker }) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 50; i++) answers.push(await studio(w.t, "POST", "/api/studio/sign-in", { ip: attacker, body: { email, password: `guess number ${i}` } }));
      const checked = answers.filter((a) => a.statusCode === 401);
      expect(answers.slice(0, 4)).toEqual(checked.slice(0, 4));
      expect(checked.length).toBeLessThanOrEqual(10);
      return answers.filter((a) => a.statusCode !== 401);
    },
    expected: refusal(429, errors.StudioSignInThrottled),
    then: async (answers, w, { email }) => {
      for (const answer of answers) expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect((await studio(w.t, "POST", "/api/studio/sign-in", { ip: w.ip(), body: { email, password: PASSWORD } })).statusCode).toBe(200);
    },
  },
  {
    name: "an expired invitation: 400",
    given: async (w) => {
      const invited = await inviteAccount(w.t.app.storage.db, { email: `late.${w.ip()}@example.com`, name: "Late", role: "admin" });
      if (!invited.ok) throw new Error(invited.error.message);
      await w.t.app.storage.db.updateTable("studio_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("user_id", "=", invited.value.account.id).execute();
      return { token: invited.value.link.token };
    },
    send: (w, { token }) => studio(w.t, "POST", "/api/studio/password", { body: { token, password: "an attacker's passphrase" } }),
    expected: refusal(400, errors.StudioLinkInvalid),
  },
  {
    name: "a reused invitation: 400",
    given: async (w) => {
      const admin = await w.as("admin");
      const invited = body(await studio(w.t, "POST", "/api/studio/users", { session: admin, body: { email: `once.${w.ip()}@example.com`, name: "Once", role: "editor" } }));
      const token = tokenOf(invited.invitation.link);
      expect((await studio(w.t, "POST", "/api/studio/password", { body: { token, password: "the owner's passphrase" } })).statusCode).toBe(200);
      return { token };
    },
    send: (w, { token }) => studio(w.t, "POST", "/api/studio/password", { body: { token, password: "an attacker's passphrase" } }),
    expected: refusal(400, errors.StudioLinkInvalid),
  },
  { name: "a made-up invitation: 400", send: (w) => studio(w.t, "POST", "/api/studio/password", { body: { token: randomBytes(32).toString("base64url"), password: "an attacker's passphrase" } }), expected: refusal(400, errors.StudioLinkInvalid) },

  // ---- Preview links ----
  { name: "a guessed preview token: the site's 404 page", send: (w) => visit(w, `/admin/share/${randomBytes(32).toString("base64url")}`), expected: { status: 404, html: true } },
  {
    name: "a revoked or an expired preview link: the site's 404 page",
    given: async (w) => {
      const session = await w.as("contributor");
      const make = async () => body(await studio(w.t, "POST", "/api/studio/previews", { session, body: { file: ABOUT } })) as { id: string; url: string };
      const [revoked, expired] = [await make(), await make()];
      expect((await studio(w.t, "DELETE", `/api/studio/previews/${revoked.id}`, { session })).statusCode).toBe(204);
      await w.t.app.storage.db.updateTable("studio_previews").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", expired.id).execute();
      return { url: revoked.url, token: expired.url };
    },
    send: (w, { url, token }) => Promise.all([visit(w, url!), visit(w, token!)]),
    expected: { status: 404, html: true },
  },
  { name: "a preview link's page written to: 404", send: (w) => w.t.app.inject({ method: "POST", url: `/admin/share/${"A".repeat(43)}`, headers: { host: STUDIO_HOST } }), expected: { status: 404 } },

  // ---- Document names and bodies ----
  { name: "a path like ../../etc/passwd as a document name: 400", send: (w) => namingCalls(w, "../../etc/passwd"), expected: refusal(400, errors.StudioNotADocument) },
  { name: "an unknown collection as a document name: 400", send: (w) => namingCalls(w, "content/collections/unknown.json"), expected: refusal(400, errors.StudioNotADocument) },
  { name: "a path out of the blog's posts, or the taxonomy, as a post's name: 400", send: async (w) => [...(await namingCalls(w, "content/blog/posts/../../../etc/passwd.md")), ...(await namingCalls(w, "content/blog/taxonomy.json"))], expected: refusal(400, errors.StudioNotADocument) },
  {
    name: "a blog post's draft that went stale, published or deleted: 409, nothing overwritten",
    send: async (w) => {
      const session = await w.as("editor");
      const draft = { ...(await postDraft(w, session)), base: "0123456789abcdef" };
      return [await studio(w.t, "POST", "/api/studio/publish", { session, body: draft }), await studio(w.t, "POST", "/api/studio/posts/delete", { session, body: { file: POST, base: draft.base } })];
    },
    expected: refusal(409, errors.StudioChangedSince),
  },
  { name: "a translation's name stepping out of its folder (../pages/about.json): 400", send: (w) => namingCalls(w, "content/translations/../pages/about.json"), expected: refusal(400, errors.StudioNotADocument) },
  {
    name: "a name beside a locale's two site-wide translations (site.json, blog-taxonomy.json) as a document name: 400",
    send: async (w) => (await Promise.all(["content/translations/hi/sites.json", "content/translations/hi/site.json.bak", "content/translations/../site.json", "content/translations/hi/pages/../blog-taxonomy.json"].map((file) => namingCalls(w, file)))).flat(),
    expected: refusal(400, errors.StudioNotADocument),
  },
  {
    name: "a 2 MB draft: 413",
    send: async (w) => {
      const { data } = w.draftOf(ABOUT);
      return documentWrites(w, await w.as("editor"), ABOUT, { ...data, meta: { ...data.meta, description: TWO_MB } });
    },
    expected: refusal(413, errors.StudioTooLarge),
  },
  {
    name: "a draft the checker refuses, published or scheduled: 422, nothing committed",
    send: async (w) => {
      const session = await w.as("editor");
      const { base, data } = w.draftOf(ABOUT);
      data.path = "/contact"; // another page's
      return [
        await studio(w.t, "POST", "/api/studio/publish", { session, body: { file: ABOUT, base, data } }),
        await studio(w.t, "POST", "/api/studio/schedules", { session, body: { file: ABOUT, base, data, at: inAMinute() } }),
      ];
    },
    expected: refusal(422, errors.StudioHasErrors),
  },
  {
    name: "HTML and script in every text field (a page's, a collection's, a post's): kept as typed in the studio, escaped in previews",
    // The drafts and preview links are what a contributor may make: the attack is in what they hold.
    writes: ["row"],
    given: async (w) => ({ session: await w.as("contributor") }),
    send: async (w, { session }) => {
      const answers: Answer[] = [];
      for (const file of [ABOUT, SERVICES]) {
        const { draft, texts } = await withPayloadInEveryTextField(w, session!, file);
        expect(texts.length, file).toBeGreaterThanOrEqual(10);
        expect((await studio(w.t, "PUT", "/api/studio/drafts", { session, body: { file, base: null, data: draft } })).statusCode).toBe(200);
        const opened = await studio(w.t, "GET", `/api/studio/document?file=${file}`, { session });
        expect(opened.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(opened.headers["x-content-type-options"]).toBe("nosniff");
        expect(body(opened).draft.data).toEqual(draft);
        const link = body(await studio(w.t, "POST", "/api/studio/previews", { session, body: { file } })).url;
        answers.push(await visit(w, link));
      }
      // A new post's draft, its preview the post's page (the blog writer's file, the taxonomy's new terms, in memory).
      const post = "content/blog/posts/an-attack-in-a-post.md";
      const data = { title: PAYLOAD, excerpt: PAYLOAD, content: "A first paragraph.", author: PAYLOAD, category: "", tags: [PAYLOAD], status: "published", featured: false };
      expect((await studio(w.t, "PUT", "/api/studio/drafts", { session, body: { file: post, base: null, data } })).statusCode).toBe(200);
      expect(body(await studio(w.t, "GET", `/api/studio/drafts?file=${post}`, { session })).draft.data).toEqual(data);
      answers.push(await visit(w, body(await studio(w.t, "POST", "/api/studio/previews", { session, body: { file: post } })).url));
      return answers;
    },
    expected: { status: 200, html: true },
    then: async (answers) => {
      for (const page of answers) {
        expect(page.body).not.toContain("<script>alert(");
        expect(page.body).not.toContain("<img src=x");
        expect(page.body).toContain(ESCAPED);
      }
    },
  },

  // ---- Other doors ----
  {
    name: "the git webhook with a wrong bearer, or none: 401",
    send: (w) =>
      Promise.all(
        [`Bearer ${SECRET.slice(0, -1)}x`, `Bearer ${SECRET}${SECRET}`, `Basic ${SECRET}`, SECRET, undefined].map((authorization) =>
          w.t.app.inject({ method: "POST", url: "/api/hooks/git", headers: { host: STUDIO_HOST, "content-type": "application/json", ...(authorization && { authorization }) }, payload: "{}" }),
        ),
      ),
    expected: refusal(401, errors.GitHookUnauthorised),
  },
  { name: "an unknown studio call: 404", send: async (w) => studio(w.t, "POST", "/api/studio/nothing-here", { session: await w.as("admin"), body: {} }), expected: refusal(404, errors.StudioNotFound) },
];

describeOnEachDatabase("the studio's attack corpus on $name", (target) => {
  // The project's build renders previews and serves the screens; the git webhook is on (no remote is needed to refuse it).
  beforeAll(() => ensureBuild());
  const studioApp = studioPublishing(target, { buildDir: BUILD, contentGitRemote: "origin", gitWebhookSecret: SECRET });
  const standing = new Map<Role, string>();
  beforeAll(async () => {
    for (const role of ["contributor", "editor", "admin"] as const) standing.set(role, (await studioApp.person(role, `Standing ${role}`)).account.id);
  });
  let clients = 0;

  const world = (): World => ({
    t: studioApp.t,
    as: (role) => sessionOf(studioApp.t.app.storage.db, standing.get(role)!),
    ip: () => `198.51.100.${++clients}`,
    draftOf: studioApp.draftOf,
    head: studioApp.head,
    account: async (role) => (await studioApp.person(role, "Someone Else")).account,
  });

  test.each(attacks)("$name", async (attack) => {
    const w = world();
    const given = (await attack.given?.(w)) ?? {};
    const before = await lookAt(studioApp.t.app.storage.db, studioApp.root);
    const answers = [await attack.send(w, given)].flat();
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      const label = `${answer.statusCode} ${answer.body.slice(0, 300)}`;
      expect(answer.statusCode, label).toBeLessThan(500);
      expect(answer.statusCode, label).toBe(attack.expected.status);
      if (attack.expected.code) expect(body(answer).error?.code, label).toBe(attack.expected.code);
      if (attack.expected.html) expect(answer.headers["content-type"], label).toBe("text/html; charset=utf-8");
    }
    await attack.then?.(answers, w, given);
    const after = await lookAt(studioApp.t.app.storage.db, studioApp.root);
    const allowed = attack.writes ?? [];
    if (!allowed.includes("row")) expect(after.rows, "no row written").toEqual(before.rows);
    if (!allowed.includes("commit")) expect(after.commits, "no commit").toEqual(before.commits);
    if (!allowed.includes("file")) expect(after.files, "no file changed").toEqual(before.files);
  });

  test("and none of them made the server log an error", () => {
    const failures = studioApp.t.logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);
    expect(failures.map((line) => line.msg)).toEqual([]);
  });
});

/** The tables a studio attack could write to. */
const TABLES = ["studio_users", "studio_tokens", "studio_drafts", "studio_previews", "studio_schedules", "studio_reviews", "studio_passkeys", "submissions"] as const;

/** What an attack must leave as it was: the rows (in any order), git's history and index, the content's files. */
async function lookAt(db: Db, root: string) {
  const rows = Object.fromEntries(
    await Promise.all(TABLES.map(async (table) => [table, (await db.selectFrom(table as "studio_users").selectAll().execute()).map((row) => JSON.stringify(row)).sort()] as const)),
  );
  const git = gitIn(root);
  return { rows, commits: `${git("rev-parse", "HEAD")} ${git("rev-list", "--all", "--count")}`, files: { status: git("status", "--porcelain"), hashes: contentHashes(root) } };
}
