/**
 * Schedule…: publishes the open file's draft later, at a date and time in the site's time zone
 * (the site settings' `timeZone`, named beside the fields). The draft is sent first and scheduled as
 * it is now (later edits stay a draft). A pending schedule shows beside the button with Cancel;
 * the dialog lists the file's recent ones, a failed one with its reason. For editors and admins
 * (a contributor sees nothing of it); the server runs it (server/studio/schedules-runner.ts).
 * The publish gate reads the page as it is scheduled: its problems are shown here and stop the
 * schedule as they stop a publish (an admin may schedule anyway, giving a reason). The new images
 * the draft names are named: they go live with it, as with Publish; so are the translations
 * that lose the texts of blocks it removes.
 */
import { Button, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useId, useState } from "react";
import site from "../../page/site-settings.ts";
import type { ScheduleView } from "../../../schemas/studio-schedule.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { me } from "../../studio/client.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import type { EditorFailure } from "../model.ts";
import { inZone, zonedInputs, zonedToUtc } from "../schedule-time.ts";
import type { StudioApi } from "../studio-api.ts";
import { gatePasses, type GateState, PublishGate } from "./PublishGate.tsx";
import { useNewImages } from "./new-images.ts";
import { texts as editorTexts } from "../texts.ts";

const texts = {
  button: "Schedule…",
  title: "Schedule publishing",
  intro: "Your draft as it is now is published at the time you choose. Changes you make afterwards stay in the draft.",
  day: "Date",
  time: "Time",
  zone: (zone: string) => `Times are in the site's time zone, ${zone}.`,
  submit: "Schedule",
  working: "Scheduling…",
  anyway: "Schedule anyway",
  close: "Close",
  cancel: "Cancel",
  pending: (when: string, name: string) => `Publishes ${when} (scheduled by ${name})`,
  list: "This page's scheduled publishes",
  states: { pending: "Pending", done: "Published", failed: "Not published", cancelled: "Cancelled" },
};

const zone = site.timeZone;
const when = (iso: string) => inZone(iso, zone);

export function SchedulePublish({
  api,
  file,
  data,
  flush,
  translationsLeaving,
}: {
  api: StudioApi;
  file: string;
  data: unknown;
  flush: () => Promise<void>;
  /** Blocks it removes, and the languages their texts leave with them (as PublishConfirm's). */
  translationsLeaving?: { blocks: number; languages: readonly string[] };
}) {
  const [allowed, setAllowed] = useState(false);
  const [admin, setAdmin] = useState(false);
  const [gate, setGate] = useState<GateState>({ state: "none" });
  const [reason, setReason] = useState("");
  const [schedules, setSchedules] = useState<ScheduleView[]>([]);
  const [open, setOpen] = useState(false);
  const [inputs, setInputs] = useState(() => zonedInputs(Date.now() + 3_600_000, zone));
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<EditorFailure>();
  const images = useNewImages(open ? api : undefined, file, data);
  const dayId = useId();
  const timeId = useId();

  useEffect(() => {
    let current = true;
    void me().then((result) => {
      if (!current || !result.ok) return;
      setAllowed(result.data.user.role !== "contributor");
      setAdmin(result.data.user.role === "admin");
    });
    return () => {
      current = false;
    };
  }, []);
  const refresh = useCallback(async () => {
    const listed = await api.schedules(file);
    if (listed.ok) setSchedules(listed.data.schedules);
  }, [api, file]);
  useEffect(() => void (allowed && refresh()), [allowed, refresh]);

  if (!allowed) return null;
  const pending = schedules.filter((s) => s.state === "pending");
  const stopped = gate.state === "ready" && gate.report.blocking > 0;

  const submit = async () => {
    setFailure(undefined);
    const at = zonedToUtc(inputs.day, inputs.time, zone);
    if (!at) return setFailure({ error: catalogue.ScheduleNoTime() });
    setWorking(true);
    try {
      await flush();
      const draft = await api.draft(file);
      if (!draft.ok) return setFailure(draft.status === 404 ? { error: catalogue.StudioScheduleNoDraft() } : draft.failure);
      const { base, data } = draft.data.draft;
      const read = await api.publishGate(file, data);
      const checked: GateState = read.ok && read.data.gate ? { state: "ready", report: read.data.gate } : { state: "none" };
      setGate(checked);
      const stopped = checked.state === "ready" && checked.report.blocking > 0;
      if (stopped && !(admin && gatePasses(checked, reason))) return;
      const made = await api.schedule(file, base, data, at, stopped ? { reason: reason.trim() } : undefined);
      if (!made.ok) return setFailure(made.failure);
      setOpen(false);
      await refresh();
    } finally {
      setWorking(false);
    }
  };
  const cancel = async (id: string) => {
    const cancelled = await api.cancelSchedule(id);
    if (!cancelled.ok) setFailure(cancelled.failure);
    await refresh();
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => (setFailure(undefined), setGate({ state: "none" }), setReason(""), setOpen(true))} data-testid="schedule-publish">
        {texts.button}
      </Button>
      {pending.map((s) => (
        <Flex key={s.id} role="status" align="center" gap="2" data-testid="schedule-pending">
          <Text fontSize="sm" color="gray.800">
            {texts.pending(when(s.at), s.by.name)}
          </Text>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => void cancel(s.id)} aria-label={`${texts.cancel}: ${when(s.at)}`}>
            {texts.cancel}
          </Button>
        </Flex>
      ))}
      <Dialog open={open} title={texts.title} onClose={() => setOpen(false)} testId="schedule-dialog">
        <Text mt="3" color="gray.800">
          {texts.intro}
        </Text>
        <Flex gap="3" mt="4" wrap="wrap" align="flex-end">
          <Stack gap="1">
            <label htmlFor={dayId}>{texts.day}</label>
            <Input id={dayId} type="date" value={inputs.day} onChange={(e) => setInputs({ ...inputs, day: e.target.value })} data-testid="schedule-day" />
          </Stack>
          <Stack gap="1">
            <label htmlFor={timeId}>{texts.time}</label>
            <Input id={timeId} type="time" value={inputs.time} onChange={(e) => setInputs({ ...inputs, time: e.target.value })} data-testid="schedule-time" />
          </Stack>
        </Flex>
        <Text mt="2" fontSize="sm" color="gray.700" data-testid="schedule-zone">
          {texts.zone(zone)}
        </Text>
        {translationsLeaving && (
          <Text mt="2" data-testid="schedule-translations">
            {editorTexts.studio.confirm.scheduledRemovedBlocks(translationsLeaving.blocks, translationsLeaving.languages)}
          </Text>
        )}
        {images.length > 0 && (
          <Text mt="2" data-testid="schedule-images">
            {editorTexts.studio.confirm.scheduledImages(images.map((image) => image.name))}
          </Text>
        )}
        <PublishGate gate={gate} canOverride={admin} reason={reason} onReason={setReason} />
        {failure && (
          <Stack mt="3" gap="1" role="alert" data-testid="schedule-failure">
            <Text color="red.700" fontWeight="semibold">
              {failure.error.message}
            </Text>
            {failure.error.hint && <Text color="red.700">{failure.error.hint}</Text>}
            {failure.errors?.map((e, i) => (
              <Text key={i} fontSize="sm" color="red.700">
                {e.pointer ? `${e.pointer}: ` : ""}
                {e.message}
              </Text>
            ))}
            {failure.changes?.map((c, i) => (
              <Text key={i} fontSize="sm" color="red.700">
                {c.words}
              </Text>
            ))}
          </Stack>
        )}
        {schedules.length > 0 && (
          <Stack mt="4" gap="1">
            <Text fontWeight="semibold">{texts.list}</Text>
            <Stack as="ul" pl="5" gap="1" data-testid="schedule-list">
              {schedules.map((s) => (
                <li key={s.id}>
                  <Text fontSize="sm">
                    {when(s.at)}: {texts.states[s.state]}
                    {s.error ? `. ${s.error.title}: ${s.error.message}` : ""}
                  </Text>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {texts.close}
          </Button>
          {(!stopped || admin) && (
            <Button onClick={() => void submit()} loading={working} loadingText={texts.working} disabled={!gatePasses(gate, reason)} colorPalette={stopped ? "red" : undefined} data-testid="schedule-submit">
              {stopped ? texts.anyway : texts.submit}
            </Button>
          )}
        </Flex>
      </Dialog>
    </>
  );
}
