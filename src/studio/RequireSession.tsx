/**
 * A studio screen that needs someone signed in: it asks /api/studio/me first and shows the
 * screen only with the answer; signed out, the client (./client.ts) sends the browser to the
 * sign-in page, which brings it back. In local mode (ADMIN=1) the developer's browser is
 * signed in as the local owner by the link the server printed (server/studio/local.ts).
 */
import { type ReactNode, useEffect, useState } from "react";
import type { ErrorData } from "../errors/catalogue.ts";
import { LoadingState } from "../ui/States.tsx";
import { type Me, me } from "./client.ts";
import { texts } from "./texts.ts";
import { ErrorNotice } from "./ui/ErrorNotice.tsx";

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

