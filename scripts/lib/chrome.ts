import { existsSync } from "node:fs";

/**
 * The browser every measurement runs in: Debian's Chromium, with the flags that keep its own
 * background work (updates, sync, QUIC probing) out of the figures.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * The browser the Playwright suites run in: Debian's headless shell of the same Chromium
 * (package chromium-headless-shell), the same Blink without the browser around it, which ran the
 * site suite in about a fifth less time. Chromium where the shell is not installed, or where
 * CHROME_PATH names a browser. Tests that measure how text is laid out as faces swap
 * (loading.spec.ts) run in Chromium itself: on a phone the shell places Inter's glyphs a
 * fraction of a pixel apart from it.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_CHROME_PATH = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROME_PATH);
