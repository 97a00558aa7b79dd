/**
 * /admin/submissions (editors and admins): what people sent through the site's forms. Pick a
 * form, read its submissions newest first (25 a page), search their values, open one in full
 * with its files, download the form's CSV, and erase one person's data. The server decides who
 * may (server/studio/submissions-api.ts): a contributor is refused (StudioForbidden), shown as such.
 * In local mode (ADMIN=1) too, signed in as the computer's owner through the link the server printed.
 */
import { Box, Button, chakra, Field, Flex, Heading, Input, NativeSelect, Table, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { BuiltLocale, SubmissionSummary } from "../../../schemas/studio-submissions.ts";
import { LoadingState } from "../../ui/States.tsx";
import { submissions } from "../submissions.ts";
import { texts } from "../texts.ts";
import { useAnswer } from "../ui/answer.ts";
import { LocaleName } from "../ui/LocaleName.tsx";
import { StudioTable } from "../ui/StudioTable.tsx";
import { Failed } from "../ui/Failed.tsx";
import { when } from "../ui/when.ts";
import { ErasePerson } from "./ErasePerson.tsx";
import { SubmissionDetail } from "./SubmissionDetail.tsx";
import { LinkButton } from "../../ui/LinkButton.tsx";

const t = texts.submissions;

/** A few of a submission's values besides the address, to tell it from the others in a list. */
function summary({ email, values }: SubmissionSummary): string {
  return Object.values(values)
    .filter((value) => value !== "" && value !== email)
    .slice(0, 2)
    .map((value) => (value.length > 60 ? `${value.slice(0, 59)}…` : value).replace(/\s+/g, " "))
    .join(" · ");
}

export function Submissions() {
  const [forms, retryForms] = useAnswer(submissions.forms);
  const [form, setForm] = useState<string>();
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string>();
  const listHeading = useRef<HTMLHeadingElement>(null);

  const formList = forms?.state === "loaded" ? forms.data.forms : undefined;
  const locales = forms?.state === "loaded" ? forms.data.locales : [];
  // The first form with submissions, once the forms are known.
  useEffect(() => {
    if (formList && form === undefined) setForm((formList.find((f) => f.count > 0) ?? formList[0])?.id);
  }, [formList, form]);

  const load = useCallback(() => submissions.list(form!, { q: query, page }), [form, query, page]);
  const [list, retryList] = useAnswer(form === undefined ? undefined : load);

  const choose = (id: string) => {
    setForm(id);
    setTyped("");
    setQuery("");
    setPage(1);
    setOpened(undefined);
  };
  // What was erased is gone from the list, the submission opened and the forms' counts.
  const afterErasure = () => {
    setOpened(undefined);
    retryForms({ quiet: true });
    retryList({ quiet: true });
  };
  const back = () => {
    setOpened(undefined);
    requestAnimationFrame(() => listHeading.current?.focus());
  };

  return (
    <Box data-testid="studio-submissions">
      <Heading as="h1" size="2xl">{t.heading}</Heading>
      <Text mt="2" color="gray.700">{t.intro}</Text>
      {forms?.state === "loading" && <LoadingState label={t.loadingForms} />}
      <Failed answer={forms} retry={retryForms} label={t.retry} />
      {formList && form !== undefined && (
        <>
          <Flex mt="6" gap="4" align="end" wrap="wrap">
            <Field.Root w="auto" minW="60">
              <Field.Label htmlFor="submissions-form">{t.form}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id="submissions-form" value={form} bg="white" onChange={(e) => choose(e.target.value)}>
                  {formList.map((f) => (
                    <option key={f.id} value={f.id}>{t.formOption(f.id, f.count)}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <LinkButton href={submissions.exportUrl(form)} download aria-label={t.exportOf(form)} variant="outline">{t.export}</LinkButton>
          </Flex>
          {opened ? (
            <SubmissionDetail id={opened} locales={locales} onBack={back} />
          ) : (
            <Box as="section" aria-labelledby="submissions-list-heading" mt="6">
              <chakra.form
                role="search"
                aria-label={t.searchLabel}
                onSubmit={(e) => {
                  e.preventDefault();
                  setQuery(typed.trim());
                  setPage(1);
                }}
              >
                <Flex gap="3" align="end" wrap="wrap">
                  <Field.Root w="auto" flex="1" minW="60">
                    <Field.Label>{t.search}</Field.Label>
                    <Input type="search" name="q" bg="white" value={typed} maxLength={200} onChange={(e) => setTyped(e.target.value)} />
                  </Field.Root>
                  <Button type="submit" colorPalette="brand">{t.searchSubmit}</Button>
                  {query !== "" && (
                    <Button
                      variant="ghost"
                      onClick={() => {
                        setTyped("");
                        setQuery("");
                        setPage(1);
                      }}
                    >
                      {t.clearSearch}
                    </Button>
                  )}
                </Flex>
              </chakra.form>
              <Heading as="h2" id="submissions-list-heading" size="lg" mt="6" mb="3" tabIndex={-1} aria-live="polite">
                {list?.state === "loaded" ? (query ? t.matching(list.data.total, query) : t.count(list.data.total)) : t.heading}
              </Heading>
              {list?.state === "loading" && <LoadingState label={t.loadingList} />}
              <Failed answer={list} retry={retryList} label={t.retry} />
              {list?.state === "loaded" && (
                <SubmissionList
                  rows={list.data.submissions}
                  locales={locales}
                  query={query}
                  page={page}
                  pages={Math.max(1, Math.ceil(list.data.total / list.data.perPage))}
                  onPage={setPage}
                  onOpen={setOpened}
                />
              )}
            </Box>
          )}
        </>
      )}
      {formList && <ErasePerson onErased={afterErasure} />}
    </Box>
  );
}

function SubmissionList({ rows, locales, query, page, pages, onPage, onOpen }: { rows: SubmissionSummary[]; locales: readonly BuiltLocale[]; query: string; page: number; pages: number; onPage: (page: number) => void; onOpen: (id: string) => void }) {
  if (rows.length === 0) {
    return (
      <Box borderWidth="1px" borderStyle="dashed" borderColor="gray.300" rounded="md" p="8" textAlign="center" data-state="empty">
        <Text fontWeight="semibold">{query ? t.noMatch(query) : t.empty}</Text>
        <Text mt="1" color="gray.600">{query ? t.noMatchHint : t.emptyHint}</Text>
      </Box>
    );
  }
  // A site of several languages says which each came in; a one-language site has no such column.
  const withLocale = locales.length > 1 || rows.some((row) => row.locale !== null);
  return (
    <>
      <StudioTable label={t.heading} columns={[t.received, t.email, ...(withLocale ? [t.locale] : []), t.summary]} actions={t.open} testId="submissions-table">
        {rows.map((row) => (
          <Table.Row key={row.id} data-id={row.id}>
            <Table.Cell whiteSpace="nowrap">
              <time dateTime={row.createdAt}>{when(row.createdAt)}</time>
            </Table.Cell>
            <Table.Cell>{row.email}</Table.Cell>
            {withLocale && <Table.Cell whiteSpace="nowrap">{row.locale === null ? <Text as="span" color="gray.600">{t.noLocale}</Text> : <LocaleName code={row.locale} locales={locales} />}</Table.Cell>}
            <Table.Cell>{summary(row)}</Table.Cell>
            <Table.Cell textAlign="end">
              <Button size="xs" variant="outline" aria-label={t.openOf(row.email, when(row.createdAt))} onClick={() => onOpen(row.id)}>
                {t.open}
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </StudioTable>
      {pages > 1 && (
        <Flex as="nav" aria-label={t.pages} mt="4" gap="3" align="center">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t.newer}</Button>
          <Text>{t.pageOf(page, pages)}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t.older}</Button>
        </Flex>
      )}
    </>
  );
}
