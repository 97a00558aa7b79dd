/**
 * Island: one studio screen of the shell (src/studio/texts.ts Screen), the whole content of its
 * page. Signing in and setting a password are for anyone; the home, the account and the people screens
 * need a session (RequireSession), and the server decides what each role may see. In local mode
 * (ADMIN=1) the Submissions screen needs none: its calls carry the local key (./submissions.ts).
 */
import { SessionGate } from "./RequireSession.tsx";
import { Account } from "./screens/Account.tsx";
import { Audit } from "./screens/Audit.tsx";
import { Home } from "./screens/Home.tsx";
import { Password } from "./screens/Password.tsx";
import { SignIn } from "./screens/SignIn.tsx";
import { Submissions } from "./screens/Submissions.tsx";
import { Users } from "./screens/Users.tsx";
import type { Screen } from "./texts.ts";
import { Frame } from "./ui/Frame.tsx";

/** Local mode (ADMIN=1), set by vite.config.ts. */
declare const __ADMIN__: boolean;

export default function StudioScreen({ screen }: { screen: Screen }) {
  switch (screen) {
    case "sign-in":
      return (
        <Frame width="lg">
          <SignIn />
        </Frame>
      );
    case "password":
      return (
        <Frame width="lg">
          <Password />
        </Frame>
      );
    case "home":
      return <SessionGate>{(me) => <Frame me={me} width="4xl"><Home me={me} /></Frame>}</SessionGate>;
    case "account":
    case "users":
    case "audit":
      return (
        <SessionGate>
          {(me) => (
            <Frame me={me} width={screen === "account" ? "3xl" : screen === "users" ? "5xl" : "6xl"}>
              {screen === "account" ? <Account me={me} /> : screen === "users" ? <Users me={me} /> : <Audit />}
            </Frame>
          )}
        </SessionGate>
      );
    case "submissions":
      // Local mode has no accounts: the screen's calls carry the key the server printed.
      if (__ADMIN__) return <Frame width="6xl"><Submissions /></Frame>;
      return <SessionGate>{(me) => <Frame me={me} width="6xl"><Submissions /></Frame>}</SessionGate>;
  }
}
