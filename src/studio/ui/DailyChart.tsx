/**
 * Views per day as a small chart (inline SVG, ./daily-chart.ts), with the table it is drawn
 * from right after it: the table is what keyboard and screen reader users read (the drawing
 * is hidden from them), folded under a summary so the chart stays one glance. A page's
 * publishes are marked on their days.
 */
import { Box, chakra, Flex, Table, Text } from "@chakra-ui/react";
import type { DayFigures } from "../../../schemas/analytics.ts";
import { texts } from "../texts.ts";
import { dailyChart } from "./daily-chart.ts";
import { dayName, number } from "./figures.tsx";
import { StudioTable } from "./StudioTable.tsx";

const t = texts.analytics.chart;
const BAR = "#2b6cb0";
const MARK = "#c05621";

/** `publishes`: ISO 8601 times, marked on their days (a page's; the site has none). */
export function DailyChart({ id, days, publishes }: { id: string; days: readonly DayFigures[]; publishes?: readonly string[] }) {
  const chart = dailyChart(days, publishes);
  const marked = new Set(chart.marks.map((m) => m.day));
  const first = days[0];
  const last = days.at(-1);
  return (
    <Box as="figure" m="0" data-testid={`${id}-chart`}>
      <Text as="figcaption" fontWeight="semibold" mb="1">{t.caption}</Text>
      <Flex fontSize="xs" color="gray.700" justify="space-between" aria-hidden="true">
        <span>{t.top(chart.top, number.format(chart.top))}</span>
        {chart.marks.length > 0 && (
          <Flex as="span" align="center" gap="1">
            <chakra.span display="inline-block" w="3" borderTopWidth="2px" borderStyle="dashed" style={{ borderColor: MARK }} />
            {t.published}
          </Flex>
        )}
      </Flex>
      <chakra.svg aria-hidden="true" focusable="false" viewBox={`0 0 ${chart.width} ${chart.height}`} preserveAspectRatio="none" display="block" w="100%" h="32" borderBottomWidth="1px" borderColor="gray.400">
        {chart.bars.map((bar) => (
          <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={BAR} />
        ))}
        {chart.marks.map((mark) => (
          <line key={mark.day} x1={mark.x} x2={mark.x} y1={0} y2={chart.height} stroke={MARK} strokeWidth={2} strokeDasharray="6 4" vectorEffect="non-scaling-stroke" data-testid={`${id}-mark`} />
        ))}
      </chakra.svg>
      {first && last && (
        <Flex fontSize="xs" color="gray.700" justify="space-between" mt="1" aria-hidden="true">
          <span>{dayName(first.day)}</span>
          <span>{dayName(last.day)}</span>
        </Flex>
      )}
      <chakra.details mt="2">
        <chakra.summary cursor="pointer" fontSize="sm" color="blue.700" textDecoration="underline" w="fit-content">{t.asTable}</chakra.summary>
        <Box mt="2">
          <StudioTable label={t.caption} columns={[t.day, texts.analytics.views, texts.analytics.visitors, texts.analytics.conversions, ...(publishes ? [t.publishedColumn] : [])]} testId={`${id}-days`}>
            {days.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell whiteSpace="nowrap">{dayName(d.day)}</Table.Cell>
                <Table.Cell>{number.format(d.views)}</Table.Cell>
                <Table.Cell>{number.format(d.visitors)}</Table.Cell>
                <Table.Cell>{number.format(d.conversions)}</Table.Cell>
                {publishes && <Table.Cell>{marked.has(d.day) ? t.yes : ""}</Table.Cell>}
              </Table.Row>
            ))}
          </StudioTable>
        </Box>
      </chakra.details>
    </Box>
  );
}
