import { createContext } from "react";

/**
 * Whether the document carries React Router's scripts (root.tsx): only on the dev server
 * (Vite's hot reload, and the page's runtime through entry.client.tsx) and in the SPA
 * fallback React Router insists on rendering at build time (then replaced, see
 * build.server.ts). A built page loads only the islands runtime (finish-page.server.ts).
 */
export const RouterScripts = createContext(false);
