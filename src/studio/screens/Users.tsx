/**
 * /admin/users (admins): everyone with an account, each one's role (changed in place) and
 * status, disabling an account (which ends its sessions at once), and inviting someone: the
 * invitation is emailed when the server has mail, else its link is shown to pass on.
 * The server refuses anyone else (StudioForbidden), shown as such.
 */
import { Badge, Box, Button, Field, Heading, Input, NativeSelect, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { type Account, type Role, roleSchema } from "../../../schemas/studio.ts";
import { type Me, studio } from "../client.ts";
import { texts } from "../texts.ts";
import { DoneNotice, ErrorNotice } from "../ui/ErrorNotice.tsx";
import { FormPanel } from "../ui/FormPanel.tsx";
import { useLoaded, useOutcome } from "../ui/outcome.ts";
import { StudioTable } from "../ui/StudioTable.tsx";
import { TextField } from "../ui/TextField.tsx";

const t = texts.users;
const roles = roleSchema.options;

function RoleSelect({ id, label, value, onChange, disabled }: { id: string; label: string; value: Role; onChange: (role: Role) => void; disabled?: boolean }) {
  return (
    <NativeSelect.Root size="sm" disabled={disabled}>
      <NativeSelect.Field id={id} aria-label={label} value={value} bg="white" onChange={(e) => onChange(e.target.value as Role)}>
        {roles.map((role) => (
          <option key={role} value={role}>{texts.roles[role]}</option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function Users({ me }: { me: Me }) {
  const { error, done, setError, report } = useOutcome();
  const [link, setLink] = useState<string>();
  const [person, setPerson] = useState<{ name: string; email: string; role: Role }>({ name: "", email: "", role: "contributor" });
  const [busy, setBusy] = useState(false);

  const [listing, refresh] = useLoaded(studio.users, setError);
  const users = listing?.users;

  const invite = async () => {
    setBusy(true);
    setLink(undefined);
    const result = await studio.invite(person);
    setBusy(false);
    if (result.ok) {
      const { mailed, link } = result.data.invitation;
      report(result, mailed ? t.mailed(person.email) : t.link(person.email));
      setLink(link);
      setPerson({ name: "", email: "", role: "contributor" });
      await refresh();
    } else report(result, "");
  };
  const changeRole = async (user: Account, role: Role) => {
    const result = await studio.changeRole(user.id, role);
    report(result, t.roleChanged(user.name, texts.roles[role]));
    await refresh();
  };
  const disable = async (user: Account) => {
    const result = await studio.disable(user.id);
    report(result, result.ok ? t.disabled(user.name, result.data.sessionsEnded) : "");
    await refresh();
  };

  return (
    <Box data-testid="studio-users">
      <Heading as="h1" size="2xl">{t.heading}</Heading>
      <Text mt="2" color="gray.700">{t.intro}</Text>
      <ErrorNotice error={error} />
      <DoneNotice text={done} />
      {link && (
        <Field.Root mb="4">
          <Field.Label>{t.linkLabel}</Field.Label>
          <Input readOnly value={link} bg="white" fontFamily="mono" fontSize="sm" onFocus={(e) => e.target.select()} data-testid="invitation-link" />
        </Field.Root>
      )}
      <FormPanel heading={t.invite} onSubmit={() => void invite()}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <TextField label={t.name} name="name" autoComplete="off" required value={person.name} onChange={(e) => setPerson({ ...person, name: e.target.value })} />
          <TextField label={t.email} type="email" name="email" autoComplete="off" required value={person.email} onChange={(e) => setPerson({ ...person, email: e.target.value })} />
          <Field.Root mb="4">
            <Field.Label htmlFor="invite-role">{t.role}</Field.Label>
            <RoleSelect id="invite-role" label={t.role} value={person.role} onChange={(role) => setPerson({ ...person, role })} />
          </Field.Root>
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" loading={busy}>{t.submit}</Button>
      </FormPanel>
      <Box as="section" aria-labelledby="users-heading" mt="10">
        <Heading as="h2" id="users-heading" size="lg" mb="4">{t.list}</Heading>
        <StudioTable label={t.list} columns={[t.name, t.email, t.role, t.statusHeading]} actions={t.disable}>
          {users?.map((user) => {
            const self = user.id === me.user.id;
            return (
              <Table.Row key={user.id} data-email={user.email}>
                <Table.Cell>{user.name}{self && ` (${t.you})`}</Table.Cell>
                <Table.Cell>{user.email}</Table.Cell>
                <Table.Cell>
                  <RoleSelect id={`role-${user.id}`} label={t.roleOf(user.name)} value={user.role} disabled={self || user.status === "disabled"} onChange={(role) => void changeRole(user, role)} />
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={user.status === "active" ? "green" : user.status === "invited" ? "orange" : "gray"}>{t.status[user.status]}</Badge>
                </Table.Cell>
                <Table.Cell>
                  {!self && user.status !== "disabled" && (
                    <Button size="xs" variant="outline" colorPalette="red" aria-label={t.disableOf(user.name)} onClick={() => void disable(user)}>
                      {t.disable}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </StudioTable>
      </Box>
    </Box>
  );
}
