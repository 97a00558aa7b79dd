/**
 * Intake on real files made here with sharp: what is stored is upright and carries no camera
 * or location metadata, keeps its colour profile, its transparency and its frames; an SVG
 * loses whatever runs or loads; files that are too large or not images are refused by code.
 */
import sharp from "sharp";
import { detectType, intakeImage, INTAKE_LIMITS } from "../../src/runtime/media/intake.server.ts";
import { MediaError } from "../../src/runtime/media/media-error.ts";

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => (e instanceof MediaError ? e.code : `not a MediaError: ${String(e)}`));

describe("intake", () => {
  it("stores a phone photo upright, without its GPS, camera make or orientation, keeping its colour profile", async () => {
    // 300 × 200 as stored, tagged "rotate 90° clockwise to view": upright it is 200 × 300.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withIccProfile("p3")
      .withExif({ IFD0: { Make: "Canon", Model: "EOS 5D" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("Canon");

    const stored = await intakeImage(photo);
    const after = await sharp(stored.bytes).metadata();
    expect(stored).toMatchObject({ type: "image/jpeg", width: 200, height: 300, alpha: false, animated: false });
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(stored.bytes.toString("latin1")).not.toMatch(/Canon|GPS/);
    expect(after.icc).toBeDefined();
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(stored.placeholder!, "base64").length).toBeLessThan(40);
  });

  it("keeps a PNG's transparency", async () => {
    const logo = await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 40, height: 40, channels: 4, background: "#ff6600" } }, left: 10, top: 10 }])
      .png()
      .toBuffer();
    const stored = await intakeImage(logo);
    expect(stored).toMatchObject({ type: "image/png", width: 120, height: 60, alpha: true });
    expect((await sharp(stored.bytes).metadata()).hasAlpha).toBe(true);
  });

  it("keeps an animated GIF's frames", async () => {
    const frames = await Promise.all(["#ff0000", "#00ff00", "#0000ff"].map((c) => sharp({ create: { width: 40, height: 30, channels: 3, background: c } }).raw().toBuffer()));
    const gif = await sharp(Buffer.concat(frames), { raw: { width: 40, height: 90, channels: 3, pageHeight: 30 } }).gif({ loop: 0, delay: [100, 100, 100] }).toBuffer();
    const stored = await intakeImage(gif);
    expect(stored).toMatchObject({ type: "image/gif", width: 40, height: 30, animated: true });
    expect((await sharp(stored.bytes, { animated: true }).metadata()).pages).toBe(3);
  });

  it("sanitises an SVG: no script, no event handler, no foreignObject, nothing loaded from elsewhere", async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" onload="alert(1)">
  <script>alert(2)</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1e40af"/></linearGradient></defs>
  <rect width="200" height="100" fill="url(#g)" onclick="alert(3)"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#x"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <style>@import url(https://evil.example/x.css); rect { opacity: 0.9 }</style>
  <a href="javascript:alert(4)"><text x="10" y="50">Hello</text></a>
</svg>`;
    const stored = await intakeImage(Buffer.from(svg));
    const text = stored.bytes.toString("utf8");
    expect(stored).toMatchObject({ type: "image/svg+xml", width: 200, height: 100 });
    expect(text).not.toMatch(/script|onload|onclick|foreignObject|javascript:|https?:\/\/(?!www\.w3\.org)|@import/i);
    expect(text).toContain('fill="url(#g)"');
    expect(text).toContain("Hello");
    // What is stored still renders.
    expect((await sharp(stored.bytes).metadata()).format).toBe("svg");
  });

  it("refuses a 60-megapixel PNG before decoding it", async () => {
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 1 }).toBuffer();
    expect(huge.length).toBeLessThan(INTAKE_LIMITS.bytes);
    expect(await refusal(intakeImage(huge))).toBe("MediaTooManyPixels");
  }, 30_000);

  it("refuses an HTML page named .jpg, whatever its name says", async () => {
    const page = Buffer.from("<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>");
    expect(detectType(page)).toEqual({ found: "an HTML page" });
    expect(await refusal(intakeImage(page))).toBe("MediaTypeNotSupported");
  });

  it("refuses a file over 25 MB without reading it as an image", async () => {
    const big = Buffer.alloc(INTAKE_LIMITS.bytes + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusal(intakeImage(big))).toBe("MediaFileTooLarge");
  });

  it("refuses a truncated JPEG as unreadable", async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } }).jpeg().toBuffer();
    expect(await refusal(intakeImage(photo.subarray(0, 40)))).toBe("MediaUnreadable");
  });

  it("tells each accepted type by its bytes", async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } });
    expect(detectType(await base.clone().webp().toBuffer())).toEqual({ type: "image/webp" });
    expect(detectType(await base.clone().avif().toBuffer())).toEqual({ type: "image/avif" });
    expect(detectType(Buffer.from("%PDF-1.7"))).toEqual({ found: "a PDF document" });
  });
});
