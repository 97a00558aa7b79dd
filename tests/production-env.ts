/**
 * The environment for a build a test runs (`npm run build`): the test's own, without the
 * NODE_ENV=test Vitest sets. Vite builds for production only when NODE_ENV is unset or
 * "production"; with "test" it made a development build (React's development build in the
 * bundle and in the prerender). Servers and rebuilds need nothing: server/production-mode.ts.
 */
export function productionEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { NODE_ENV: _testRunner, ...rest } = env;
  return rest;
}
