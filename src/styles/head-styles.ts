/**
 * Moves a prerendered page's styles into <head>. Emotion writes each component's <style> tag
 * just before the component, all through <body>; the browser then restyles the page at every
 * one while parsing it, and Emotion moves them all to <head> again when the app starts (one
 * more restyle of the whole page, in the middle of a phone's start-up). Written in <head>, in
 * the same order (consecutive ones joined), they cascade exactly as before; provider.tsx tells
 * Emotion they are there.
 * (Build time only; the browser imports just the attribute's name.)
 */

/** The attribute a style tag moved to <head> carries: "css <names>" or "css-global <names>". */
export const HEAD_STYLE_ATTRIBUTE = "data-prerendered-css";

const EMOTION_STYLE = /<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g;

export function moveStylesToHead(html: string): string {
  const bodyStart = html.indexOf("<body");
  const headEnd = html.indexOf("</head>");
  if (bodyStart === -1 || headEnd === -1 || headEnd > bodyStart) return html;
  // Consecutive tags of one key ("css", "css-global") become one: a page wrote about 120 of
  // them, and the browser parses and adds each as a style sheet of its own while the page starts.
  const runs: { key: string; names: string[]; css: string }[] = [];
  const body = html.slice(bodyStart).replace(EMOTION_STYLE, (_tag, attribute: string, css: string) => {
    // Islands' renders write no global styles: their ChakraProvider leaves empty tags.
    if (css === "") return "";
    const [key = "", ...names] = attribute.split(" ");
    const last = runs.at(-1);
    if (last?.key === key) {
      last.names.push(...names);
      last.css += css;
    } else runs.push({ key, names, css });
    return "";
  });
  const styles = runs.map(({ key, names, css }) => `<style ${HEAD_STYLE_ATTRIBUTE}="${[key, ...names].join(" ")}">${css}</style>`);
  return html.slice(0, headEnd) + styles.join("") + html.slice(headEnd, bodyStart) + body;
}
