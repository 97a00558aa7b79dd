/**
 * The publish gate in the Publish dialog: the page as a search result and as a shared card, the
 * problems that stop publishing (each with Show, which goes to its field), what is worth a look,
 * and for an admin, the reason to publish anyway.
 */
import { Box, Button, chakra, Flex, Heading, Stack, Text, Textarea } from "@chakra-ui/react";
import { useCallback, useEffect, useState } from "react";
import { OVERRIDE_REASON } from "../../../schemas/studio-publish.ts";
import { withAxeFindings } from "../publish-gate/axe-findings.ts";
import type { Finding, GateReport } from "../publish-gate/report.ts";
import type { AxeProblem } from "../preview/messages.ts";
import { cutToWidth, DESCRIPTION_FONT_PX, DESCRIPTION_MAX_PX, TITLE_FONT_PX, TITLE_MAX_PX } from "../publish-gate/snippet.ts";
import { texts } from "../texts.ts";
import type { StudioApi } from "../studio-api.ts";

const g = texts.studio.gate;

/** `checking` with `preview`: the preview's own accessibility check is under way, which only this browser runs (Publish waits for it). */
export type GateState = { state: "checking"; preview?: true } | { state: "unavailable" } | { state: "none" } | { state: "ready"; report: GateReport };

/** How long Publish waits for the preview's check before going ahead without it: a preview that never answers must not stop publishing for ever. */
export const AXE_WAIT_MS = 10_000;

/**
 * The preview's own accessibility check (axe) while `asking`: `asked` is passed to the preview
 * pane to ask for it, `onAxe` takes its answer, and `merged` adds its findings to the server's.
 * With a preview (`previewed`), the gate is checking until it answers (or AXE_WAIT_MS passed):
 * its errors stop publishing as the server's do, and the server cannot run it.
 */
export function useAxeCheck(asking: boolean, previewed: boolean) {
  const [asked, setAsked] = useState(0);
  const [problems, setProblems] = useState<AxeProblem[]>();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setProblems(undefined);
    setWaited(false);
    if (!asking) return;
    setAsked((n) => n + 1);
    const timer = setTimeout(() => setWaited(true), AXE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [asking]);
  const merged = useCallback(
    (gate: GateState): GateState => {
      if (!problems) return asking && previewed && !waited && gate.state !== "unavailable" ? { state: "checking", preview: true } : gate;
      return gate.state !== "ready" && gate.state !== "none" ? gate : { state: "ready", report: withAxeFindings(gate.state === "ready" ? gate.report : undefined, problems) };
    },
    [problems, asking, previewed, waited],
  );
  return { asked, onAxe: setProblems, merged };
}

/** The gate's report on `data`, asked for while `api` is given (the Publish dialog is open on a page). */
export function usePublishGate(api: StudioApi | undefined, file: string, data: unknown): GateState {
  const [gate, setGate] = useState<GateState>({ state: "none" });
  useEffect(() => {
    if (!api) return setGate({ state: "none" });
    let current = true;
    setGate({ state: "checking" });
    void api.publishGate(file, data).then((answer) => {
      if (!current) return;
      setGate(!answer.ok ? { state: "unavailable" } : answer.data.gate ? { state: "ready", report: answer.data.gate } : { state: "none" });
    });
    return () => {
      current = false;
    };
    // The draft as the dialog opened on it: typing is not possible while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, file]);
  return gate;
}

/**
 * Whether Publish may go ahead: no problem found (or the server's check still under way: the
 * server reads the same page as it publishes, and refuses it with the problems; not the
 * preview's, which only this browser runs), or an admin's reason given.
 */
export const gatePasses = (gate: GateState, reason: string) =>
  gate.state === "checking" ? !gate.preview : gate.state !== "ready" || gate.report.blocking === 0 || reason.trim().length >= OVERRIDE_REASON.min;

/** `onShow`: goes to the field a finding is about, for the findings `canShow` finds a field for; `placeOf`: where it is in words, for those it finds none for. */
export interface ShowFinding {
  onShow?: (finding: Finding) => void;
  canShow?: (finding: Finding) => boolean;
  placeOf?: (finding: Finding) => string | undefined;
}

export function PublishGate({ gate, canOverride, reason, onReason, onShow, canShow, placeOf }: { gate: GateState; canOverride: boolean; reason: string; onReason: (reason: string) => void } & ShowFinding) {
  if (gate.state === "checking") return <Text mt="4" role="status">{g.checking}</Text>;
  if (gate.state === "unavailable") return <Text mt="4" role="status">{g.unavailable}</Text>;
  if (gate.state === "none") return null;
  const { findings, snippet, pages, axe, blocking } = gate.report;
  const problems = findings.filter((f) => f.severity === "error");
  const warnings = findings.filter((f) => f.severity === "warning");
  return (
    <Box mt="5" data-testid="publish-gate">
      {snippet && (
        <Flex gap="4" wrap="wrap">
          <SearchResult url={snippet.url} title={snippet.title} description={snippet.description} />
          <SocialCard url={snippet.url} title={snippet.title} description={snippet.description} image={snippet.image} />
        </Flex>
      )}
      {pages.length > 0 && (
        <Text mt="3" fontSize="sm" color="gray.700" data-testid="gate-pages">
          {gate.report.sample ? g.samplePages(pages) : g.pages(pages)}
        </Text>
      )}
      {axe && (
        <Text mt="1" fontSize="sm" color="gray.700" data-testid="gate-axe">
          {g.axe}
        </Text>
      )}
      {findings.length === 0 && (
        <Text mt="4" role="status" data-testid="gate-clean">
          {g.clean}
        </Text>
      )}
      <Findings heading={g.errors} findings={problems} tone="red" onShow={onShow} canShow={canShow} placeOf={placeOf} testId="gate-errors" />
      <Findings heading={g.warnings} findings={warnings} tone="orange" onShow={onShow} canShow={canShow} placeOf={placeOf} testId="gate-warnings" />
      {blocking > 0 && canOverride && (
        <Box mt="4">
          <chakra.label htmlFor="gate-reason" fontWeight="medium" fontSize="sm">
            {g.reason}
          </chakra.label>
          <Text id="gate-reason-help" fontSize="sm" color="gray.700">
            {g.reasonHelp(OVERRIDE_REASON.min)}
          </Text>
          <Textarea id="gate-reason" mt="1.5" value={reason} maxLength={OVERRIDE_REASON.max} onChange={(e) => onReason(e.target.value)} aria-describedby="gate-reason-help" rows={2} />
        </Box>
      )}
    </Box>
  );
}

function Findings({ heading, findings, tone, onShow, canShow = () => true, placeOf, testId }: { heading: string; findings: Finding[]; tone: "red" | "orange"; testId: string } & ShowFinding) {
  if (findings.length === 0) return null;
  return (
    <Box mt="4" data-testid={testId}>
      <Heading as="h3" size="sm" color={tone === "red" ? "red.800" : "orange.900"}>
        {heading}
      </Heading>
      <Stack as="ul" mt="2" gap="2" listStyleType="none">
        {findings.map((f, i) => (
          <chakra.li key={i} borderStartWidth="3px" borderColor={tone === "red" ? "red.600" : "orange.500"} ps="3" data-code={f.code}>
            <Flex gap="2" align="baseline" justify="space-between" wrap="wrap">
              <Text fontWeight="semibold">{f.title}</Text>
              {onShow && canShow(f) && (
                <Button size="xs" variant="outline" onClick={() => onShow(f)} aria-label={`${g.show}: ${f.title}`}>
                  {g.show}
                </Button>
              )}
            </Flex>
            {f.page && (
              <Text fontSize="sm" fontWeight="medium">
                {g.onPage(f.page)}
              </Text>
            )}
            <Text fontSize="sm">{f.message}</Text>
            {!(onShow && canShow(f)) && placeOf?.(f) && (
              <Text fontSize="sm" fontWeight="medium" data-testid="gate-place">
                {placeOf(f)}
              </Text>
            )}
            <Text fontSize="sm" color="gray.700">
              {f.hint}
            </Text>
          </chakra.li>
        ))}
      </Stack>
    </Box>
  );
}

/** The result as a search engine lays it out: Arial, cut where it would cut it. */
function SearchResult({ url, title, description }: { url: string; title: string; description: string }) {
  const shownTitle = cutToWidth(title, TITLE_FONT_PX, TITLE_MAX_PX).shown;
  const shownDescription = cutToWidth(description, DESCRIPTION_FONT_PX, DESCRIPTION_MAX_PX).shown;
  return (
    <Box as="figure" flex="1 1 20rem" minW="0" m="0" p="3" borderWidth="1px" borderColor="gray.300" rounded="md" data-testid="gate-snippet">
      <Text as="figcaption" fontSize="xs" fontWeight="semibold" color="gray.700" mb="1">
        {g.search}
      </Text>
      <Box fontFamily="Arial, sans-serif" maxW={`${TITLE_MAX_PX}px`}>
        <Text fontSize="sm" color="gray.800" truncate>
          {url}
        </Text>
        <Text fontSize={`${TITLE_FONT_PX}px`} lineHeight="1.3" color="#1a0dab">
          {shownTitle}
        </Text>
        <Text fontSize={`${DESCRIPTION_FONT_PX}px`} color="gray.800">
          {shownDescription}
        </Text>
      </Box>
    </Box>
  );
}

function SocialCard({ url, title, description, image }: { url: string; title: string; description: string; image: string }) {
  return (
    <Box as="figure" flex="1 1 16rem" minW="0" maxW="22rem" m="0" borderWidth="1px" borderColor="gray.300" rounded="md" overflow="hidden" data-testid="gate-card">
      <Text as="figcaption" fontSize="xs" fontWeight="semibold" color="gray.700" px="3" pt="2">
        {g.social}
      </Text>
      {image ? (
        <chakra.img src={image} alt="" w="full" aspectRatio="1.91" objectFit="cover" mt="2" bg="gray.100" />
      ) : (
        <Text fontSize="sm" color="gray.700" px="3" py="6" bg="gray.100" mt="2">
          {g.noImage}
        </Text>
      )}
      <Box px="3" py="2">
        <Text fontSize="xs" color="gray.700" textTransform="uppercase" truncate>
          {new URL(url).host}
        </Text>
        <Text fontWeight="semibold" lineClamp={2}>
          {title}
        </Text>
        <Text fontSize="sm" color="gray.700" lineClamp={2}>
          {description}
        </Text>
      </Box>
    </Box>
  );
}
