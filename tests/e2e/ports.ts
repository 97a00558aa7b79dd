/**
 * Every port the browser tests' servers take, in one table, beside the site's test server
 * (E2E_PORT, 3100 unless set) so that parallel runs keep to their own: two servers of one run
 * must never share a port (the dev server's API once took the field-types server's, and that
 * spec, finding it answering, read the dev API's 404 for /contact).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export const PORTS = {
  /** The site's server (playwright.config.ts's webServer). */
  site: E2E_PORT,
  /** forms-pow.spec.ts's server with proof of work on. */
  formsPow: E2E_PORT + 1,
  /** dev-server.spec.ts's `npm run dev`: Vite, and the API it proxies /api to. */
  devServer: E2E_PORT + 5,
  devApi: E2E_PORT + 8,
  /** form-field-types.spec.ts's server with the test form. */
  fieldTypes: E2E_PORT + 6,
  /** studio-preview.spec.ts's studio server. */
  studioPreview: E2E_PORT + 7,
  /** One per worker, + its parallelIndex: admin-server.ts's and studio-server.ts's. */
  admin: E2E_PORT + 10,
  studio: E2E_PORT + 30,
  /** i18n.spec.ts's site with more languages. */
  i18n: E2E_PORT + 50,
} as const;
