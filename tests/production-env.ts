/**
 * The environment a test's server or rebuild process runs in: the test's own, without the
 * NODE_ENV=test Vitest sets, so the process runs as production does (server/production-mode.ts
 * makes an unset NODE_ENV "production"). Passed on, "test" made every spawned server render
 * with development React: the same pages at twice the CPU.
 */
export function productionEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { NODE_ENV: _testRunner, ...rest } = env;
  return rest;
}
