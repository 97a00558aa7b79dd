/**
 * /admin/analytics (editors and admins): the site's figures (docs/analytics.md) for the last 7,
 * 30 or 90 days against the as many days before: visitors, page views, forms sent and the
 * conversion rate, the views per day as a chart (its table behind it), then the top pages,
 * sources, devices, languages and forms, each a table.
 * Paths and sources are shown as the text they are (React escapes them). The server refuses
 * contributors (StudioForbidden), shown as such.
 */
import { Box, Heading, Table, Text } from "@chakra-ui/react";
import { type ReactNode, useCallback, useState } from "react";
import type { AnalyticsReport } from "../../../schemas/analytics.ts";
import { studio } from "../client.ts";
import { texts } from "../texts.ts";
import { ErrorNotice } from "../ui/ErrorNotice.tsx";
import { useLoaded, useOutcome } from "../ui/outcome.ts";
import { DailyChart } from "../ui/DailyChart.tsx";
import { change, CompareTable, dayName as day, number, PeriodSelect, rate } from "../ui/figures.tsx";
import { StudioTable } from "../ui/StudioTable.tsx";

const t = texts.analytics;
const languages = new Intl.DisplayNames(["en"], { type: "language" });

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={`analytics-${id}`} mt="10">
      <Heading as="h2" id={`analytics-${id}`} size="lg" mb="3">{heading}</Heading>
      {children}
    </Box>
  );
}

/** One breakdown (sources, devices, languages): views and visitors, against the last period's views. */
function Breakdown({ id, heading, column, rows, name }: { id: string; heading: string; column: string; rows: AnalyticsReport["sources"]; name: (key: string) => string }) {
  return (
    <Section id={id} heading={heading}>
      {rows.length === 0 ? (
        <Text color="gray.700">{t.none}</Text>
      ) : (
        <StudioTable label={heading} columns={[column, t.views, t.visitors, t.previousViews, t.change]} testId={`analytics-${id}`}>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell wordBreak="break-word">{name(row.key)}</Table.Cell>
              <Table.Cell>{number.format(row.views)}</Table.Cell>
              <Table.Cell>{number.format(row.visitors)}</Table.Cell>
              <Table.Cell>{number.format(row.previousViews)}</Table.Cell>
              <Table.Cell>{change(row.views, row.previousViews)}</Table.Cell>
            </Table.Row>
          ))}
        </StudioTable>
      )}
    </Section>
  );
}

export function Analytics() {
  const { error, setError } = useOutcome();
  const [days, setDays] = useState<number>(30);
  const load = useCallback(() => studio.analytics(days), [days]);
  const [report] = useLoaded(load, setError);
  const shown = report?.days === days ? report : undefined;

  return (
    <Box data-testid="studio-analytics">
      <Heading as="h1" size="2xl">{t.heading}</Heading>
      <Text mt="2" color="gray.700">{t.intro}</Text>
      <ErrorNotice error={error} />
      <Box mt="6">
        <PeriodSelect id="analytics-period" days={days} onChange={setDays} />
      </Box>
      {!shown ? (
        !error && <Text mt="6" role="status">{t.loading}</Text>
      ) : (
        <>
          <Text mt="4" color="gray.700" role="status" data-testid="analytics-period">
            {t.comparing(day(shown.current.from), day(shown.current.to), day(shown.previous.from), day(shown.previous.to))}
          </Text>
          <Section id="summary" heading={t.summary}>
            <CompareTable label={t.summary} columns={[t.thisPeriod, t.lastPeriod]} now={shown.totals} before={shown.totals.previous} testId="analytics-summary" />
            <Box mt="6">
              <DailyChart id="analytics" days={shown.daily} />
            </Box>
          </Section>
          <Section id="pages" heading={t.pages}>
            {shown.pages.length === 0 ? (
              <Text color="gray.700">{t.none}</Text>
            ) : (
              <StudioTable label={t.pages} columns={[t.page, t.views, t.visitors, t.conversions, t.rate, t.previousViews, t.change]} testId="analytics-pages">
                {shown.pages.map((row) => (
                  <Table.Row key={row.key}>
                    <Table.Cell wordBreak="break-word">{row.key || t.noPage}</Table.Cell>
                    <Table.Cell>{number.format(row.views)}</Table.Cell>
                    <Table.Cell>{number.format(row.visitors)}</Table.Cell>
                    <Table.Cell>{number.format(row.conversions)}</Table.Cell>
                    <Table.Cell>{rate(row.conversions, row.visitors)}</Table.Cell>
                    <Table.Cell>{number.format(row.previousViews)}</Table.Cell>
                    <Table.Cell>{change(row.views, row.previousViews)}</Table.Cell>
                  </Table.Row>
                ))}
              </StudioTable>
            )}
          </Section>
          <Section id="forms" heading={t.forms}>
            {shown.forms.length === 0 ? (
              <Text color="gray.700">{t.none}</Text>
            ) : (
              <StudioTable label={t.forms} columns={[t.form, t.conversions, t.rate, t.previousConversions, t.change]} testId="analytics-forms">
                {shown.forms.map((row) => (
                  <Table.Row key={row.form}>
                    <Table.Cell>{row.form}</Table.Cell>
                    <Table.Cell>{number.format(row.conversions)}</Table.Cell>
                    <Table.Cell>{rate(row.conversions, shown.totals.visitors)}</Table.Cell>
                    <Table.Cell>{number.format(row.previousConversions)}</Table.Cell>
                    <Table.Cell>{change(row.conversions, row.previousConversions)}</Table.Cell>
                  </Table.Row>
                ))}
              </StudioTable>
            )}
          </Section>
          <Breakdown id="sources" heading={t.sources} column={t.source} rows={shown.sources} name={(key) => key || t.direct} />
          <Breakdown id="devices" heading={t.devices} column={t.device} rows={shown.devices} name={(key) => t.deviceNames[key] ?? key} />
          <Breakdown id="locales" heading={t.locales} column={t.locale} rows={shown.locales} name={(key) => (key ? (languages.of(key) ?? key) : t.noLocale)} />
        </>
      )}
    </Box>
  );
}
