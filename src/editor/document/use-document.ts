/**
 * An open document for a component: its session (./session.ts), created once per mount and
 * started while mounted, its state as React state, and what follows from it. Leaving the page
 * with unsaved changes asks first.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { OpenedFile } from "./open.ts";
import { createDocumentSession } from "./session.ts";
import type { DocumentStorage } from "./store.ts";
import { errorsOf, isDirty, statusOf } from "./state.ts";

export function useDocument(opened: OpenedFile, options: DocumentStorage) {
  const [session] = useState(() => createDocumentSession(opened, options));
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const errors = useMemo(() => errorsOf(state.check, state.file), [state.check, state.file]);
  const dirty = isDirty(state.editor);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  return { session, state, errors, dirty, status: statusOf(state, errors) };
}
