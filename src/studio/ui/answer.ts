/**
 * What a screen shows while it asks the server: loading, the answer, or why it failed (the
 * server or its database down, a refusal). `load` is asked again whenever it changes (wrap it
 * in useCallback with what it depends on) and on `retry`; an older answer arriving late is
 * dropped. `retry({ quiet: true })` keeps showing the answer it has until the new one comes
 * (fresh counts after a change), rather than a loading state.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ErrorData } from "../../errors/catalogue.ts";
import type { StudioResult } from "../client.ts";

export type Answer<T> = { state: "loading" } | { state: "failed"; error: ErrorData } | { state: "loaded"; data: T };

export function useAnswer<T>(load: (() => Promise<StudioResult<T>>) | undefined): [Answer<T> | undefined, (options?: { quiet?: boolean }) => void] {
  const [answer, setAnswer] = useState<Answer<T>>();
  const [asked, setAsked] = useState(0);
  const quiet = useRef(false);
  useEffect(() => {
    if (!load) return setAnswer(undefined);
    let current = true;
    if (!quiet.current) setAnswer({ state: "loading" });
    quiet.current = false;
    void load().then((result) => {
      if (current) setAnswer(result.ok ? { state: "loaded", data: result.data } : { state: "failed", error: result.error });
    });
    return () => {
      current = false;
    };
  }, [load, asked]);
  const retry = useCallback((options?: { quiet?: boolean }) => {
    quiet.current = options?.quiet ?? false;
    setAsked((n) => n + 1);
  }, []);
  return [answer, retry];
}
