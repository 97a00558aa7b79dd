/**
 * sitePath: a request's raw URL → the decoded path the site looks up, or "no page here".
 * Redirect locations are built from the raw path and can never name another host.
 */
import { sitePath } from "../../server/plugins/site-path.ts";

describe("sitePath", () => {
  test("a plain path and its query", () => {
    expect(sitePath("/about")).toEqual({ kind: "path", path: "/about", search: "" });
    expect(sitePath("/about?ref=nav&x=1")).toEqual({ kind: "path", path: "/about", search: "?ref=nav&x=1" });
    expect(sitePath("/")).toEqual({ kind: "path", path: "/", search: "" });
  });

  test("percent-encoding is decoded for the lookup", () => {
    expect(sitePath("/blog/caf%C3%A9")).toMatchObject({ path: "/blog/café" });
    expect(sitePath("/%E2%82%AC")).toMatchObject({ path: "/€" });
  });

  test("trailing slashes redirect to the raw path without them, still encoded", () => {
    expect(sitePath("/about/")).toEqual({ kind: "path", path: "/about/", search: "", slashless: "/about" });
    expect(sitePath("/about///?ref=nav")).toMatchObject({ slashless: "/about", search: "?ref=nav" });
    // Decoding first put "€" into the Location header: a 500.
    expect(sitePath("/%E2%82%AC/")).toMatchObject({ path: "/€/", slashless: "/%E2%82%AC" });
  });

  test.each([
    ["/%2Fevil.example/", "an encoded slash that would make //evil.example"],
    ["/%2fevil.example", "the same in lower case, without the trailing slash"],
    ["/%5Cevil.example/", "an encoded backslash (browsers read /\\ as //)"],
    ["/\\evil.example/", "a raw backslash"],
    ["//evil.example/", "a path that starts with two slashes"],
    ["//", "two slashes (new URL() threw: Invalid URL, a 500)"],
    ["///", "three slashes"],
    ["/a%0D%0ASet-Cookie:%20x=1/", "CR LF (the Location header refused it: a 500)"],
    ["/a%00b", "NUL"],
    ["/%7F", "DEL"],
    ["/%zz", "a broken escape"],
    ["/%E2%82", "half a UTF-8 character"],
    ["/../package.json", "a .. segment"],
    ["/assets/..%2F..%2Fsite-manifest.json", "an encoded .. segment"],
    ["/a//b", "an empty segment"],
    ["*", "not a path (OPTIONS *)"],
    ["/a\ud800", "a lone surrogate"],
    ["about", "no leading slash"],
  ])("%s is no page of the site: %s", (url) => {
    expect(sitePath(url)).toEqual({ kind: "invalid" });
  });

  test("a redirect location never names another host and holds only URL characters", () => {
    const urls = ["/x/", "/a%2Fb/", "/%E2%82%AC/", "/a b/", "/€/", "/a\"<>`{}|^/", "/a'b/", "/x/?q=€ \"<>", "/x/?a=%0d%0a", "/x/?q=\ud800😀"];
    for (const url of urls) {
      const result = sitePath(url);
      if (result.kind !== "path" || result.slashless === undefined) continue;
      const location = result.slashless + result.search;
      expect(location, url).toMatch(/^\/(?![/\\])/);
      expect(location, url).toMatch(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/);
      expect(new URL(location, "https://www.arcbyte.in").host, url).toBe("www.arcbyte.in");
    }
  });

  test("an absolute-form target (as proxies send) is read for its path", () => {
    expect(sitePath("http://www.arcbyte.in/about?x=1")).toEqual({ kind: "path", path: "/about", search: "?x=1" });
    expect(sitePath("http://evil.example")).toEqual({ kind: "path", path: "/", search: "" });
  });
});
