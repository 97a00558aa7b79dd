/**
 * The page editor's Visits panel (editors and admins; docs/analytics.md): the page's figures
 * in every language, the days since its last publish against as many days before, this
 * period against the last, and its views per day with a mark at each publish (the table
 * behind the chart is what a screen reader reads). From GET /api/studio/analytics/page.
 */
import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useCallback, useState } from "react";
import type { PageAnalytics } from "../../../schemas/analytics.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { texts as studioTexts } from "../../studio/texts.ts";
import { DailyChart } from "../../studio/ui/DailyChart.tsx";
import { CompareTable, dayName, PeriodSelect } from "../../studio/ui/figures.tsx";
import { when } from "../../studio/ui/when.ts";
import type { StudioApi } from "../studio-api.ts";
import { texts } from "../texts.ts";

const a = texts.studio.analytics;
const s = studioTexts.analytics;

type Loading = { state: "loading" } | { state: "loaded"; value: PageAnalytics } | { state: "failed"; message: string };

export function AnalyticsPanel({ api, file, name }: { api: StudioApi; file: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(30);
  const [figures, setFigures] = useState<Loading>({ state: "loading" });

  const load = useCallback(
    async (period: number) => {
      setFigures({ state: "loading" });
      const answer = await api.pageAnalytics(file, period);
      setFigures(answer.ok ? { state: "loaded", value: answer.data } : { state: "failed", message: `${answer.failure.error.message} ${answer.failure.error.hint}` });
    },
    [api, file],
  );
  const choose = (period: number) => {
    setDays(period);
    void load(period);
  };
  const shown = figures.state === "loaded" ? figures.value : undefined;
  const since = shown?.sinceLastPublish;

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => { setOpen(true); void load(days); }} data-testid="page-analytics-button">
        {a.button}
      </Button>
      <Dialog open={open} title={a.title(name)} onClose={() => setOpen(false)} testId="page-analytics" wide>
        <Text mt="2" fontSize="sm" color="gray.700">{a.intro}</Text>
        <Box mt="4">
          <PeriodSelect id="page-analytics-period" days={days} onChange={choose} />
        </Box>
        {figures.state === "loading" && <Text mt="4" role="status">{a.loading}</Text>}
        {figures.state === "failed" && (
          <Stack mt="4" gap="2" align="flex-start">
            <Text role="alert" color="red.700">{a.failed} {figures.message}</Text>
            <Button size="sm" variant="outline" onClick={() => void load(days)}>{a.retry}</Button>
          </Stack>
        )}
        {shown && (
          <Stack mt="4" gap="6">
            {shown.paths.length === 0 && <Text role="status" data-testid="page-analytics-unserved">{a.notServed}</Text>}
            <Box as="section" aria-labelledby="page-analytics-since">
              <Heading as="h3" id="page-analytics-since" size="sm" mb="2">{a.sincePublish}</Heading>
              {since ? (
                <>
                  <Text mb="2" fontSize="sm" data-testid="page-analytics-since">{a.published(when(since.at), since.days)}</Text>
                  <CompareTable label={a.sincePublish} columns={a.sinceColumns} now={since.figures} before={since.previous} testId="page-analytics-since-table" />
                </>
              ) : (
                <Text fontSize="sm">{a.neverPublished}</Text>
              )}
            </Box>
            <Box as="section" aria-labelledby="page-analytics-period-heading">
              <Heading as="h3" id="page-analytics-period-heading" size="sm" mb="2">{a.period}</Heading>
              <Text mb="2" fontSize="sm" color="gray.700" data-testid="page-analytics-comparing">
                {s.comparing(dayName(shown.current.from), dayName(shown.current.to), dayName(shown.previous.from), dayName(shown.previous.to))}
              </Text>
              <CompareTable label={a.period} columns={[s.thisPeriod, s.lastPeriod]} now={shown.totals} before={shown.totals.previous} testId="page-analytics-summary" />
            </Box>
            <DailyChart id="page-analytics" days={shown.daily} publishes={shown.publishes} />
          </Stack>
        )}
      </Dialog>
    </>
  );
}
