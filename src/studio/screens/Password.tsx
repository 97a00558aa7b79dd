/**
 * /admin/password: an invitation's or a reset's link (server/studio/links.ts) leads here with
 * its token in the fragment, which browsers never send; the page takes it out of the address
 * bar at once (so it is neither shared nor kept in history) and posts it with the new password.
 */
import { Box, Heading, Link, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { SIGN_IN_PATH } from "../../runtime/studio-paths.ts";
import { errors, type ErrorData } from "../../errors/catalogue.ts";
import { studio } from "../client.ts";
import { texts } from "../texts.ts";
import { DoneNotice, ErrorNotice } from "../ui/ErrorNotice.tsx";
import { StudioForm } from "../ui/StudioForm.tsx";
import { TextField } from "../ui/TextField.tsx";
import { LinkButton } from "../../ui/LinkButton.tsx";

const t = texts.password;

/** The link's token, taken out of the address bar. */
function takeToken(): string | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token") ?? undefined;
  if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  return token;
}

export function Password() {
  const [token, setToken] = useState<string>();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorData>();
  const [email, setEmail] = useState<string>();

  useEffect(() => {
    const taken = takeToken();
    setToken(taken);
    if (!taken) setError(errors.StudioNoToken());
  }, []);

  const submit = async () => {
    if (!token) return setError(errors.StudioNoToken());
    if (password !== confirm) return setError(errors.StudioPasswordsDiffer());
    setBusy(true);
    setError(undefined);
    const result = await studio.setPassword(token, password);
    setBusy(false);
    if (result.ok) setEmail(result.data.user.email);
    else setError(result.error);
  };

  return (
    <Box maxW="md" mx="auto" data-testid="studio-password">
      <Heading as="h1" size="2xl" mb="4">{t.heading}</Heading>
      <ErrorNotice error={error} />
      <DoneNotice text={email && t.done} />
      {email ? (
        <LinkButton href={`${SIGN_IN_PATH}?email=${encodeURIComponent(email)}`} colorPalette="brand">{t.signIn}</LinkButton>
      ) : (
        <StudioForm label={t.heading} submit={t.submit} busy={busy} disabled={!token} onSubmit={submit}>
          <Text mb="4" color="gray.700">{t.intro}</Text>
          <TextField label={t.password} type="password" name="new-password" autoComplete="new-password" required minLength={12} value={password} onChange={(e) => setPassword(e.target.value)} />
          <TextField label={t.confirm} type="password" name="confirm-password" autoComplete="new-password" required minLength={12} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </StudioForm>
      )}
      {!email && error?.code === errors.StudioLinkInvalid.code && (
        <Link href={SIGN_IN_PATH} mt="4" display="inline-block" color="brand.700">{texts.signIn.back}</Link>
      )}
    </Box>
  );
}
