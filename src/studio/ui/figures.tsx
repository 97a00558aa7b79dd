/**
 * Analytics figures as the studio shows them (the Analytics screen, the page editor's panel):
 * numbers, rates and changes in words, and a table of figures against the period before.
 */
import { Field, NativeSelect, Table } from "@chakra-ui/react";
import { ANALYTICS_PERIODS, type Counts } from "../../../schemas/analytics.ts";
import { texts } from "../texts.ts";
import { StudioTable } from "./StudioTable.tsx";

const t = texts.analytics;
export const number = new Intl.NumberFormat("en");
const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 1 });
/** A UTC day (2026-11-28) as "28 Nov 2026". */
export const dayName = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "+25%", "−10%", "New" (nothing before), "No change". */
export function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? t.noChange : t.newFigure;
  const ratio = (now - before) / before;
  return ratio === 0 ? t.noChange : `${ratio > 0 ? "+" : "−"}${percent.format(Math.abs(ratio))}`;
}
/** Forms sent per visitor ("–" without visitors). */
export const rate = (conversions: number, visitors: number) => (visitors === 0 ? "–" : percent.format(conversions / visitors));

/** Visitors, page views, forms sent and the conversion rate: `now` against `before`, with the change. */
export function CompareTable({ label, columns, now, before, testId }: { label: string; columns: [now: string, before: string]; now: Counts; before: Counts; testId: string }) {
  return (
    <StudioTable label={label} columns={[t.measure, ...columns, t.change]} testId={testId}>
      {([
        [t.visitors, now.visitors, before.visitors],
        [t.views, now.views, before.views],
        [t.conversions, now.conversions, before.conversions],
      ] as const).map(([measure, a, b]) => (
        <Table.Row key={measure}>
          <Table.Cell>{measure}</Table.Cell>
          <Table.Cell>{number.format(a)}</Table.Cell>
          <Table.Cell>{number.format(b)}</Table.Cell>
          <Table.Cell>{change(a, b)}</Table.Cell>
        </Table.Row>
      ))}
      <Table.Row>
        <Table.Cell>{t.rate}</Table.Cell>
        <Table.Cell>{rate(now.conversions, now.visitors)}</Table.Cell>
        <Table.Cell>{rate(before.conversions, before.visitors)}</Table.Cell>
        <Table.Cell />
      </Table.Row>
    </StudioTable>
  );
}

/** The period chosen: the last 7, 30 or 90 days. */
export function PeriodSelect({ id, days, onChange }: { id: string; days: number; onChange: (days: number) => void }) {
  return (
    <Field.Root maxW="xs">
      <Field.Label htmlFor={id}>{t.period}</Field.Label>
      <NativeSelect.Root size="md">
        <NativeSelect.Field id={id} bg="white" value={String(days)} onChange={(e) => onChange(Number(e.target.value))}>
          {ANALYTICS_PERIODS.map((period) => (
            <option key={period} value={period}>{t.periods[period]}</option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
