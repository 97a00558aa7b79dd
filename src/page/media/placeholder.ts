/**
 * The blurred preview an image shows while it loads: its ThumbHash (written into the manifest
 * at intake, about 25 bytes) drawn as a PNG data URL of at most 8 pixels a side, which the
 * browser stretches smoothly over the image's box. ThumbHash's own rendering (32 pixels) is a
 * 4 kB data URL; this one stays near 300 bytes, inlined into every page that shows the image.
 */
import { rgbaToDataURL, thumbHashToRGBA } from "thumbhash";

const MAX_SIDE = 8;

export function placeholderDataUrl(thumbhash: string): string {
  const { w, h, rgba } = thumbHashToRGBA(Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0)));
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  const tw = Math.max(1, Math.round(w * scale));
  const th = Math.max(1, Math.round(h * scale));
  const out = new Uint8Array(tw * th * 4);
  // Each small pixel is the average of the block of large pixels it covers.
  for (let y = 0; y < th; y++) {
    for (let x = 0; x < tw; x++) {
      const x0 = Math.floor((x * w) / tw), x1 = Math.max(x0 + 1, Math.floor(((x + 1) * w) / tw));
      const y0 = Math.floor((y * h) / th), y1 = Math.max(y0 + 1, Math.floor(((y + 1) * h) / th));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) for (let sx = x0; sx < x1; sx++) for (let c = 0; c < 4; c++) sum[c]! += rgba[(sy * w + sx) * 4 + c]!;
      const n = (x1 - x0) * (y1 - y0);
      for (let c = 0; c < 4; c++) out[(y * tw + x) * 4 + c] = Math.round(sum[c]! / n);
    }
  }
  return rgbaToDataURL(tw, th, out);
}
