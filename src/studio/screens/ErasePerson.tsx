/**
 * Erasing one person's data, everything stored with their address (every form's submissions,
 * their files and notifications): the address typed twice, the second time as the
 * confirmation the server checks (StudioEraseNotConfirmed when they differ).
 */
import { Box, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { useState } from "react";
import { submissions } from "../submissions.ts";
import { texts } from "../texts.ts";
import { DoneNotice, ErrorNotice } from "../ui/ErrorNotice.tsx";
import { useOutcome } from "../ui/outcome.ts";
import { StudioForm } from "../ui/StudioForm.tsx";
import { TextField } from "../ui/TextField.tsx";

const t = texts.submissions;

export function ErasePerson({ onErased }: { onErased: () => void }) {
  const { error, done, report } = useOutcome();
  const [email, setEmail] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);

  const erase = async () => {
    setBusy(true);
    const result = await submissions.erase(email, confirm);
    setBusy(false);
    if (!result.ok) return report(result, "");
    const { email: erasedEmail, erased } = result.data;
    const count = Object.values(erased.forms).reduce((a, b) => a + b, 0);
    report(result, t.erased(erasedEmail, count, erased.files, erased.outbox, erased.purged));
    setEmail("");
    setConfirm("");
    onErased();
  };

  return (
    <Box as="section" aria-labelledby="erase-heading" bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" mt="12">
      <Heading as="h2" id="erase-heading" size="lg">{t.eraseHeading}</Heading>
      <Text mt="1" mb="4" color="gray.700">{t.eraseIntro}</Text>
      <ErrorNotice error={error} />
      <DoneNotice text={done} />
      <StudioForm label={t.eraseHeading} submit={t.eraseSubmit} busy={busy} destructive onSubmit={erase}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={t.eraseEmail} type="email" name="erase-email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label={t.eraseConfirm} type="email" name="erase-confirm" autoComplete="off" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </SimpleGrid>
      </StudioForm>
    </Box>
  );
}
