/**
 * A page or a collection in another locale (`?page=about&locale=hi`): every text that
 * translates, grouped by block (or item), each with its English beside the translation, and
 * badges for what the checker finds missing or stale on the text, its block and the page.
 * Editing writes the translation file (content/translations/<locale>/…) through the same
 * session, checks, drafts and publishing as the page itself, with its review bar; each
 * typed text and each "Mark as still correct" changes one line of it.
 */
import { Box, Button, chakra, Container, Flex, Heading, Stack, Text, Textarea } from "@chakra-ui/react";
import { StateBadge } from "../../studio/ui/StateBadge.tsx";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ContentError } from "../../content-files/errors.ts";
import { notify } from "../../ui/toaster.ts";
import { LoadingState } from "../../ui/States.tsx";
import { EDITOR_PATH } from "../../runtime/studio-paths.ts";
import { localeUrl } from "../../studio/editor-paths.ts";
import { isSiteWide } from "../../../schemas/translations.ts";
import { followInPage } from "../../page/location.ts";
import type { EditorBackend } from "../backend.ts";
import type { OpenOutcome, OpenedFile } from "../document/open.ts";
import { pointerOf } from "../document/paths.ts";
import { entryFor, fieldOf, groupTexts, openTranslation, orphanedBlockName, stillCorrect, translationBlocks, type TextGroup, type TextState, type TranslatedKind, type TranslationEdit, translationChanges, typed } from "../document/translation.ts";
import type { SaveOptions } from "../document/store.ts";
import { useDocument } from "../document/use-document.ts";
import type { EditorContext } from "../model.ts";
import { texts } from "../texts.ts";
import { translationTexts as t } from "../translation-texts.ts";
import { FieldErrors } from "./Field.tsx";
import { LocaleSwitcher } from "./LocaleSwitcher.tsx";
import { DraftNotKept, PublishConfirm, SharedChangesNote, SharePreview, statusWords, useDraftSaving, usePublishConflict } from "./StudioParts.tsx";
import { ReviewBar } from "./ReviewBar.tsx";
import { usePublishGate } from "./PublishGate.tsx";
import { pointerOfFinding } from "../publish-gate/locate.ts";
import type { Finding } from "../publish-gate/report.ts";
import { documentName } from "../document/names.ts";
import { entryName, fieldPathWords, linkOfText } from "../document/places.ts";
import { LinkButton } from "../../ui/LinkButton.tsx";

interface Props {
  kind: TranslatedKind;
  name: string;
  locale: string;
  context: EditorContext;
  backend: EditorBackend;
}

/** Opens the translation file (a new one if it has none yet), then edits it. */
export function TranslationFile({ kind, name, locale, context, backend }: Props) {
  const [opened, setOpened] = useState<OpenOutcome | { state: "loading" }>({ state: "loading" });
  useEffect(() => void openTranslation(kind, name, locale, backend.storage).then(setOpened), [kind, name, locale, backend.storage]);
  if (opened.state === "loading") return <LoadingState label={texts.loading} />;
  if (opened.state === "missing") return <LoadingState label={texts.loading} />;
  if (opened.state === "failed") {
    return (
      <Container maxW="2xl" py="16" role="alert">
        <Text>{opened.failure.error.message}</Text>
      </Container>
    );
  }
  if (opened.state === "unreadable") {
    return (
      <Container maxW="2xl" py="16" data-testid="editor-unreadable">
        <Heading as="h1" size="xl">
          {texts.editor.unreadable.title}
        </Heading>
        <FieldErrors errors={opened.failure.errors.filter((e) => e.file === opened.failure.file)} />
      </Container>
    );
  }
  return <TranslationEditor opened={opened.value} kind={kind} locale={locale} context={context} backend={backend} />;
}

function TranslationEditor({ opened, kind, locale, context, backend }: { opened: OpenedFile; kind: TranslatedKind; locale: string; context: EditorContext; backend: EditorBackend }) {
  const { file, name } = opened;
  const { studio } = backend;
  const { session, state, errors, dirty, status } = useDocument(opened, backend.storage);
  const canSave = studio.canPublish;
  const draftSaving = useDraftSaving(studio, file);
  const data = state.editor.history.present.data;
  const translation = state.check.translation;
  const groups = useMemo(() => groupTexts(translation), [translation]);
  const target = context.locales.find((l) => l.code === locale);
  const apply = useCallback((edit: TranslationEdit | undefined, group?: string) => edit && session.dispatch({ type: "edit", path: edit.path, value: edit.value, ...(group && { group }) }), [session]);

  const publishConflict = usePublishConflict(session, () => void session.reload());
  // Publish asks once, listing the texts that go live, as the page editor does.
  const [asking, setAsking] = useState(false);
  const publishChanges = useMemo(() => (asking ? translationChanges(state.editor.saved.data, data, translation?.texts ?? []) : []), [asking, state.editor.saved.data, data, translation]);
  // A translation changes its source's pages in its language: the gate reads them there, as for the source itself (the blog's categories and tags have no gate).
  const gate = usePublishGate(asking && kind !== "taxonomy" ? studio.api : undefined, file, data);
  const save = async (options?: SaveOptions) => {
    const result = await session.save(options);
    if (result.kind === "saved") {
      notify("success", texts.studio.published.title, texts.studio.published.text(`${sourceName} ${t.in(target?.name ?? locale, locale)}`));
    } else if (result.kind === "blocked") notify("error", texts.studio.notPublished, texts.notices.fixFirst(result.inFile.length + result.elsewhere.length));
    else if (result.kind === "conflict") await publishConflict.refused(result.failure);
    else if (result.kind === "refused") notify("error", result.failure.error.title, `${result.failure.error.message} ${result.failure.error.hint}`);
  };

  const statusText = statusWords(status, errors.blocking, draftSaving, dirty);
  const sourceList = (() => {
    const source =
      kind === "page"
        ? (context.pages[`content/pages/${name}.json`] as { blocks?: unknown[] } | undefined)?.blocks
        : kind === "section"
          ? context.sections.find((s) => s.id === name)?.blocks
          : kind === "collection"
            ? (context.collections as Record<string, unknown[]>)[name]
            : undefined;
    return Array.isArray(source) ? source : [];
  })();
  const indexOf = (group: TextGroup) => sourceList.findIndex((entry) => (entry as { key?: unknown; id?: unknown } | null)?.[group.kind === "block" ? "key" : "id"] === group.name);
  /** A block's or an item's group by what it is in the source ("Hero", "Item “What does it cost?”"), never its key. */
  const groupName = (group: TextGroup) => {
    const index = indexOf(group);
    return index >= 0 ? entryName(sourceList, index, group.kind === "block" ? "blocks" : "items") : group.kind === "block" ? t.block(group.name) : t.item(group.name);
  };
  /** A text's field in words, its list items by their place in the source (fieldPathWords). */
  const fieldWords = (group: TextGroup, text: TextState) => fieldPathWords(fieldOf(text), sourceList[indexOf(group)]);
  /**
   * The translated text a finding is about, when one of the rows holds it: a heading's or a link's
   * by its words; a link without words by the link it labels (its address in the site's language).
   */
  const textOfFinding = (finding: Finding) => {
    const pointer = pointerOfFinding(data, finding);
    const { sourceHref } = finding;
    for (const group of groups) {
      const found = group.texts.find((text) => (pointer !== undefined ? pointerOf([...text.slot, "text"]) === pointer : sourceHref !== undefined && linkOfText(fieldOf(text), sourceList[indexOf(group)]) === sourceHref));
      if (found) return found;
    }
    return undefined;
  };
  const sourceName = isSiteWide(kind) ? t.siteWide[kind] : documentName(kind, name, kind === "section" ? context.sections.find((s) => s.id === name) : context.pages[`content/pages/${name}.json`]);

  return (
    <Flex direction="column" minH="100dvh" data-testid="translation-editor" data-file={file} data-dirty={dirty || undefined} data-checking={state.checking || undefined}>
      <Flex as="header" align="center" gap="2" wrap="wrap" px="3" py="2" borderBottomWidth="1px" borderColor="gray.300" bg="white">
        <LinkButton href={EDITOR_PATH} onClick={(e) => (dirty && !window.confirm(texts.leave) ? e.preventDefault() : followInPage(e))} size="sm" variant="ghost">← {texts.editor.allPages}</LinkButton>
        <Heading as="h1" size="md" flex="1 1 100%" minW="0" overflowWrap="anywhere">
          {sourceName} {t.in(target?.name ?? locale, locale)}
        </Heading>
        <LocaleSwitcher locales={context.locales} kind={kind} name={name} current={locale} dirty={dirty} />
        <Text fontSize="sm" color={errors.blocking > 0 ? "red.700" : "gray.700"} aria-live="polite" data-testid="editor-status">
          {statusText}
        </Text>
        <Button size="sm" variant="outline" onClick={() => session.dispatch({ type: "undo" })} disabled={state.editor.history.past.length === 0}>
          {texts.editor.undo}
        </Button>
        <Button size="sm" variant="outline" onClick={() => session.dispatch({ type: "redo" })} disabled={state.editor.history.future.length === 0}>
          {texts.editor.redo}
        </Button>
        {/* The page in its language, its stale texts marked (server/studio/documents/render.ts). */}
        {kind === "page" && <SharePreview api={studio.api} file={file} flush={studio.flush} />}
        {canSave && (
          <Button size="sm" onClick={() => setAsking(true)} loading={state.saving} loadingText={texts.studio.publishing} data-testid="editor-save">
            {texts.studio.publish}
          </Button>
        )}
      </Flex>
      <ReviewBar studio={studio} file={file} version={state.editor.saved.version} />
      <DraftNotKept saving={draftSaving} onRetry={() => void studio.flush()} />
      {!studio.canPublish && (
        <Text px="4" py="1.5" fontSize="sm" color="gray.700" borderBottomWidth="1px" borderColor="gray.200" data-testid="studio-note">
          {texts.editor.draft.contributor}
        </Text>
      )}
      <SharedChangesNote changes={state.sharedChanges} />
      {publishConflict.dialog}
      <PublishConfirm
        open={asking}
        name={`${sourceName} ${t.in(target?.name ?? locale, locale)}`}
        changes={publishChanges}
        gate={gate}
        canOverride={studio.canOverride}
        canShow={(finding) => textOfFinding(finding) !== undefined}
        placeOf={(finding) => (finding.sourceHref === undefined ? undefined : t.linkElsewhere(finding.sourceHref, target?.name ?? locale))}
        onShow={(finding) => {
          setAsking(false);
          goToText(textOfFinding(finding)!);
        }}
        onClose={() => setAsking(false)}
        onPublish={(override) => {
          setAsking(false);
          void save(override && { override });
        }}
      />

      <Container as="section" aria-labelledby="translation-heading" maxW="5xl" py="6">
        <Flex align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" id="translation-heading" size="lg">
            {target?.name ?? locale}
          </Heading>
          {translation && (
            <Text color="gray.800" data-testid="translation-progress">
              {t.progress(translation.percent, translation.translated, translation.total)}
            </Text>
          )}
          {!isSiteWide(kind) && (
            <LinkButton href={localeUrl(kind, name)} onClick={followInPage} size="xs" variant="ghost">{t.openSource}</LinkButton>
          )}
        </Flex>
        <Text mt="2" color="gray.700" fontSize="sm">
          {t.intro}
        </Text>
        <FieldErrors errors={errors.inFile.filter((e) => e.pointer === "")} />
        <StaleList groups={groups} groupName={groupName} fieldWords={fieldWords} />
        {(kind === "page" || kind === "section") && <OrphanedBlocks keys={translation?.orphanedBlocks ?? []} source={kind} data={data} onRemove={(key) => apply({ path: ["blocks", key], value: undefined })} />}
        {!translation ? (
          <Text mt="6" color="gray.700">
            {t.waiting}
          </Text>
        ) : groups.length === 0 ? (
          <Text mt="6">{t.nothing}</Text>
        ) : (
          <Stack gap="6" mt="6">
            {groups.map((group) => (
              <TextGroupView key={group.id} group={group} name={groupName(group)} fieldWords={(text) => fieldWords(group, text)} data={data} locale={locale} dir={target?.direction ?? "ltr"} errorsAt={(p) => errors.byPointer.get(p) ?? []} onEdit={apply} />
            ))}
          </Stack>
        )}
      </Container>
    </Flex>
  );
}

/**
 * The texts whose English changed since they were translated, listed first in words (the block
 * and the field, and the English now), each leading to its field: what is still published
 * from an older English, for the marketer to update or mark as still correct.
 */
export function StaleList({ groups, groupName, fieldWords }: { groups: readonly TextGroup[]; groupName: (group: TextGroup) => string; fieldWords: (group: TextGroup, text: TextState) => string }) {
  const stale = groups.flatMap((group) => group.texts.filter((text) => text.state === "stale").map((text) => ({ group, text })));
  if (stale.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="stale-heading" mt="4" p="4" borderWidth="1px" borderColor="orange.300" bg="orange.50" rounded="md" data-testid="stale-list">
      <Heading as="h3" id="stale-heading" size="sm">
        {t.staleHeading(stale.length)}
      </Heading>
      <Text fontSize="sm" color="gray.800" mt="1">
        {t.staleIntro}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1.5" mt="2">
        {stale.map(({ group, text }) => (
          <li key={text.slot.join("/")}>
            <Button variant="plain" size="sm" px="0" h="auto" minH="6" color="blue.800" textDecoration="underline" whiteSpace="normal" textAlign="start" onClick={() => goToText(text)}>
              {group.kind === "meta" ? t.meta : group.kind === "fields" ? t.fields : groupName(group)} → {fieldWords(group, text)}
            </Button>
            <Text as="span" fontSize="sm" color="gray.800">
              {": "}
              {t.englishNow} <chakra.span lang="en">“{text.source}”</chakra.span>
            </Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The texts the translation holds for blocks the published page (or section) does not have: a
 * block pasted and not published yet, whose texts wait here, or one removed (left behind by a
 * file edited by hand, or by a paste undone), which the checker warns of as orphaned. Each by
 * the English it was made from, with Remove.
 */
function OrphanedBlocks({ keys, source, data, onRemove }: { keys: readonly string[]; source: "page" | "section"; data: unknown; onRemove: (key: string) => void }) {
  // Removed here, they are gone from the draft before the next check says so.
  const held = keys.filter((key) => Object.hasOwn(translationBlocks(data), key));
  if (held.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="orphaned-heading" mt="4" p="4" borderWidth="1px" borderColor="gray.300" bg="gray.50" rounded="md" data-testid="orphaned-list">
      <Heading as="h3" id="orphaned-heading" size="sm">
        {t.orphanedHeading(held.length, source)}
      </Heading>
      <Text fontSize="sm" color="gray.800" mt="1">
        {t.orphanedIntro(source)}
      </Text>
      <Stack as="ul" listStyleType="none" gap="1.5" mt="2">
        {held.map((key) => {
          const name = orphanedBlockName(data, key);
          return (
            <Flex as="li" key={key} align="center" gap="2" wrap="wrap">
              <Text as="span" fontSize="sm" lang="en">
                {name}
              </Text>
              <Button size="xs" variant="outline" aria-label={`${t.removeTexts}: ${name}`} onClick={() => onRemove(key)}>
                {t.removeTexts}
              </Button>
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}

/** The id of a text's field: what the stale list and the publish gate's Show lead to. */
const rowId = (text: TextState) => `translation-${text.slot.join("-").replace(/[^a-zA-Z0-9_-]/g, "_")}`;

function goToText(text: TextState) {
  const field = document.getElementById(rowId(text));
  field?.scrollIntoView({ block: "center" });
  field?.focus();
}

/** A block's (or an item's, or the page settings') texts, with its own badges. */
function TextGroupView({ group, name, fieldWords, data, locale, dir, errorsAt, onEdit }: { group: TextGroup; name: string; fieldWords: (text: TextState) => string; data: unknown; locale: string; dir: string; errorsAt: (pointer: string) => readonly ContentError[]; onEdit: (edit: TranslationEdit | undefined, group?: string) => void }) {
  const heading = group.kind === "meta" ? t.meta : group.kind === "fields" ? t.fields : name;
  const headingId = `group-${group.id.replace(/[^a-zA-Z0-9_-]/g, "-")}`;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="gray.300" rounded="md" p="4" data-testid="translation-group" data-group={group.id}>
      <Flex align="center" gap="2" wrap="wrap">
        <Heading as="h3" id={headingId} size="sm">
          {heading}
        </Heading>
        {group.missing + group.stale > 0 && <StateBadge state={group.stale > 0 ? "stale" : "missing"} label={t.counts(group.missing, group.stale)} />}
      </Flex>
      <Stack gap="4" mt="3">
        {group.texts.map((text) => (
          <TextRow key={text.slot.join("/")} text={text} words={fieldWords(text)} data={data} locale={locale} dir={dir} errors={errorsAt(pointerOf([...text.slot, "text"]))} onEdit={onEdit} />
        ))}
      </Stack>
    </Box>
  );
}

function TextRow({ text, words, data, locale, dir, errors, onEdit }: { text: TextState; words: string; data: unknown; locale: string; dir: string; errors: readonly ContentError[]; onEdit: (edit: TranslationEdit | undefined, group?: string) => void }) {
  const entry = entryFor(data, text);
  const id = rowId(text);
  const sourceId = `${id}-source`;
  return (
    <Box data-testid="translation-text" data-slot={text.slot.join("/")} data-state={text.state} data-pointer={pointerOf([...text.slot, "text"])}>
      <Flex align="center" gap="2" wrap="wrap">
        <chakra.label htmlFor={id} fontSize="sm" fontWeight="semibold">
          {words}
        </chakra.label>
        {text.state === "missing" && <StateBadge state="missing" label={t.missing} />}
        {text.state === "stale" && <StateBadge state="stale" label={t.stale} />}
        {text.state === "refused" && <StateBadge state="stale" label={t.refused} />}
        {text.state === "malformed" && <StateBadge state="stale" label={t.malformed} />}
      </Flex>
      <Box display="grid" gridTemplateColumns={{ base: "1fr", md: "1fr 1fr" }} gap="3" mt="1.5">
        <Box>
          <Text fontSize="xs" color="gray.700">
            {t.source}
          </Text>
          <Text id={sourceId} lang="en" dir="ltr" fontSize="sm" bg="gray.50" p="2" rounded="sm" whiteSpace="pre-wrap" data-testid="translation-source">
            {text.source}
          </Text>
          {text.state === "stale" && entry && (
            <Text fontSize="xs" color="gray.800" mt="1" data-testid="translated-from">
              {t.translatedFrom}: <chakra.span lang="en">“{entry.source}”</chakra.span>
            </Text>
          )}
        </Box>
        <Box>
          <Textarea
            id={id}
            lang={locale}
            dir={dir}
            rows={Math.min(6, Math.max(1, Math.ceil(text.source.length / 60)))}
            value={entry?.text ?? ""}
            aria-describedby={sourceId}
            aria-invalid={errors.length > 0 || undefined}
            onChange={(e) => onEdit(typed(data, text, e.target.value), `translation:${text.slot.join("/")}`)}
            bg="white"
          />
          <FieldErrors errors={errors} />
          {text.state === "stale" && (
            <Button mt="1.5" size="xs" variant="outline" onClick={() => onEdit(stillCorrect(data, text))}>
              {t.stillCorrect}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}
