/**
 * The review workflow and the studio home (issue 36), against the real app on both databases,
 * with the content in a git repository of its own: a contributor sends a page's draft for
 * review, an editor sends it back with a comment, the contributor sees it (on the page and on the
 * home), sends it again, and the editor's publish answers it; each step in the audit log. Then
 * every way it is attacked, each answered with its code and nothing written; then what the home
 * shows each role.
 */
import { storeSubmission } from "../../server/storage/submissions.ts";
import { REVIEW_TEXT_MAX } from "../../schemas/studio-review.ts";
import type { Home } from "../../schemas/studio-home.ts";
import { errors } from "../../src/errors/catalogue.ts";
import { studioPublishing } from "./content-repository.ts";
import { describeOnEachDatabase } from "./databases.ts";
import { contentFormsManifest, validContact } from "./forms-harness.ts";
import { studio } from "./studio-harness.ts";

vi.setConfig({ testTimeout: 60_000 });

const ABOUT = "content/pages/about.json";
const CONTACT = "content/pages/contact.json";
const FAQS = "content/collections/faqs.json";
const body = (response: { body: string }) => JSON.parse(response.body);
const refusal = (response: { statusCode: number; body: string }) => `${response.statusCode} ${body(response).error?.code}`;
const EVIL = { origin: "https://evil.example.net", "sec-fetch-site": "cross-site" };

describeOnEachDatabase("reviews and the studio home on $name", (target) => {
  const studioApp = studioPublishing(target);
  const { person, draftOf, head } = studioApp;
  const call = (...args: Parameters<typeof studio> extends [unknown, ...infer R] ? R : never) => studio(studioApp.t, ...args);
  const db = () => studioApp.t.app.storage.db;
  const keepDraft = async (session: string, file: string, change: (data: any) => void) => {
    const { base, data } = draftOf(file);
    change(data);
    const kept = await call("PUT", "/api/studio/drafts", { session, body: { file, base, data } });
    expect(kept.statusCode, kept.body).toBe(200);
    return { base, data };
  };
  const reviewsOf = async (session: string, file?: string) => body(await call("GET", `/api/studio/reviews${file ? `?file=${encodeURIComponent(file)}` : ""}`, { session })).reviews as { id: string; file: string; state: string; note: string | null; comment: string | null; reviewer: { name: string } | null; by: { name: string }; mine: boolean }[];
  const home = async (session: string) => {
    const answer = await call("GET", "/api/studio/home", { session });
    expect(answer.statusCode, answer.body).toBe(200);
    return body(answer) as Home;
  };
  const audited = async (review: string) =>
    (await db().selectFrom("studio_audit").selectAll().orderBy("at").orderBy("id").execute())
      .filter((row) => JSON.parse(row.detail).review === review)
      .map((row) => `${row.action} ${row.actor_email} ${row.target}`);

  test("sent for review, sent back with a comment, seen, sent again, published: each step answered and audited", async () => {
    const chitra = await person("contributor", "Chitra Nair");
    const asha = await person("editor", "Asha Rao");
    const { base } = await keepDraft(chitra.session, ABOUT, (data) => (data.meta.title = "About us, by Chitra"));

    const sent = await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: ABOUT, note: "New title, please check" } });
    expect(sent.statusCode, sent.body).toBe(201);
    const first = body(sent).review;
    expect(first).toMatchObject({ file: ABOUT, state: "pending", note: "New title, please check", by: { name: "Chitra Nair" }, mine: true, reviewer: null, comment: null, answeredAt: null });

    // The editor sees it waiting, on the list and on the home, with the page's title and path.
    expect((await reviewsOf(asha.session)).filter((r) => r.state === "pending").map((r) => r.id)).toContain(first.id);
    const waiting = (await home(asha.session)).reviews.find((r) => r.id === first.id);
    expect(waiting).toMatchObject({ state: "pending", mine: false, document: { kind: "page", name: "about", path: "/about", title: expect.any(String) } });

    const back = await call("POST", `/api/studio/reviews/${first.id}/return`, { session: asha.session, body: { comment: "  Keep “About Arcbyte”: it is in the navigation.  " } });
    expect(back.statusCode, back.body).toBe(200);
    expect(body(back).review).toMatchObject({ state: "returned", reviewer: { name: "Asha Rao" }, comment: "Keep “About Arcbyte”: it is in the navigation.", answeredAt: expect.any(String) });

    // The contributor sees the answer on the page and on the home.
    expect((await reviewsOf(chitra.session, ABOUT))[0]).toMatchObject({ id: first.id, state: "returned", reviewer: { name: "Asha Rao" }, comment: "Keep “About Arcbyte”: it is in the navigation." });
    expect((await home(chitra.session)).reviews.find((r) => r.id === first.id)).toMatchObject({ state: "returned", mine: true });

    // Sent again (a new review; the first keeps its answer), then published by the editor.
    const again = await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: ABOUT } });
    expect(again.statusCode, again.body).toBe(201);
    const second = body(again).review;
    expect(second).toMatchObject({ state: "pending", note: null });
    const { data } = draftOf(ABOUT);
    data.meta.title = "About Arcbyte, reviewed";
    const published = await call("POST", "/api/studio/publish", { session: asha.session, body: { file: ABOUT, base, data } });
    expect(published.statusCode, published.body).toBe(200);
    expect((await reviewsOf(chitra.session, ABOUT))[0]).toMatchObject({ id: second.id, state: "published", reviewer: { name: "Asha Rao" }, comment: null });
    expect((await reviewsOf(asha.session)).filter((r) => r.state === "pending").map((r) => r.file)).not.toContain(ABOUT);

    expect(await audited(first.id)).toEqual([`review.send ${chitra.account.email} ${ABOUT}`, `review.return ${asha.account.email} ${ABOUT}`]);
    expect(await audited(second.id)).toEqual([`review.send ${chitra.account.email} ${ABOUT}`, `review.publish ${asha.account.email} ${ABOUT}`]);
  });

  test("a scheduled publish of the page answers its waiting review, on behalf of whoever scheduled it", async () => {
    const chitra = await person("contributor", "Chitra Nair");
    const asha = await person("editor", "Asha Rao");
    const PRIVACY = "content/pages/privacy.json";
    const { base, data } = await keepDraft(chitra.session, PRIVACY, (page) => (page.meta.title = "Privacy, reviewed"));
    const review = body(await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: PRIVACY } })).review;
    // Far enough ahead for setting it (a whole-site check) on a loaded machine.
    const at = new Date(Date.now() + 6000).toISOString();
    expect((await call("POST", "/api/studio/schedules", { session: asha.session, body: { file: PRIVACY, base, data, at } })).statusCode).toBe(201);
    expect((await reviewsOf(chitra.session, PRIVACY))[0]?.state).toBe("pending");
    await vi.waitFor(async () => expect((await reviewsOf(chitra.session, PRIVACY))[0]).toMatchObject({ id: review.id, state: "published", reviewer: { name: "Asha Rao" } }), { timeout: 30_000, interval: 200 });
    expect(await audited(review.id)).toEqual([`review.send ${chitra.account.email} ${PRIVACY}`, `review.publish null ${PRIVACY}`]);
  });

  test("a waiting draft edited stays waiting; its sender, and only its sender, withdraws it", async () => {
    const chitra = await person("contributor", "Chitra Nair");
    const dev = await person("contributor", "Dev Menon");
    await keepDraft(chitra.session, FAQS, (data) => (data.items[0].question = "Is it reviewed?"));
    const review = body(await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: FAQS } })).review;
    await keepDraft(chitra.session, FAQS, (data) => (data.items[0].question = "Is it reviewed, still?"));
    expect((await reviewsOf(dev.session, FAQS))[0]).toMatchObject({ id: review.id, state: "pending", mine: false });
    // Someone else's review is not theirs to withdraw; their own list does not hold it.
    expect(refusal(await call("POST", `/api/studio/reviews/${review.id}/withdraw`, { session: dev.session }))).toBe("403 StudioReviewNotYours");
    expect((await reviewsOf(dev.session)).map((r) => r.id)).not.toContain(review.id);
    const withdrawn = await call("POST", `/api/studio/reviews/${review.id}/withdraw`, { session: chitra.session });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(body(withdrawn).review.state).toBe("withdrawn");
    expect(refusal(await call("POST", `/api/studio/reviews/${review.id}/withdraw`, { session: chitra.session }))).toBe("409 StudioReviewNotWaiting");
    expect(await audited(review.id)).toEqual([`review.send ${chitra.account.email} ${FAQS}`, `review.withdraw ${chitra.account.email} ${FAQS}`]);
  });

  test("a waiting draft discarded, or its page restored to an earlier version, withdraws the review, in the audit log", async () => {
    const chitra = await person("contributor", "Chitra Nair");
    const asha = await person("editor", "Asha Rao");
    await keepDraft(chitra.session, CONTACT, (page) => (page.meta.title = "Contact, reviewed"));
    const discarded = body(await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: CONTACT } })).review;
    expect((await call("DELETE", `/api/studio/drafts?file=${encodeURIComponent(CONTACT)}`, { session: asha.session })).statusCode).toBe(204);
    expect((await reviewsOf(chitra.session, CONTACT))[0]).toMatchObject({ id: discarded.id, state: "withdrawn", reviewer: { name: "Asha Rao" } });
    expect(await audited(discarded.id)).toEqual([`review.send ${chitra.account.email} ${CONTACT}`, `review.withdraw ${asha.account.email} ${CONTACT}`]);

    const TERMS = "content/pages/terms.json";
    // A version of the page's own history (the repository's head may be another file's publish).
    const rev = studioApp.git("log", "-1", "--format=%H", "--", TERMS);
    await keepDraft(chitra.session, TERMS, (page) => (page.meta.title = "Terms, reviewed"));
    const restored = body(await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: TERMS } })).review;
    const reverted = await call("POST", "/api/studio/revert", { session: asha.session, body: { file: TERMS, rev } });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await reviewsOf(chitra.session, TERMS))[0]).toMatchObject({ id: restored.id, state: "withdrawn" });
    expect(await audited(restored.id)).toEqual([`review.send ${chitra.account.email} ${TERMS}`, `review.withdraw ${asha.account.email} ${TERMS}`]);
  });

  test("attacks: each refused with its code, nothing written", async () => {
    const chitra = await person("contributor", "Chitra Nair");
    const dev = await person("contributor", "Dev Menon");
    const asha = await person("editor", "Asha Rao");
    await keepDraft(chitra.session, CONTACT, (data) => (data.meta.title = "Contact, by Chitra"));
    const review = body(await call("POST", "/api/studio/reviews", { session: chitra.session, body: { file: CONTACT } })).review;
    const { base, data } = draftOf(CONTACT);
    const unknown = "0190aaaa-0000-7000-8000-000000000000";
    const returnIt = (session: string | undefined, comment: unknown, id = review.id, extra = {}) => call("POST", `/api/studio/reviews/${id}/return`, { ...(session && { session }), body: { comment }, ...extra });

    const rows = async () => ({
      reviews: await db().selectFrom("studio_reviews").selectAll().orderBy("id").execute(),
      audit: (await db().selectFrom("studio_audit").select("id").execute()).length,
      head: head(),
    });
    const before = await rows();
    const cases: [string, Promise<{ statusCode: number; body: string }>, string][] = [
      ["a contributor sends back", returnIt(chitra.session, "Looks fine to me"), "403 StudioForbidden"],
      ["a contributor approves (publishes)", call("POST", "/api/studio/publish", { session: chitra.session, body: { file: CONTACT, base, data } }), "403 StudioForbidden"],
      ["sent back without a comment", returnIt(asha.session, undefined), "400 StudioBadRequest"],
      ["sent back with a blank comment", returnIt(asha.session, "   "), "400 StudioBadRequest"],
      ["an oversized comment", returnIt(asha.session, "x".repeat(REVIEW_TEXT_MAX + 1)), "400 StudioBadRequest"],
      ["a comment that is not text", returnIt(asha.session, { html: "<b>" }), "400 StudioBadRequest"],
      ["an unknown review sent back", returnIt(asha.session, "Fix it", unknown), "404 StudioReviewNotFound"],
      ["an unknown review withdrawn", call("POST", `/api/studio/reviews/${unknown}/withdraw`, { session: chitra.session }), "404 StudioReviewNotFound"],
      ["another person's review withdrawn", call("POST", `/api/studio/reviews/${review.id}/withdraw`, { session: dev.session }), "403 StudioReviewNotYours"],
      ["an oversized note", call("POST", "/api/studio/reviews", { session: dev.session, body: { file: ABOUT, note: "x".repeat(REVIEW_TEXT_MAX + 1) } }), "400 StudioBadRequest"],
      ["a page already waiting sent again", call("POST", "/api/studio/reviews", { session: dev.session, body: { file: CONTACT } }), "409 StudioReviewWaiting"],
      ["a page without a draft", call("POST", "/api/studio/reviews", { session: dev.session, body: { file: "content/pages/privacy.json" } }), "409 StudioReviewNoDraft"],
      ["a file that is no page", call("POST", "/api/studio/reviews", { session: dev.session, body: { file: "../../etc/passwd" } }), "400 StudioNotADocument"],
      ["an unknown field", call("POST", "/api/studio/reviews", { session: dev.session, body: { file: CONTACT, state: "published" } }), "400 StudioBadRequest"],
      ["no session: send", call("POST", "/api/studio/reviews", { body: { file: CONTACT } }), "401 StudioSignedOut"],
      ["no session: send back", returnIt(undefined, "Fix it"), "401 StudioSignedOut"],
      ["no session: the list", call("GET", "/api/studio/reviews"), "401 StudioSignedOut"],
      ["no session: the home", call("GET", "/api/studio/home"), "401 StudioSignedOut"],
      ["from another origin", returnIt(asha.session, "Fix it", review.id, { headers: EVIL }), "403 StudioCrossSite"],
      ["without the CSRF token", returnIt(asha.session, "Fix it", review.id, { csrf: null }), "403 StudioCsrfToken"],
      ["withdrawn from another origin", call("POST", `/api/studio/reviews/${review.id}/withdraw`, { session: chitra.session, headers: EVIL }), "403 StudioCrossSite"],
      ["as text/plain (a cross-site form)", call("POST", `/api/studio/reviews/${review.id}/return`, { session: asha.session, raw: JSON.stringify({ comment: "Fix it" }), headers: { "content-type": "text/plain" } }), "415 StudioNotJson"],
    ];
    for (const [name, sent, expected] of cases) expect(refusal(await sent), name).toBe(expected);
    expect(await rows(), "nothing written").toEqual(before);
    expect(errors.StudioReviewNotWaiting("returned").message).toContain("sent back");
  });

  test("the home: a contributor's own drafts and reviews; an editor's everyone's, with schedules, submissions and unfinished translations", async () => {
    const chitra = await person("contributor", "Chitra Nair");
    const asha = await person("editor", "Asha Rao");
    const FAQ_PAGE = "content/pages/services.json";
    await keepDraft(chitra.session, FAQ_PAGE, (data) => (data.meta.title = "Services, by Chitra"));
    await keepDraft(asha.session, FAQS, (data) => (data.items[0].question = "Asha's question?"));
    await storeSubmission(db(), contentFormsManifest().forms.find((f) => f.id === "contact")!, { ...validContact, email: "someone@example.com" }, { formVersion: "v1" });
    // A source text changed and published: its Hindi is stale now.
    const { base, data } = draftOf(CONTACT);
    data.meta.title = "Talk to Arcbyte";
    expect((await call("POST", "/api/studio/publish", { session: asha.session, body: { file: CONTACT, base, data } })).statusCode).toBe(200);

    const mine = await home(chitra.session);
    expect(mine.drafts.length).toBeGreaterThan(0);
    expect(mine.drafts.every((d) => d.mine && d.by.name === "Chitra Nair")).toBe(true);
    expect(mine.drafts.find((d) => d.document.file === FAQ_PAGE)?.document).toMatchObject({ kind: "page", name: "services", path: "/services" });
    expect(mine.schedules).toBeNull();
    expect(mine.submissions).toBeNull();
    expect(mine.reviews.every((r) => r.mine)).toBe(true);

    const all = await home(asha.session);
    expect(all.drafts.map((d) => `${d.by.name} ${d.document.file}`)).toEqual(expect.arrayContaining([`Chitra Nair ${FAQ_PAGE}`, `Asha Rao ${FAQS}`]));
    expect(all.drafts.find((d) => d.document.file === FAQS)).toMatchObject({ mine: true, document: { kind: "collection", name: "faqs" } });
    expect(all.schedules).toEqual([]);
    expect(all.submissions?.recent[0]).toMatchObject({ form: "contact", email: "someone@example.com", at: expect.any(String) });
    expect(all.submissions?.total).toBeGreaterThanOrEqual(1);
    const stale = all.translations.find((t) => t.document.file === CONTACT && t.locale === "hi");
    expect(stale).toMatchObject({ localeName: "हिन्दी", document: { kind: "page", path: "/contact" } });
    expect(stale!.translated).toBeLessThan(stale!.total);
    // Said stale, not missing: its Hindi title is still shown.
    expect(stale!.stale).toBe(1);
    // The same figures as the page list's (the checker's completeness), not worked out again.
    const listed = body(await call("GET", "/api/studio/documents", { session: asha.session })).pages.find((p: { file: string }) => p.file === CONTACT);
    expect(listed.progress.find((p: { locale: string }) => p.locale === "hi")).toMatchObject({ translated: stale!.translated, total: stale!.total, stale: stale!.stale });
  });
});
