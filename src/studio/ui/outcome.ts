/** What a screen shows after a call: the API's refusal (ErrorNotice), or what was done (DoneNotice). */
import { useCallback, useEffect, useState } from "react";
import type { ErrorData } from "../../errors/catalogue.ts";
import type { StudioResult } from "../client.ts";

export type Report = (result: { ok: true } | { ok: false; error: ErrorData }, done: string) => void;

export function useOutcome() {
  const [error, setError] = useState<ErrorData>();
  const [done, setDone] = useState<string>();
  /** A call's result: its error, or `done` said. */
  const report: Report = useCallback((result, text) => {
    setError(result.ok ? undefined : result.error);
    setDone(result.ok ? text : undefined);
  }, []);
  return { error, done, setError, report };
}

/** What a screen lists, loaded on arrival and again after each change (`reload`); a refusal goes to `onError`. */
export function useLoaded<T>(load: () => Promise<StudioResult<T>>, onError: (error: ErrorData) => void): [T | undefined, () => Promise<void>] {
  const [data, setData] = useState<T>();
  const reload = useCallback(async () => {
    const result = await load();
    if (result.ok) setData(result.data);
    else onError(result.error);
  }, [load, onError]);
  useEffect(() => void reload(), [reload]);
  return [data, reload];
}
