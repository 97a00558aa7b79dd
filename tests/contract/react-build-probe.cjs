/**
 * Preloaded into a process under test (NODE_OPTIONS="--require …"): when it exits, writes the
 * builds of React's server renderer it loaded ("production", "development") into the file
 * REACT_BUILD_PROBE names, one per line. React loads one or the other by NODE_ENV.
 */
const { appendFileSync } = require("node:fs");

process.on("exit", () => {
  const builds = Object.keys(require.cache)
    .map((file) => /[/\\]react-dom[/\\]cjs[/\\]react-dom-server\.node\.(production|development)\.js$/.exec(file)?.[1])
    .filter(Boolean);
  appendFileSync(process.env.REACT_BUILD_PROBE, [...new Set(builds)].map((b) => `${b}\n`).join(""));
});
