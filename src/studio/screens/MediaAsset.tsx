/**
 * One image of the media library: its picture with the focal point (set by a click, or the
 * arrow keys) and the crops it drives, its size and file, its texts (alt text in each
 * language with the missing and stale badges of translations, caption, credit, licence),
 * its tags, where it is used, its history in words (each published version, and for editors
 * Restore this version), and for editors Publish and Delete (refused, with the list, while used).
 */
import { Box, Button, chakra, Field, Flex, Heading, Input, SimpleGrid, Text, Textarea } from "@chakra-ui/react";
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useState } from "react";
import { type DescribeMedia, type MediaAsset, type MediaChange, type MediaLocale, type MediaUseView, type MediaVersion, replaceImpact } from "../../../schemas/studio-media.ts";
import type { ErrorData } from "../../errors/catalogue.ts";
import { StateBadge } from "../ui/StateBadge.tsx";
import { LoadingState } from "../../ui/States.tsx";
import type { Me } from "../client.ts";
import { media } from "../media.ts";
import { texts } from "../texts.ts";
import { useAnswer } from "../ui/answer.ts";
import { DoneNotice, ErrorNotice } from "../ui/ErrorNotice.tsx";
import { Failed } from "../ui/Failed.tsx";
import { useImageInput } from "../ui/uploads.tsx";
import { when } from "../ui/when.ts";
import { cropViews } from "../ui/crop-previews.ts";

const t = texts.media.asset;

const round = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number) => Math.min(1, Math.max(0, n));
const sizeInWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

type Focal = { x: number; y: number };
type AltTexts = { alt: string; translated: Record<string, string> };

/** The alt text in English and in each other language; with `asset`, the missing and stale badges of its translations. */
function AltFields({ texts: form, onChange, locales, asset }: { texts: AltTexts; onChange: (texts: AltTexts) => void; locales: readonly MediaLocale[]; asset?: MediaAsset }) {
  return (
    <>
      <Field.Root mt="3">
        <Field.Label>{t.alt}</Field.Label>
        <Textarea bg="white" rows={2} maxLength={250} value={form.alt} onChange={(e) => onChange({ ...form, alt: e.target.value })} />
        <Field.HelperText>{t.altHint}</Field.HelperText>
      </Field.Root>
      {locales.map((locale) => {
        const written = asset?.translations[locale.code];
        return (
          <Field.Root mt="4" key={locale.code}>
            <Field.Label>
              <span>
                {t.altIn} <span lang={locale.code}>{locale.name}</span>
              </span>
              {asset?.manifest.alt && !written && <StateBadge state="missing" label={t.missing} />}
              {written?.stale && <StateBadge state="stale" label={t.stale} />}
            </Field.Label>
            <Textarea bg="white" rows={2} maxLength={250} lang={locale.code} dir={locale.direction} value={form.translated[locale.code] ?? ""} onChange={(e) => onChange({ ...form, translated: { ...form.translated, [locale.code]: e.target.value } })} />
          </Field.Root>
        );
      })}
    </>
  );
}

/** The alt texts as the server takes them. */
const altBody = (form: AltTexts, locales: readonly MediaLocale[]) => ({
  alt: form.alt.trim(),
  translations: Object.fromEntries(locales.map((l) => [l.code, { alt: (form.translated[l.code] ?? "").trim() }])),
});
const focalBody = (focal: Focal) => ({ x: round(focal.x), y: round(focal.y) });
/** The tags as written, separated by commas: each once, in lower case (the server checks each). */
const tagsOf = (written: string) => [...new Set(written.split(",").map((tag) => tag.trim().toLowerCase()).filter(Boolean))];

/**
 * Where the eye should go in a picture, set by a click or the arrow keys, with the crops it
 * drives beside it. `name` tells two pickers on one page apart (the image's, a new picture's).
 */
function FocalPicker({ src, focal, onChange, name }: { src: string; focal: Focal; onChange: (focal: Focal) => void; name: string }) {
  const set = (x: number, y: number) => onChange({ x: clamp(x), y: clamp(y) });
  const clicked = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    set((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };
  const keyed = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 0.1 : 0.02;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    set(focal.x + move[0], focal.y + move[1]);
  };
  // The picture's proportions, once loaded: the previews then show the very part each crop keeps.
  const [size, setSize] = useState<{ width: number; height: number }>();
  return (
    <>
      <Heading as="h2" size="md">{t.focal}</Heading>
      <Text fontSize="sm" color="gray.700" mt="1" id={`${name}-hint`}>{t.focalHint}</Text>
      <chakra.button type="button" position="relative" display="block" mt="2" w="full" cursor="crosshair" onClick={clicked} onKeyDown={keyed} aria-label={t.focalButton(Math.round(focal.x * 100), Math.round(focal.y * 100))} aria-describedby={`${name}-hint`} _focusVisible={{ outline: "3px solid", outlineColor: "blue.600", outlineOffset: "2px" }} data-testid={`${name}-picker`}>
        <chakra.img src={src} alt="" display="block" w="full" h="auto" bg="gray.100" onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })} />
        <Box position="absolute" left={`${focal.x * 100}%`} top={`${focal.y * 100}%`} w="6" h="6" ml="-3" mt="-3" rounded="full" borderWidth="3px" borderColor="white" boxShadow="0 0 0 2px black" pointerEvents="none" aria-hidden="true" />
      </chakra.button>
      <Heading as="h3" size="sm" mt="6">{t.crops}</Heading>
      <Text fontSize="sm" color="gray.700" mt="1">{t.cropsHint}</Text>
      {cropViews(size, focal).map(({ crop, views }) => (
        <Box key={crop} role="group" aria-labelledby={`${name}-crop-${crop}`} mt="4" data-testid={`crop-${crop}`}>
          <Text fontWeight="semibold" fontSize="sm" id={`${name}-crop-${crop}`}>{t.crop[crop]}</Text>
          <Text fontSize="sm" color="gray.700">{t.cropNote[crop]}</Text>
          <Flex gap="4" mt="2" align="end" wrap="wrap">
            {views.map((view) => (
              <chakra.figure key={view.screen} data-testid={`crop-${crop}-${view.screen}`}>
                {/* All as high, each as wide as its shape: shapes compare at a glance, and a phone's fits beside a computer's at 390 pixels. */}
                <chakra.img src={src} alt="" display="block" w={`${Math.round(5.5 * view.aspect * 100) / 100}rem`} maxW="full" h="auto" aspectRatio={view.aspect} objectFit="cover" objectPosition={view.objectPosition} bg="gray.100" rounded={crop === "square" ? "full" : undefined} />
                <chakra.figcaption fontSize="sm" mt="1" maxW="8rem">{t.screen[view.screen]}</chakra.figcaption>
              </chakra.figure>
            ))}
          </Flex>
        </Box>
      ))}
    </>
  );
}

/** The form's texts from the image as it is. */
function textsOf(asset: MediaAsset, locales: readonly MediaLocale[]) {
  const { alt = "", caption = "", credit = "", licence = "", focal = { x: 0.5, y: 0.5 }, tags = [] } = asset.manifest;
  return { alt, caption, credit, licence, focal, tags: tags.join(", "), translated: Object.fromEntries(locales.map((l) => [l.code, asset.translations[l.code]?.alt ?? ""])) };
}

export function MediaAssetPage({ id, me, locales, onBack }: { id: string; me: Me; locales: readonly MediaLocale[]; onBack: (said?: string) => void }) {
  const load = useCallback(() => media.one(id), [id]);
  const [answer, retry] = useAnswer(load);
  const loaded = answer?.state === "loaded" ? answer.data : undefined;
  return (
    <Box data-testid="studio-media-asset">
      <Button variant="outline" size="sm" onClick={() => onBack()}>← {t.back}</Button>
      {/* The image's name heads its page from the first paint: while it loads, and when it cannot be. */}
      <Heading as="h1" size="2xl" mt="4" wordBreak="break-word">{id}</Heading>
      {answer?.state === "loading" && <LoadingState label={t.loading} />}
      <Failed answer={answer} retry={retry} label={texts.media.retry} />
      {loaded && <AssetEditor key={loaded.asset.id} asset={loaded.asset} uses={loaded.uses} me={me} locales={locales} onBack={onBack} reload={() => retry({ quiet: true })} />}
    </Box>
  );
}

function AssetEditor({ asset, uses, me, locales, onBack, reload }: { asset: MediaAsset; uses: MediaUseView[]; me: Me; locales: readonly MediaLocale[]; onBack: (said?: string) => void; reload: () => void }) {
  const [form, setForm] = useState(() => textsOf(asset, locales));
  const [error, setError] = useState<ErrorData>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editor = me.user.role !== "contributor";
  const { manifest } = asset;
  useEffect(() => setForm(textsOf(asset, locales)), [asset, locales]);

  const run = async <T,>(action: () => Promise<{ ok: true; data: T } | { ok: false; error: ErrorData }>, said: string) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    const result = await action();
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setDone(said);
    reload();
  };
  const body = (): DescribeMedia => ({
    ...altBody(form, locales),
    caption: form.caption.trim(),
    credit: form.credit.trim(),
    licence: form.licence.trim(),
    focal: focalBody(form.focal),
    tags: tagsOf(form.tags),
  });
  const save = () => run(() => media.describe(asset.id, body()), t.saved);
  const publish = () => run(async () => {
    const saved = await media.describe(asset.id, body());
    return saved.ok ? media.publish(asset.id) : saved;
  }, t.published);
  const remove = async () => {
    setBusy(true);
    const result = await media.remove(asset.id);
    setBusy(false);
    setConfirming(false);
    if (result.ok) return onBack(t.deleted(asset.id));
    setError(result.error);
  };

  const picture = media.fileUrl(asset.id, 960);

  return (
    <Box>
      <Text mt="1" color="gray.700">
        {texts.media.state[asset.state]} · {texts.media.uses(uses.length)}
        {asset.newPicture && ` · ${t.replace.pending}`}
      </Text>
      <ErrorNotice error={error} />
      <DoneNotice text={done} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8" mt="4">
        <Box>
          <FocalPicker src={picture} focal={form.focal} onChange={(focal) => setForm((f) => ({ ...f, focal }))} name="focal" />
          <Heading as="h2" size="md" mt="6">{t.facts}</Heading>
          <chakra.dl mt="2" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1">
            <chakra.dt fontWeight="semibold">{t.size}</chakra.dt>
            <chakra.dd>{t.pixels(manifest.width, manifest.height)}</chakra.dd>
            <chakra.dt fontWeight="semibold">{t.file}</chakra.dt>
            <chakra.dd>{t.type[manifest.type] ?? manifest.type}, {sizeInWords(manifest.bytes)}</chakra.dd>
            <chakra.dt fontWeight="semibold">{t.status}</chakra.dt>
            <chakra.dd>{texts.media.state[asset.state]}</chakra.dd>
          </chakra.dl>
        </Box>
        <Box as="form" onSubmit={(e) => { e.preventDefault(); void save(); }}>
          <Heading as="h2" size="md">{t.texts}</Heading>
          <AltFields texts={form} onChange={(alt) => setForm((f) => ({ ...f, ...alt }))} locales={locales} asset={asset} />
          <Field.Root mt="4">
            <Field.Label>{t.caption}</Field.Label>
            <Input bg="white" maxLength={300} value={form.caption} onChange={(e) => setForm((f) => ({ ...f, caption: e.target.value }))} />
          </Field.Root>
          <Field.Root mt="4">
            <Field.Label>{t.credit}</Field.Label>
            <Input bg="white" maxLength={200} value={form.credit} onChange={(e) => setForm((f) => ({ ...f, credit: e.target.value }))} />
            <Field.HelperText>{t.creditHint}</Field.HelperText>
          </Field.Root>
          <Field.Root mt="4">
            <Field.Label>{t.licence}</Field.Label>
            <Input bg="white" maxLength={200} value={form.licence} onChange={(e) => setForm((f) => ({ ...f, licence: e.target.value }))} />
            <Field.HelperText>{t.licenceHint}</Field.HelperText>
          </Field.Root>
          <Field.Root mt="4">
            <Field.Label>{t.tags}</Field.Label>
            <Input bg="white" maxLength={800} value={form.tags} onChange={(e) => setForm((f) => ({ ...f, tags: e.target.value }))} />
            <Field.HelperText>{t.tagsHint}</Field.HelperText>
          </Field.Root>
          <Flex gap="3" mt="6" wrap="wrap">
            <Button type="submit" variant={editor ? "outline" : "solid"} loading={busy}>{t.save}</Button>
            {editor && <Button type="button" onClick={() => void publish()} loading={busy}>{t.publish}</Button>}
          </Flex>
          {!editor && <Text mt="2" fontSize="sm" color="gray.700">{t.contributorNote}</Text>}
        </Box>
      </SimpleGrid>
      <ReplacePicture asset={asset} uses={uses} locales={locales} onReplaced={(said) => { setError(undefined); setDone(said); reload(); }} />
      <Box as="section" aria-labelledby="media-uses" mt="10">
        <Heading as="h2" size="md" id="media-uses">{t.uses}</Heading>
        {uses.length === 0 ? (
          <Text mt="2">{t.noUses}</Text>
        ) : (
          <chakra.ul mt="2" pl="5" data-testid="media-uses">
            {uses.map((use, i) => (
              <chakra.li key={i}>
                {use.document}: {use.place}
                {use.draft && ` (${t.draftUse})`}
                {use.scheduled && ` (${t.scheduledUse(when(use.scheduled))})`}
                {/* A post of one language other than the default: which one. */}
                {locales.some((l) => l.code === use.locale) && (
                  <>
                    {" "}(<span lang={use.locale!}>{locales.find((l) => l.code === use.locale)!.name}</span>)
                  </>
                )}
              </chakra.li>
            ))}
          </chakra.ul>
        )}
      </Box>
      <MediaHistory asset={asset} editor={editor} locales={locales} onRestored={(said) => { setError(undefined); setDone(said); reload(); }} onError={setError} />
      {editor && (
        <Box mt="8">
          {!confirming ? (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>{t.delete}</Button>
          ) : (
            <Box role="group" aria-label={t.confirmDelete(asset.id)} borderWidth="1px" borderColor="red.300" rounded="md" p="4">
              <Text fontWeight="semibold">{t.confirmDelete(asset.id)}</Text>
              <Flex gap="3" mt="3">
                <Button colorPalette="red" onClick={() => void remove()} loading={busy}>{t.yesDelete}</Button>
                <Button variant="outline" onClick={() => setConfirming(false)}>{t.cancel}</Button>
              </Flex>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * A new picture for the image, keeping its id: first what it changes (the pages, lists and
 * posts using it, in how many languages), then, as it may show something else, its focal point
 * and alt text asked again on the new picture; sent as a draft an editor publishes.
 */
function ReplacePicture({ asset, uses, locales, onReplaced }: { asset: MediaAsset; uses: MediaUseView[]; locales: readonly MediaLocale[]; onReplaced: (said: string) => void }) {
  const [chosen, setChosen] = useState<{ file: File; preview: string }>();
  const [focal, setFocal] = useState<Focal>({ x: 0.5, y: 0.5 });
  const [alts, setAlts] = useState<AltTexts>(() => textsOf(asset, locales));
  const [sent, setSent] = useState<number>();
  const [error, setError] = useState<ErrorData>();
  const { documents, languages } = replaceImpact(uses, locales.length);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      setChosen({ file, preview: String(reader.result) });
      setFocal({ x: 0.5, y: 0.5 });
      setAlts(textsOf(asset, locales));
      setError(undefined);
    };
    reader.readAsDataURL(file);
  };
  const picker = useImageInput((files) => choose(files[0]), { testId: "media-replace-input" });
  const send = async () => {
    if (!chosen) return;
    setSent(0);
    setError(undefined);
    const result = await media.replace(asset.id, chosen.file, { ...altBody(alts, locales), focal: focalBody(focal) }, setSent);
    setSent(undefined);
    if (!result.ok) return setError(result.error);
    setChosen(undefined);
    onReplaced(result.data.changed ? t.replace.done : t.replace.same);
  };

  return (
    <Box as="section" aria-labelledby="media-replace" mt="10">
      <Heading as="h2" size="md" id="media-replace">{t.replace.heading}</Heading>
      <Text mt="2" data-testid="media-replace-impact">{t.replace.impact(documents, languages)}</Text>
      {picker.element}
      {!chosen ? (
        <Button mt="3" variant="outline" onClick={picker.choose}>{t.replace.choose}</Button>
      ) : (
        <Box role="group" aria-labelledby="media-replace-with" mt="3" p="4" borderWidth="1px" borderColor="blue.300" rounded="md" data-testid="media-replace">
          <Text fontWeight="semibold" id="media-replace-with" wordBreak="break-word">{t.replace.with(chosen.file.name)}</Text>
          <Text mt="1">{t.replace.askAgain}</Text>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" mt="4">
            <Box>
              <FocalPicker src={chosen.preview} focal={focal} onChange={setFocal} name="new-focal" />
            </Box>
            <Box as="form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
              <AltFields texts={alts} onChange={setAlts} locales={locales} />
              {sent !== undefined && <chakra.progress mt="3" value={sent} max={1} w="full" aria-label={texts.media.upload.progress(chosen.file.name)} />}
              <ErrorNotice error={error} />
              <Flex gap="3" mt="4" wrap="wrap">
                <Button type="submit" loading={sent !== undefined}>{t.replace.apply}</Button>
                <Button variant="outline" onClick={() => setChosen(undefined)}>{t.cancel}</Button>
              </Flex>
            </Box>
          </SimpleGrid>
        </Box>
      )}
    </Box>
  );
}

/** One change of a version in words. */
function changeWords(change: MediaChange): string {
  const h = t.history;
  const facts = (p: { type: string; width: number; height: number }) => h.pictureFacts(t.type[p.type] ?? p.type, p.width, p.height);
  switch (change.kind) {
    case "added":
      return h.added;
    case "picture":
      return h.picture(facts(change.from), facts(change.to));
    case "text":
      return h.text(h.field[change.field], change.from, change.to);
    case "focal":
      return h.focal(change.to);
    case "tags":
      return h.tags(change.to);
  }
}

/** Each published version of the image, newest first, in words; an editor restores an earlier one (through the publish path). */
export function MediaHistory({ asset, editor, locales, onRestored, onError }: { asset: MediaAsset; editor: boolean; locales: readonly MediaLocale[]; onRestored: (said: string) => void; onError: (error: ErrorData) => void }) {
  const load = useCallback(() => media.history(asset.id), [asset]);
  const [answer, retry] = useAnswer(load);
  const [asking, setAsking] = useState<string>();
  const [busy, setBusy] = useState(false);
  const h = t.history;
  const versions: MediaVersion[] = answer?.state === "loaded" ? answer.data.versions : [];
  const restore = async (rev: string) => {
    setBusy(true);
    const result = await media.revert(asset.id, rev);
    setBusy(false);
    setAsking(undefined);
    if (!result.ok) return onError(result.error);
    onRestored(h.restored);
  };
  return (
    <Box as="section" aria-labelledby="media-history" mt="10">
      <Heading as="h2" size="md" id="media-history">{h.heading}</Heading>
      <Failed answer={answer} retry={retry} label={texts.media.retry} />
      {answer?.state === "loaded" && versions.length === 0 && <Text mt="2">{h.none}</Text>}
      <chakra.ol listStyleType="none" mt="2" data-testid="media-history">
        {versions.map((version, i) => (
          <chakra.li key={version.rev} py="3" borderBottomWidth="1px" borderColor="gray.200" data-testid="media-version">
            <Text fontWeight="semibold">{h.by(version.author.name, when(version.date))}</Text>
            {version.restored && <Text fontSize="sm" color="gray.700">{h.restoredNote}</Text>}
            <chakra.ul pl="5" listStyleType="disc">
              {(version.changes.length > 0 ? version.changes.map(changeWords) : [h.nothing]).map((words, j) => (
                <li key={j}>{words}</li>
              ))}
            </chakra.ul>
            {/* The newest is the image as it is: nothing to restore. */}
            {editor && i > 0 && (asking !== version.rev ? (
              <Button mt="2" size="sm" variant="outline" onClick={() => setAsking(version.rev)}>{h.restore}</Button>
            ) : (
              <Box role="group" aria-label={h.restore} mt="2" p="3" borderWidth="1px" borderColor="blue.300" rounded="md">
                <Text>{h.confirmRestore}</Text>
                {/* A translation published since this version goes with the restore: said before, in words. */}
                {version.removes.map(({ locale, fields }) => (
                  <Text key={locale} mt="1" fontWeight="semibold" data-testid="media-restore-removes">
                    {h.removes(fields.map((field) => h.translated[field] ?? field), locales.find((l) => l.code === locale)?.name ?? locale)}
                  </Text>
                ))}
                <Flex gap="3" mt="2" wrap="wrap">
                  <Button size="sm" onClick={() => void restore(version.rev)} loading={busy}>{h.yesRestore}</Button>
                  <Button size="sm" variant="outline" onClick={() => setAsking(undefined)}>{t.cancel}</Button>
                </Flex>
              </Box>
            ))}
          </chakra.li>
        ))}
      </chakra.ol>
    </Box>
  );
}
