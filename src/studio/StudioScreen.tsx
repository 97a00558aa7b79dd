/**
 * Island: one studio screen of the shell (src/studio/texts.ts Screen), the whole content of its
 * page. Signing in and setting a password are for anyone; the home, the account and the people screens
 * need a session (SessionGate), and the server decides what each role may see.
 */
import { SessionGate } from "./RequireSession.tsx";
import { Account } from "./screens/Account.tsx";
import { Audit } from "./screens/Audit.tsx";
import { Home } from "./screens/Home.tsx";
import { Media } from "./screens/Media.tsx";
import { Password } from "./screens/Password.tsx";
import { SignIn } from "./screens/SignIn.tsx";
import { Submissions } from "./screens/Submissions.tsx";
import { Users } from "./screens/Users.tsx";
import type { Screen } from "./texts.ts";
import { Frame } from "./ui/Frame.tsx";

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
      return <SessionGate>{(me) => <Frame me={me} width="6xl"><Submissions /></Frame>}</SessionGate>;
    case "media":
      return <SessionGate>{(me) => <Frame me={me} width="6xl"><Media me={me} /></Frame>}</SessionGate>;
  }
}
