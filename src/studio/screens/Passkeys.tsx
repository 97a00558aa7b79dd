/**
 * The account page's passkeys: each with when it was added and last used, and Remove; adding
 * one names it ("Work laptop") and lets the browser make it on this device.
 */
import { Box, Button, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { PasskeyView } from "../../../schemas/studio.ts";
import type { ErrorData } from "../../errors/catalogue.ts";
import { studio } from "../client.ts";
import { addPasskey } from "../passkeys.ts";
import { texts } from "../texts.ts";
import { StudioForm } from "../ui/StudioForm.tsx";
import { type Report, useLoaded } from "../ui/outcome.ts";
import { TextField } from "../ui/TextField.tsx";
import { when } from "../ui/when.ts";

const t = texts.account;

/** `report`: the account page's notices, shared with its devices. */
export function Passkeys({ report, onError }: { report: Report; onError: (error: ErrorData) => void }) {
  const [listing, refresh] = useLoaded(studio.passkeys, onError);
  const passkeys = listing?.passkeys;
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    const result = await addPasskey(name.trim() || "Passkey");
    setBusy(false);
    report(result, t.passkeyAdded);
    if (result.ok) setName("");
    await refresh();
  };
  const remove = async (passkey: PasskeyView) => {
    report(await studio.removePasskey(passkey.id), t.passkeyRemoved);
    await refresh();
  };

  return (
    <Box as="section" aria-labelledby="passkeys-heading" mt="10">
      <Heading as="h2" id="passkeys-heading" size="lg">{t.passkeys}</Heading>
      <Text mt="1" mb="4" color="gray.600">{t.passkeysIntro}</Text>
      {passkeys?.length === 0 && <Text mb="4">{t.noPasskeys}</Text>}
      <Stack as="ul" gap="3" listStyle="none" mb="6" data-testid="studio-passkeys">
        {passkeys?.map((passkey) => (
          <Flex as="li" key={passkey.id} borderWidth="1px" borderColor="gray.200" rounded="md" p="4" justify="space-between" align="center" gap="4" wrap="wrap">
            <Box>
              <Text fontWeight="semibold">{passkey.name}</Text>
              <Text fontSize="sm" color="gray.600">
                {t.passkeyCreated(when(passkey.createdAt))}, {passkey.lastUsedAt ? t.passkeyUsed(when(passkey.lastUsedAt)) : t.passkeyNeverUsed}
              </Text>
            </Box>
            <Button size="sm" variant="outline" colorPalette="red" aria-label={`${t.removePasskey} ${passkey.name}`} onClick={() => void remove(passkey)}>
              {t.removePasskey}
            </Button>
          </Flex>
        ))}
      </Stack>
      <Box maxW="md">
        <StudioForm label={t.addPasskey} submit={t.addPasskey} busy={busy} onSubmit={add}>
          <TextField label={t.passkeyName} name="passkey-name" autoComplete="off" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        </StudioForm>
      </Box>
    </Box>
  );
}
