/**
 * The studio screens' API client (src/studio/client.ts): where the sign-in page may send the
 * browser afterwards (`?next=`), only a path of this site; and a session that has ended sends
 * the browser to the sign-in page with the way back.
 */
// @vitest-environment jsdom
import { safeNext, signInUrl, studio } from "../../src/studio/client.ts";

const ORIGIN = "https://www.example.com";

describe("next, after signing in", () => {
  it.each([
    ["/admin/pages?page=about", "/admin/pages?page=about"],
    ["/admin/account", "/admin/account"],
    ["/", "/"],
  ])("follows a path of this site: %s", (next, expected) => {
    expect(safeNext(next, ORIGIN)).toBe(expected);
  });

  it.each([null, "", "https://evil.example/admin", "//evil.example/admin", "/\\evil.example", "javascript:alert(1)", "admin", "http://www.example.com.evil.example/"])(
    "goes to the studio's home instead of %j",
    (next) => {
      expect(safeNext(next, ORIGIN)).toBe("/admin/home");
    },
  );

  it("is carried, encoded, in the sign-in page's address", () => {
    expect(signInUrl("/admin/pages?page=about")).toBe("/admin/sign-in?next=%2Fadmin%2Fpages%3Fpage%3Dabout");
    expect(signInUrl("//evil.example")).toBe("/admin/sign-in?next=%2Fadmin%2Fhome");
  });
});

describe("a call made when the session has ended", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the browser to the sign-in page, with the way back", async () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, pathname: "/admin/users", search: "", origin: window.location.origin, assign } as Location);
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ error: { code: "StudioSignedOut", title: "Signed out", message: "m", hint: "h" } }), { status: 401 }));
    const result = await studio.users();
    expect(result).toMatchObject({ ok: false, status: 401, error: { code: "StudioSignedOut" } });
    expect(assign).toHaveBeenCalledWith("/admin/sign-in?next=%2Fadmin%2Fusers");
  });

  it("but a failed sign-in stays on the page, with the API's error", async () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    const refusal = { code: "StudioSignInFailed", title: "Not signed in", message: "m", hint: "h" };
    const sent = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ error: refusal }), { status: 401 }));
    expect(await studio.signIn("a@example.com", "wrong")).toEqual({ ok: false, status: 401, error: refusal, answer: { error: refusal } });
    expect(assign).not.toHaveBeenCalled();
    const [url, init] = sent.mock.calls[0]!;
    expect(url).toBe("/api/studio/sign-in");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin" });
  });

  it("sends the session's CSRF token with every change, fetched from /me first", async () => {
    const me = { user: { id: "u", email: "a@example.com", name: "A", role: "admin" }, csrfToken: "token-1", session: { id: "s", createdAt: "" } };
    const sent = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(new Response(JSON.stringify(me), { status: 200 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect((await studio.endSession("s2")).ok).toBe(true);
    expect(sent.mock.calls.map(([url]) => url)).toEqual(["/api/studio/me", "/api/studio/sessions/s2"]);
    expect((sent.mock.calls[1]![1]!.headers as Record<string, string>)["X-CSRF-Token"]).toBe("token-1");
  });
});
