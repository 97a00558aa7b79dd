/**
 * The browser every measurement and browser test runs in: Debian's Chromium, with the flags
 * that keep its own background work (updates, sync, QUIC probing) out of the figures.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
