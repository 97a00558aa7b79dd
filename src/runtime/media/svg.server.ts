/**
 * SVG as intake stores it: DOMPurify's SVG profile (no script, no on* handler, no
 * foreignObject), and no reference outside the file: an href is kept only when it points
 * inside it (#id) or holds an image (data:image/png, jpeg, gif, webp); a style with @import or
 * a url() to anything but #id is dropped. The file is served besides with a CSP that forbids
 * scripts and loads (server/plugins/media.ts), should anything slip through.
 */
import DOMPurify from "isomorphic-dompurify";

const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const EXTERNAL_URL = /url\(\s*(?!['"]?#)|@import/i;

// The blog shares DOMPurify's instance: these hooks act only while an SVG is sanitised here.
let sanitising = false;
let hooked = false;
function purifier() {
  if (hooked) return DOMPurify;
  DOMPurify.addHook("uponSanitizeAttribute", (_node, data) => {
    if (!sanitising) return;
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if ((name === "href" || name === "xlink:href" || name === "src") && !value.startsWith("#") && !INLINE_IMAGE.test(value)) data.keepAttr = false;
    if (EXTERNAL_URL.test(value)) data.keepAttr = false;
  });
  DOMPurify.addHook("uponSanitizeElement", (node, data) => {
    if (!sanitising) return;
    if (data.tagName === "style" && EXTERNAL_URL.test(node.textContent ?? "")) node.parentNode?.removeChild(node);
  });
  hooked = true;
  return DOMPurify;
}

/** The SVG without anything that runs or loads; undefined when nothing of an <svg> is left. */
export function sanitiseSvg(svg: string): string | undefined {
  sanitising = true;
  try {
    const clean = purifier().sanitize(svg, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ["foreignObject", "script", "iframe", "embed", "object", "audio", "video", "animate", "set"],
    });
    return /^<svg[\s>]/.test(clean) ? `${clean}\n` : undefined;
  } finally {
    sanitising = false;
  }
}

/** An SVG's size: its width and height attributes in pixels, else its viewBox's. */
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? "";
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([0-9.]+)(?:px)?\\s*["']`, "i").exec(root)?.[1];
  const [width, height] = [Number(attr("width")), Number(attr("height"))];
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const box = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)\s*["']/i.exec(root);
  return box && Number(box[1]) > 0 && Number(box[2]) > 0 ? { width: Math.round(Number(box[1])), height: Math.round(Number(box[2])) } : undefined;
}
