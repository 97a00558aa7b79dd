/**
 * A studio screen that needs someone signed in: it asks /api/studio/me first and shows the
 * screen only with the answer; signed out, the client (./client.ts) sends the browser to the
 * sign-in page, which brings it back. In local mode (ADMIN=1) there are no accounts: the
 * screens use the key the server printed, as before, and this is a plain pass-through.
 */
import { type ReactNode, useEffect, useState } from "react";
import type { ErrorData } from "../errors/catalogue.ts";
import { LoadingState } from "../ui/States.tsx";
import { type Me, me } from "./client.ts";
import { texts } from "./texts.ts";
import { ErrorNotice } from "./ui/ErrorNotice.tsx";

/** Local mode (ADMIN=1), set by vite.config.ts. */
declare const __ADMIN__: boolean;

type Session = { state: "loading" } | { state: "failed"; error: ErrorData } | { state: "signed-in"; me: Me };

/** Who is signed in, once known. */
function useSession(): Session {
  const [session, setSession] = useState<Session>({ state: "loading" });
  useEffect(() => {
    void me().then((result) => setSession(result.ok ? { state: "signed-in", me: result.data } : { state: "failed", error: result.error }));
  }, []);
  return session;
}

/** The account and people screens: drawn for whoever is signed in. */
export function SessionGate({ children }: { children: (me: Me) => ReactNode }) {
  const session = useSession();
  if (session.state === "signed-in") return children(session.me);
  // Signed out, the browser is on its way to the sign-in page meanwhile.
  if (session.state === "failed") return <ErrorNotice error={session.error} />;
  return <LoadingState label={texts.loading} />;
}

/** The blog admin and the page editor: in studio mode only for someone signed in; in local mode as before. */
export function RequireSession({ children }: { children: ReactNode }) {
  return __ADMIN__ ? children : <SessionGate>{() => children}</SessionGate>;
}

