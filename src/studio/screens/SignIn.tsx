/**
 * /admin/sign-in: a passkey first, then email and password, and asking for
 * a new password link. Afterwards the browser goes to `?next=` when it is a path of this site
 * (client.ts safeNext), else to the studio's home. Every failed sign-in reads the same.
 */
import { Box, Button, Heading, Link, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useState } from "react";
import type { ErrorData } from "../../errors/catalogue.ts";
import { safeNext, studio } from "../client.ts";
import { signInWithPasskey } from "../passkeys.ts";
import { texts } from "../texts.ts";
import { DoneNotice, ErrorNotice } from "../ui/ErrorNotice.tsx";
import { StudioForm } from "../ui/StudioForm.tsx";
import { TextField } from "../ui/TextField.tsx";

const t = texts.signIn;

const query = () => new URLSearchParams(window.location.search);

/** Where to go once signed in. */
export const afterSignIn = () => window.location.assign(safeNext(query().get("next")));

export function SignIn() {
  const [mode, setMode] = useState<"sign-in" | "reset">("sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData>();
  const [done, setDone] = useState<string>();
  // A reset by email is offered only where the server can mail it; until it says, neither.
  const [resetByMail, setResetByMail] = useState<boolean>();
  const [local, setLocal] = useState(false);
  // Coming from setting a password, the address is filled in.
  useEffect(() => setEmail((typed) => typed || (query().get("email") ?? "")), []);
  useEffect(() => {
    void studio.signInOptions().then((result) => {
      setResetByMail(result.ok && result.data.resetByMail);
      setLocal(result.ok && result.data.local);
    });
  }, []);

  const signInByPasskey = async () => {
    setBusy(true);
    setError(undefined);
    const result = await signInWithPasskey();
    setBusy(false);
    if (result.ok) return afterSignIn();
    setError(result.error);
  };
  const signIn = async () => {
    setBusy(true);
    setError(undefined);
    const result = await studio.signIn(email, password);
    setBusy(false);
    if (result.ok) return afterSignIn();
    setError(result.error);
  };
  const requestReset = async () => {
    setBusy(true);
    setError(undefined);
    const result = await studio.requestReset(email);
    setBusy(false);
    if (result.ok) setDone(t.resetSent);
    else setError(result.error);
  };
  const switchTo = (next: typeof mode) => {
    setMode(next);
    setError(undefined);
    setDone(undefined);
  };

  return (
    <Box maxW="md" mx="auto" data-testid="studio-sign-in" data-mode={mode}>
      <Heading as="h1" size="2xl" mb="6">
        {mode === "sign-in" ? t.heading : t.resetHeading}
      </Heading>
      {local && (
        <Box mb="6" data-testid="local-sign-in">
          <Text color="gray.700">{t.local}</Text>
          <Text mt="1" fontSize="sm" color="gray.600">{t.localHow}</Text>
        </Box>
      )}
      {mode === "sign-in" && (
        // Passkeys first: no password to type, nothing to phish.
        <Box mb="6">
          <Button colorPalette="brand" size="lg" w="full" onClick={() => void signInByPasskey()} disabled={busy} data-testid="passkey-sign-in">
            {t.passkey}
          </Button>
          <Text mt="2" fontSize="sm" color="gray.600">{t.passkeyHint}</Text>
        </Box>
      )}
      <ErrorNotice error={error} />
      <DoneNotice text={done} />
      {mode === "sign-in" ? (
        <StudioForm label={t.heading} submit={t.submit} busy={busy} onSubmit={signIn} after={<Forgotten resetByMail={resetByMail} onReset={() => switchTo("reset")} />}>
          <Text color="gray.600" mb="4">
            {t.or}
          </Text>
          <TextField label={t.email} type="email" name="email" autoComplete="username webauthn" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label={t.password} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </StudioForm>
      ) : (
        <StudioForm label={t.resetHeading} submit={t.resetSubmit} busy={busy} onSubmit={requestReset} after={<SwitchLink onClick={() => switchTo("sign-in")}>{t.back}</SwitchLink>}>
          <Text mb="4" color="gray.700">{t.resetIntro}</Text>
          <TextField label={t.email} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </StudioForm>
      )}
    </Box>
  );
}

/** A forgotten password: a reset link by email, or, without mail, who makes one. */
function Forgotten({ resetByMail, onReset }: { resetByMail: boolean | undefined; onReset: () => void }) {
  if (resetByMail === undefined) return null;
  if (resetByMail) return <SwitchLink onClick={onReset}>{t.forgot}</SwitchLink>;
  return (
    <Box mt="4" data-testid="forgot-no-mail">
      <Text color="gray.700">{t.forgotNoMail}</Text>
      <Text mt="1" fontSize="sm" color="gray.600">{t.forgotNoMailHow}</Text>
    </Box>
  );
}

/** Between signing in and asking for a reset link, on the same page. */
function SwitchLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Link as="button" mt="4" display="inline-block" color="brand.700" onClick={onClick}>
      {children}
    </Link>
  );
}
