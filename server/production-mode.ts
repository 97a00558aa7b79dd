/**
 * The server and the rebuild run as production unless NODE_ENV asks for development. React picks
 * its build by NODE_ENV when it is first imported ("production", or its development build for
 * anything else, a test runner's "test" too), and without this `node build/server.js` rendered
 * every preview, publish check and rebuilt page with development React: the same HTML, more
 * CPU. Imported first by both entry points, which import React only lazily
 * (tests/contract/server-startup.test.ts); tests/contract/rebuild.test.ts checks that
 * `rebuild.js --all` renders with React's production build.
 */
if (process.env.NODE_ENV !== "development") process.env.NODE_ENV = "production";
