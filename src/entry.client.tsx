/**
 * The dev server's way into the page: React Router's dev scripts load this module, which
 * starts the same runtime a built page loads (nothing hydrates the whole document). A built
 * page never loads React Router in the browser: its links are plain page loads.
 */
import "./entry.browser.ts";
