/**
 * Code that loads on demand (a block's component, an island, the form logic, the toaster):
 * one request at a time, the value kept once it has arrived, and a failure never kept. A
 * chunk that could not load (offline for a moment, a deploy in between) is asked for again
 * on the next attempt, so a Retry can recover instead of repeating the same rejection.
 *
 * The promise `load` returns carries its outcome as React's `use` reads it (`status`,
 * `value`, `reason`, the thenable protocol of Suspense libraries): once loaded, `use(load())`
 * returns the value at once, in the browser and in a build-time render alike.
 */
export interface LazyModule<T> {
  /** Starts loading (or joins the load under way); resolves with the value. */
  load: () => Promise<T>;
  /** The value, once it has loaded. */
  readonly current: T | undefined;
}

type Settled<T> = Promise<T> & { status?: "fulfilled" | "rejected"; value?: T; reason?: unknown };

export function lazyModule<M, T>(importer: () => Promise<M>, pick: (module: M) => T): LazyModule<T> {
  let current: T | undefined;
  let pending: Settled<T> | undefined;
  const load = (): Promise<T> => {
    if (pending) return pending;
    const promise: Settled<T> = importer().then(
      (module) => {
        current = pick(module);
        Object.assign(promise, { status: "fulfilled", value: current });
        return current;
      },
      (error: unknown) => {
        Object.assign(promise, { status: "rejected", reason: error });
        pending = undefined;
        throw error;
      },
    );
    pending = promise;
    return promise;
  };
  return {
    load,
    get current() {
      return current;
    },
  };
}
