/**
 * /admin/account: who is signed in, their signed-in devices (each can be signed out; signing
 * out this one leads to the sign-in page), their passkeys (./Passkeys.tsx), and signing out.
 */
import { Badge, Box, Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { SessionView } from "../../../schemas/studio.ts";
import { SIGN_IN_PATH } from "../../runtime/studio-paths.ts";
import { type Me, studio } from "../client.ts";
import { texts } from "../texts.ts";
import { DoneNotice, ErrorNotice } from "../ui/ErrorNotice.tsx";
import { useLoaded, useOutcome } from "../ui/outcome.ts";
import { deviceName, when } from "../ui/when.ts";
import { Passkeys } from "./Passkeys.tsx";

const t = texts.account;

export function Account({ me }: { me: Me }) {
  const { error, done, setError, report } = useOutcome();
  const [listing, refresh] = useLoaded(studio.sessions, setError);
  const sessions = listing?.sessions;

  const revoke = async (session: SessionView) => {
    const result = await studio.endSession(session.id);
    if (result.ok && session.current) return window.location.assign(SIGN_IN_PATH);
    report(result, t.revoked);
    await refresh();
  };
  const signOut = async () => {
    const result = await studio.signOut();
    if (result.ok) window.location.assign(SIGN_IN_PATH);
    else setError(result.error);
  };

  return (
    <Box data-testid="studio-account">
      <Heading as="h1" size="2xl">{t.heading}</Heading>
      <Text mt="2" fontSize="lg">
        {me.user.name} · {me.user.email}
      </Text>
      <Text color="gray.600">{t.role(texts.roles[me.user.role])}</Text>
      <ErrorNotice error={error} />
      <DoneNotice text={done} />
      <Passkeys report={report} onError={setError} />
      <Box as="section" aria-labelledby="devices-heading" mt="10">
        <Heading as="h2" id="devices-heading" size="lg">{t.devices}</Heading>
        <Text mt="1" mb="4" color="gray.600">{t.devicesIntro}</Text>
        <Stack as="ul" gap="3" listStyle="none" data-testid="studio-devices">
          {sessions?.map((session) => (
            <Flex as="li" key={session.id} borderWidth="1px" borderColor="gray.200" rounded="md" p="4" justify="space-between" align="center" gap="4" wrap="wrap">
              <Box>
                <Text fontWeight="semibold">
                  {deviceName(session.userAgent, t.unknownDevice)} {session.current && <Badge colorPalette="green" ms="2">{t.thisDevice}</Badge>}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {t.signedInAt(when(session.createdAt))}, {t.lastSeen(when(session.lastSeenAt))}
                </Text>
              </Box>
              <Button size="sm" variant="outline" onClick={() => void revoke(session)}>
                {t.revoke}
              </Button>
            </Flex>
          ))}
        </Stack>
      </Box>
      <Button mt="10" variant="outline" onClick={() => void signOut()}>
        {t.signOut}
      </Button>
    </Box>
  );
}
