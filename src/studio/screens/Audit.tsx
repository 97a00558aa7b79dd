/**
 * /admin/audit (admins): the studio's audit log (server/studio/audit.ts), newest first, 50 a
 * page: who, when, what and from where; filtered by action, by whom and by day; exported as
 * CSV or JSON (the same download `npm run audit -- export` prints). The server refuses anyone
 * else (StudioForbidden), shown as such.
 */
import { Box, Button, chakra, Field, Flex, Heading, Link, NativeSelect, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { useCallback, useState } from "react";
import { type AuditEntry, auditActionSchema } from "../../../schemas/studio-audit.ts";
import { STUDIO_API, studio } from "../client.ts";
import { texts } from "../texts.ts";
import { ErrorNotice } from "../ui/ErrorNotice.tsx";
import { FormPanel } from "../ui/FormPanel.tsx";
import { useLoaded, useOutcome } from "../ui/outcome.ts";
import { TextField } from "../ui/TextField.tsx";
import { StudioTable } from "../ui/StudioTable.tsx";
import { detailText, targetWords } from "../ui/audit-words.ts";
import { deviceName, when } from "../ui/when.ts";

const t = texts.audit;

interface Filter {
  action: string;
  actor: string;
  since: string;
  until: string;
}
const NO_FILTER: Filter = { action: "", actor: "", since: "", until: "" };

/** The filter as the API's query: empty fields left out. */
const queryOf = (filter: Filter, extra: Record<string, string> = {}) =>
  new URLSearchParams(Object.entries({ ...filter, ...extra }).filter(([, value]) => value.trim() !== ""));

function Entry({ entry }: { entry: AuditEntry }) {
  const detail = detailText(entry.detail, false);
  const developers = detailText(entry.detail, true);
  return (
    <Table.Row data-action={entry.action} data-target={entry.target}>
      <Table.Cell whiteSpace="nowrap">
        <time dateTime={entry.at}>{when(entry.at)}</time>
      </Table.Cell>
      <Table.Cell>
        {entry.actor ? (
          <>
            <Text>{entry.actor.name}</Text>
            <Text fontSize="sm" color="gray.700">{entry.actor.email}</Text>
          </>
        ) : (
          <Text color="gray.700">{t.nobody}</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text>
          {t.actions[entry.action]} {entry.target && <chakra.span fontSize="sm">{targetWords(entry.target)}</chakra.span>}
        </Text>
        {detail && <Text fontSize="sm" color="gray.700" wordBreak="break-word">{detail}</Text>}
        {developers && (
          <chakra.details fontSize="xs" color="gray.700">
            <chakra.summary cursor="pointer" py="1" lineHeight="6">{t.developers}</chakra.summary>
            <Text wordBreak="break-word">{developers}</Text>
          </chakra.details>
        )}
      </Table.Cell>
      <Table.Cell>
        <Text fontFamily="mono" fontSize="sm">{entry.ip}</Text>
        <Text fontSize="sm" color="gray.700">{deviceName(entry.userAgent, t.unknownDevice)}</Text>
      </Table.Cell>
    </Table.Row>
  );
}

export function Audit() {
  const { error, setError } = useOutcome();
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [page, setPage] = useState(1);
  const load = useCallback(() => studio.audit(queryOf(filter, { page: String(page) })), [filter, page]);
  const [listing] = useLoaded(load, setError);
  const pages = listing ? Math.max(1, Math.ceil(listing.total / listing.perPage)) : 1;

  const show = (next: Filter) => {
    setError(undefined);
    setDraft(next);
    setFilter(next);
    setPage(1);
  };
  const field = (name: keyof Filter) => ({ name, value: draft[name], onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }) });

  return (
    <Box data-testid="studio-audit">
      <Heading as="h1" size="xl">{t.heading}</Heading>
      <Text mt="2" color="gray.700">{t.intro}</Text>
      <ErrorNotice error={error} />
      <FormPanel heading={t.filters} onSubmit={() => show(draft)}>
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
          <Field.Root mb="4">
            <Field.Label htmlFor="audit-action">{t.action}</Field.Label>
            <NativeSelect.Root size="md">
              <NativeSelect.Field id="audit-action" bg="white" {...field("action")}>
                <option value="">{t.anyAction}</option>
                {auditActionSchema.options.map((action) => (
                  <option key={action} value={action}>{t.actions[action]}</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <TextField label={t.actor} type="email" autoComplete="off" {...field("actor")} />
          <TextField label={t.since} type="date" {...field("since")} />
          <TextField label={t.until} type="date" {...field("until")} />
        </SimpleGrid>
        <Flex gap="3" wrap="wrap" align="center">
          <Button type="submit" colorPalette="brand">{t.apply}</Button>
          <Button type="button" variant="outline" onClick={() => show(NO_FILTER)}>{t.clear}</Button>
          <Link href={`${STUDIO_API}/audit/export?${queryOf(filter, { format: "csv" })}`} download data-testid="audit-export-csv">{t.exportCsv}</Link>
          <Link href={`${STUDIO_API}/audit/export?${queryOf(filter, { format: "json" })}`} download>{t.exportJson}</Link>
          <Text fontSize="sm" color="gray.700">{t.exportHint}</Text>
        </Flex>
      </FormPanel>
      <Box as="section" aria-labelledby="audit-list-heading" mt="10">
        <Heading as="h2" id="audit-list-heading" size="lg" mb="2">{t.list}</Heading>
        {listing && (
          <Text mb="4" color="gray.700" role="status" data-testid="audit-count">
            {listing.total === 0 ? t.none : t.count(listing.total, listing.page, pages)}
          </Text>
        )}
        {listing && listing.entries.length > 0 && (
          <StudioTable label={t.list} columns={[t.when, t.who, t.what, t.from]}>
            {listing.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </StudioTable>
        )}
        {pages > 1 && (
          <Flex as="nav" aria-label={t.pages} gap="3" mt="4">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t.previous}</Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t.next}</Button>
          </Flex>
        )}
      </Box>
    </Box>
  );
}
