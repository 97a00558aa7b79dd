/**
 * The editor and its preview (an iframe on the same origin, /admin/preview) talk by
 * postMessage: the editor sends what to render, the preview says when it is ready, what was
 * clicked, and when a frame has painted (the editor benchmark measures keystroke to paint). The
 * Publish dialog asks it for an accessibility check (axe) of what it shows.
 */
import type { ShellData } from "../../shell/data.ts";
import type { PreviewBlock } from "./data.ts";

/**
 * One frame. Only what changed since the previous frame travels: the blocks that are new or
 * different (the editor keeps an unchanged block's object, so it compares by identity), and
 * the shell when it changed. A preview that (re)loads says "ready" and gets everything again.
 */
export type ToPreview = RenderFrame | { type: "axe" };

/** What axe (axe-core) found in the preview, on asking: each problem, with the block it is in (its key) and its element's text. */
export interface AxeProblem {
  rule: string;
  /** axe's own words for the rule ("Links must have discernible text"). */
  help: string;
  impact: "minor" | "moderate" | "serious" | "critical";
  block?: string;
  text?: string;
}

export type RenderFrame = {
  type: "render";
  /** Increases with every frame; echoed back once painted. */
  rev: number;
  /** Every block's key, in page order. */
  order: string[];
  /** The blocks new or changed since the last frame. */
  changed: PreviewBlock[];
  /** Present when the shell changed (its data is undefined when the site's shell cannot be built). */
  shell?: { data: ShellData | undefined };
  /** The page's path (the navigation's current link). */
  path: string;
  selected?: string;
  /** Scroll the selected block into view (the selection changed in the editor). */
  reveal?: boolean;
};

export type FromPreview =
  | { type: "ready" }
  | { type: "select"; key: string; text?: string }
  | { type: "painted"; rev: number }
  | { type: "axe"; problems: AxeProblem[] };

export const isMessage = <T extends { type: string }>(data: unknown): data is T => typeof data === "object" && data !== null && typeof (data as { type?: unknown }).type === "string";
