/** `npm run bench` reports per route the CSS a page ships inside its HTML. */
import { gzipSync } from "node:zlib";
import { inlineCss } from "../../scripts/lib/inline-css.ts";

describe("the inline CSS of a page", () => {
  it("is the text of every <style> element, in bytes as sent and gzip -9", () => {
    const head = '<style data-prerendered-css="css-global">html{color:#222}</style>';
    const body = "<style>.a{gap:1rem}</style><p>é</p><style media=\"print\">p{color:ré}</style>";
    const css = "html{color:#222}.a{gap:1rem}p{color:ré}";
    expect(inlineCss(`<html><head>${head}</head><body>${body}</body></html>`)).toEqual({
      bytes: Buffer.byteLength(css),
      gzipBytes: gzipSync(css, { level: 9 }).length,
    });
    expect(Buffer.byteLength(css)).toBe(css.length + 1);
  });

  it("leaves out what only looks like a <style> inside a script", () => {
    const html = '<script type="application/ld+json">{"name":"<style>x{}</style> in text"}</script><style>p{}</style>';
    expect(inlineCss(html).bytes).toBe("p{}".length);
  });

  it("is zero for a page without styles", () => {
    expect(inlineCss('<link rel="stylesheet" href="/a.css"><p>Hi</p>')).toEqual({ bytes: 0, gzipBytes: 0 });
  });
});
