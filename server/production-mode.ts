/**
 * The server and the rebuild run as production unless told otherwise (NODE_ENV set to anything).
 * React picks its build by NODE_ENV when it is first imported, and without this `node
 * build/server.js` rendered every preview, publish check and rebuilt page with development
 * React: the same HTML, about twice the CPU. Imported first by both entry points, which import
 * React only lazily (tests/contract/server-startup.test.ts); tests/contract/rebuild.test.ts
 * checks that `rebuild.js --all` renders with React's production build.
 */
process.env.NODE_ENV ??= "production";
