/**
 * The editor of one file: a page (its blocks) or a collection (its items). The outline, the
 * fields of what is selected, and the live preview; the checker runs on every change with the
 * whole site, and each error is shown on its field and counted on its outline item. What is
 * typed is kept as the studio's draft; Publish (or Ctrl+S, editors and admins) asks once with
 * the changes, writes only what changed and is refused while there are errors; undo and redo
 * (Ctrl+Z, Ctrl+Shift+Z) cover the whole session.
 *
 * The document's state, its checks and its saves are ../document/ (useDocument); this file
 * only lays them out and tells the user what a save did.
 */
import { Box, Button, chakra, Flex, Grid, Heading, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { followInPage } from "../../page/location.ts";
import { type CollectionName, type Collections, collectionSchemas } from "../../../schemas/collections/index.ts";
import { blocks, type BlockType, blockTypes, isBlockType } from "../../blocks/registry.ts";
import { registeredPageSchema, registeredPageTemplateSchema, registeredSectionSchema } from "../../blocks/page-schema.ts";
import { siteConfigSchema, type SiteConfig } from "../../../schemas/site.ts";
import type { ContentError } from "../../content-files/errors.ts";
import { notify } from "../../ui/toaster.ts";
import { getAt, isWithin, type Path, pointerOf } from "../document/paths.ts";
import { fileOf, type OpenedFile } from "../document/open.ts";
import { type DocumentKind, entriesKey, entriesOf, hasBlocks, SETTINGS } from "../document/reducer.ts";
import { errorsWithin } from "../document/state.ts";
import type { DocumentStorage, RemoveOutcome } from "../document/store.ts";
import { entrySummary, pathOfText } from "../document/summary.ts";
import { EDITOR_PATH } from "../../runtime/studio-paths.ts";
import type { EditorContext, LibraryImage, SectionRef } from "../model.ts";
import { renderable } from "../../page/media/resolve.ts";
import { type PreviewFrame, previewFrame, type PreviewTarget, pageShowing, referenceKeyOf, templateItems, withDraftCollection } from "../preview/data.ts";
import { SECTION_BLOCK } from "../../../schemas/page.ts";
import { placedSection, SaveAsSectionDialog, SectionEverywhere, SectionPlacement, SectionUses } from "./SectionParts.tsx";
import { describeSchema, type FieldSpec } from "../schema/describe.ts";
import { initialValue } from "../schema/initial.ts";
import { texts } from "../texts.ts";
import { BlockPalette } from "./BlockPalette.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { Field, FieldEnv, type FieldEnvironment, FieldErrors, fieldId } from "./Field.tsx";
import { Outline, type OutlineEntry } from "./Outline.tsx";
import { type Device, PreviewPane } from "./PreviewPane.tsx";
import { useDocument } from "../document/use-document.ts";
import type { EditorBackend } from "../backend.ts";
import { media } from "../../studio/media.ts";
import { PickerUpload } from "../../studio/ui/uploads.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";
import { AnalyticsPanel } from "./AnalyticsPanel.tsx";
import { ReviewBar } from "./ReviewBar.tsx";
import { LocaleSwitcher } from "./LocaleSwitcher.tsx";
import { DraftNotKept, NotPushedNote, PresenceNote, PublishConfirm, SchedulePublish, SharedChangesNote, SharePreview, statusWords, useDraftSaving, useNewImages, usePresence, usePublishConflict } from "./StudioParts.tsx";
import { changesBetween } from "../document/changes.ts";
import { documentName, pageName, pageNaming, SITE_SETTINGS_NAME } from "../document/names.ts";
import { entryName } from "../document/places.ts";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { useBlockClipboard } from "./use-block-clipboard.ts";
import { useAxeCheck, usePublishGate } from "./PublishGate.tsx";
import { pointerOfFinding } from "../publish-gate/locate.ts";
import type { Finding } from "../publish-gate/report.ts";
import type { SaveOptions } from "../document/store.ts";

const t = texts.editor;

/** The forms of a file: the page's settings and each block type's fields, or a collection item's. */
interface Specs {
  settings?: FieldSpec;
  entry: (entry: unknown) => FieldSpec | undefined;
}

async function loadSpecs(kind: DocumentKind, name: string): Promise<Specs> {
  if (kind === "settings") {
    const settings = describeSchema(siteConfigSchema);
    return { settings: settings.kind === "object" ? { ...settings, fields: settings.fields.filter((f) => f.name !== "$schema") } : settings, entry: () => undefined };
  }
  if (kind === "collection") {
    const item = describeSchema(collectionSchemas[name as CollectionName]);
    return { entry: () => item };
  }
  const page = describeSchema(await (kind === "section" ? registeredSectionSchema() : kind === "template" ? registeredPageTemplateSchema() : registeredPageSchema()));
  const byType = new Map<string, FieldSpec>(await Promise.all(blockTypes.map(async (type) => [type, describeSchema((await blocks[type].definition()).schema)] as const)));
  const settings = page.kind === "object" ? { ...page, fields: page.fields.filter((f) => f.name !== "blocks" && f.name !== "$schema") } : page;
  return { settings, entry: (entry) => byType.get(String((entry as { type?: unknown } | null)?.type)) };
}

interface EditorProps {
  opened: OpenedFile;
  /** Where the document is saved and its unsaved draft kept. */
  storage: DocumentStorage;
  /** The studio: saving publishes (editors and admins), and who else is editing is shown. */
  studio: EditorBackend["studio"];
  context: EditorContext;
  onContextChange: () => void;
}

export function DocumentEditor({ opened, storage, studio, context, onContextChange }: EditorProps) {
  const [specs, setSpecs] = useState<Specs>();
  useEffect(() => void loadSpecs(opened.kind, opened.name).then(setSpecs), [opened.kind, opened.name]);
  if (!specs) return null;
  return <Editor key={opened.file} opened={opened} storage={storage} studio={studio} context={context} specs={specs} onContextChange={onContextChange} />;
}

function Editor({ opened, storage, studio, context, specs, onContextChange }: EditorProps & { specs: Specs }) {
  const { file, kind, name } = opened;
  const { session, state, errors, dirty, status } = useDocument(opened, storage);
  const editors = usePresence(studio.api, file);
  const draftSaving = useDraftSaving(studio, file);
  /** Whether the Publish button is there: for editors and admins. */
  // A page template is an admin's to change (the studio refuses anyone else's draft or publish of one).
  const readOnlyTemplate = kind === "template" && !studio.canMaintainTemplates;
  const canSave = studio.canPublish && !readOnlyTemplate;
  const { dispatch } = session;
  const reload = async () => {
    const result = await session.reload();
    if (!result.ok) notify("error", result.failure.error.title, result.failure.error.message);
  };
  /** A publish refused because the file changed since the draft began: what changed, and the merge to apply. */
  const publishConflict = usePublishConflict(session, () => void reload());
  const { data, keys } = state.editor.history.present;
  const { inFile: fileErrors, elsewhere, byPointer: errorsByPointer, blocking } = errors;
  // Kept while the draft is the same: the preview's target depends on it, and a new list at each
  // render (the site settings have none) drew the preview again and again without end.
  const entries = useMemo(() => entriesOf(kind, data), [kind, data]);
  const listKey = entriesKey(kind);

  // ---- Selection, focus and click to edit ------------------------------------------------
  const [focusPointer, setFocusPointer] = useState<string>();
  const [reveal, setReveal] = useState(0);
  const [tab, setTab] = useState<"outline" | "fields" | "preview">("fields");
  const select = useCallback(
    (key: string) => {
      dispatch({ type: "select", key });
      setReveal((r) => r + 1);
    },
    [dispatch],
  );
  useEffect(() => {
    if (focusPointer === undefined) return;
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(fieldId(focusPointer)) ?? document.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(focusPointer)}"]`);
      if (target) {
        target.scrollIntoView({ block: "center" });
        (target.matches("input, select, textarea, button") ? target : (target.querySelector<HTMLElement>("input, select, textarea, button") ?? target)).focus();
      }
      setFocusPointer(undefined);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusPointer, state.editor.selected]);

  /** Shows the field at a pointer: selects its entry (or the settings) and focuses it. */
  const goTo = useCallback(
    (pointer: string) => {
      const index = /^\/(?:blocks|items)\/(\d+)/.exec(pointer)?.[1];
      dispatch({ type: "select", key: index !== undefined ? (keys[Number(index)] ?? SETTINGS) : SETTINGS });
      setTab("fields");
      setFocusPointer(pointer);
    },
    [dispatch, keys],
  );

  const onPreviewSelect = useCallback(
    (shownKey: string, text?: string) => {
      const key = referenceKeyOf(shownKey);
      const index = keys.indexOf(key);
      if (index < 0) return;
      dispatch({ type: "select", key });
      setTab("fields");
      const path = text ? pathOfText(entries[index], text) : undefined;
      setFocusPointer(pointerOf(path ? [listKey, index, ...path] : [listKey, index]));
    },
    [dispatch, keys, entries, listKey],
  );

  // ---- Editing ---------------------------------------------------------------------------
  const onChange = useCallback((path: Path, value: unknown, group?: string) => dispatch({ type: "edit", path, value, group }), [dispatch]);
  const routes = useMemo(() => [...context.routes, ...context.redirects], [context.routes, context.redirects]);
  // A section block's picker lists the sections by name.
  const referenceItems = useMemo(() => ({ ...itemsForPickers(context.collections), sections: context.sections.map((s) => ({ id: s.id, label: s.name })) }), [context.collections, context.sections]);
  // Images uploaded from a picker: offered by every image field at once, marked while not published.
  const [uploaded, setUploaded] = useState<LibraryImage[]>([]);
  const ImageUpload = useMemo(
    () =>
      function ImageUpload({ onPicked }: { onPicked: (id: string) => void }) {
        return (
          <PickerUpload
            onPicked={(asset) => {
              setUploaded((now) => [...now.filter((image) => image.id !== asset.id), { ...renderable(asset.manifest), unpublished: asset.state === "new" }]);
              onPicked(asset.id);
            }}
          />
        );
      },
    [],
  );
  const library = useMemo(() => {
    const known = context.media ?? [];
    return [...known, ...uploaded.filter((image) => !known.some((k) => k.id === image.id))];
  }, [context.media, uploaded]);
  const env: FieldEnvironment = useMemo(
    () => ({ errorsAt: (p) => errorsByPointer.get(p) ?? [], onChange, routes, items: referenceItems, media: library, mediaPreview: (id: string) => media.fileUrl(id, 320), ImageUpload }),
    [errorsByPointer, onChange, routes, referenceItems, library, ImageUpload],
  );
  const [palette, setPalette] = useState(false);
  const selectedIndex = keys.indexOf(state.editor.selected);
  const insertAt = selectedIndex < 0 ? entries.length : selectedIndex + 1;
  const addBlock = (type: BlockType) => {
    setPalette(false);
    void blocks[type].definition().then((d) => {
      dispatch({ type: "insert", index: insertAt, entry: { type, ...(initialValue(describeSchema(d.schema)) as object) } });
      setReveal((r) => r + 1);
    });
  };
  const addItem = () => {
    dispatch({ type: "insert", index: insertAt, entry: specs.entry(undefined) ? initialValue(specs.entry(undefined)!) : {} });
    setReveal((r) => r + 1);
  };

  // ---- Saving: the session decides; here it is told to the user ---------------------------
  const save = useCallback(async (options?: SaveOptions) => {
    if (!canSave) return;
    const result = await session.save(options);
    switch (result.kind) {
      case "blocked":
        notify("error", texts.studio.notPublished, texts.notices.fixFirst(result.inFile.length + result.elsewhere.length));
        if (result.inFile[0]) goTo(result.inFile[0].pointer);
        return;
      case "saved": {
        notify("success", texts.studio.published.title, texts.studio.published.text(documentName(kind, name, session.getState().editor.history.present.data)));
        onContextChange();
        return;
      }
      case "conflict":
        await publishConflict.refused(result.failure);
        return;
      case "refused": {
        const first = result.failure.errors?.find((e) => e.file === file);
        if (first) goTo(first.pointer);
        notify("error", result.failure.error.title, `${result.failure.error.message} ${result.failure.error.hint}`);
      }
    }
  }, [session, file, kind, name, goTo, onContextChange, canSave, publishConflict]);

  // Publish asks once, listing what goes live.
  const [asking, setAsking] = useState(false);
  // A page's or a section's blocks translate (a template's do not): its translations follow it when blocks go, or it goes.
  const translatedInto = useMemo(() => (kind === "page" || kind === "section" ? context.locales.slice(1).map((l) => l.name) : []), [kind, context.locales]);
  // Blocks a publish (now or scheduled) removes: their texts leave the translations (a block now placed as a section moves them into the section's).
  const savedKeys = useMemo(() => blockKeys(entriesOf(kind, state.editor.saved.data)), [kind, state.editor.saved.data]);
  const translationsLeaving = useMemo(() => {
    const kept = new Set(blockKeys(entries));
    const blocks = savedKeys.filter((key) => !kept.has(key)).length;
    // Nothing to say unless a block goes and the document has translations.
    return blocks > 0 && translatedInto.length > 0 ? { blocks, languages: translatedInto } : undefined;
  }, [entries, savedKeys, translatedInto]);
  const publishChanges = useMemo(() => (asking ? changesBetween(state.editor.saved.data, data) : []), [asking, state.editor.saved.data, data]);
  // Pages, sections and collections change pages: the gate reads each page a draft changes.
  const serverGate = usePublishGate(asking ? studio.api : undefined, file, data);
  const newImages = useNewImages(asking ? studio.api : undefined, file, data);
  /** Where a finding's field is: the block a preview's finding is in, else the field its text or address is in. */
  const pointerOfGateFinding = (finding: Finding) =>
    finding.block !== undefined ? (keys.includes(finding.block) ? pointerOf([listKey, keys.indexOf(finding.block)]) : undefined) : pointerOfFinding(data, finding);
  // ---- Sections: a block saved as one, a placed one detached -------------------------------
  const [savingAsSection, setSavingAsSection] = useState<number>();
  const saveAsSection = useCallback(
    (index: number) => (placedSection(entries[index]) === undefined ? setSavingAsSection(index) : notify("error", texts.sections.save.already, "")),
    [entries],
  );
  const thisSection = kind === "section" ? context.sections.find((s) => s.file === file) : undefined;
  const detach = (index: number) => {
    const section = context.sections.find((s) => s.id === placedSection(entries[index]));
    if (!section) return;
    dispatch({ type: "replace", index, entries: structuredClone(section.blocks) });
    notify("success", texts.sections.detached.title, texts.sections.detached.text(section.name));
  };
  const requestSave = useCallback(async () => {
    if (canSave) setAsking(true);
  }, [canSave]);

  // ---- Keyboard: Ctrl+S, Ctrl+Z, Ctrl+Shift+Z (and Ctrl+Y) --------------------------------
  const saveRef = useRef(requestSave);
  saveRef.current = requestSave;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || document.querySelector("dialog[open]")) return;
      const key = event.key.toLowerCase();
      if (key === "s") {
        event.preventDefault();
        void saveRef.current();
      } else if (key === "z" || key === "y") {
        event.preventDefault();
        dispatch({ type: key === "y" || event.shiftKey ? "redo" : "undo" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dispatch]);

  // ---- Preview ---------------------------------------------------------------------------
  const [device, setDevice] = useState<Device>("desktop");
  const [previewItem, setPreviewItem] = useState<string>();
  const collections = useMemo(() => (kind === "collection" ? withDraftCollection(context.collections, name as CollectionName, entries) : context.collections), [kind, name, entries, context.collections]);
  const [collectionPage, setCollectionPage] = useState<unknown>();
  useEffect(() => {
    if (kind === "collection") void pageShowing(context, name as CollectionName).then(setCollectionPage);
  }, [kind, context, name]);
  // A section is previewed as its blocks alone; the settings show on every page: they are previewed on the home page.
  const previewPage = hasBlocks(kind) ? data : kind === "settings" ? context.pages[fileOf("page", "home")] : collectionPage;
  // The preview draws the images the pickers offer: the library's, and those uploaded here since.
  const previewContext = useMemo(() => ({ ...context, ...(kind === "settings" && { site: data as SiteConfig }), media: library }), [kind, context, data, library]);
  const items = useMemo(() => {
    const each = (previewPage as { each?: { collection?: string } } | undefined)?.each?.collection;
    return each ? templateItems(context, collections, each) : undefined;
  }, [previewPage, context, collections]);
  const target: PreviewTarget | undefined = useMemo(() => {
    if (!previewPage) return undefined;
    const page = previewPage as { path?: unknown; blocks?: unknown };
    const list = Array.isArray(page.blocks) ? page.blocks : [];
    const path = typeof page.path === "string" ? page.path : "/";
    // A collection's item is previewed on its template page (a service on /services/{id}).
    const itemKey = kind === "collection" && items ? ((entries[Math.max(0, selectedIndex)] as { id?: string } | undefined)?.id ?? previewItem) : previewItem;
    const chosen = items?.find((i) => i.key === itemKey) ?? items?.[0];
    return {
      blocks: list,
      keys: hasBlocks(kind) ? keys : list.map((_, i) => `p${i}`),
      path: chosen ? path.replace(":id", chosen.key) : path,
      ...(chosen && { item: chosen.item }),
    };
  }, [previewPage, kind, keys, items, entries, selectedIndex, previewItem]);
  // The preview checks itself for accessibility while Publish asks (./PublishGate.tsx).
  const axe = useAxeCheck(asking, target !== undefined);
  const gate = axe.merged(serverGate);
  const [frame, setFrame] = useState<PreviewFrame>();
  useEffect(() => {
    if (!target) return setFrame(undefined);
    let current = true;
    void previewFrame(target, previewContext, collections).then((f) => current && setFrame(f));
    return () => {
      current = false;
    };
  }, [target, previewContext, collections]);

  // ---- Layout ----------------------------------------------------------------------------
  // An entry that reads the same keeps its object, so its outline item is not drawn again.
  const shownEntries = useRef(new Map<string, OutlineEntry>());
  const outlineEntries = useMemo(() => {
    const before = shownEntries.current;
    const next = entries.map((entry, i) => {
      // A placed section by its name, as the Sections list shows it: its id is the studio's, not the marketer's.
      const section = context.sections.find((s) => s.id === placedSection(entry));
      const summary = section ? entrySummary({ type: SECTION_BLOCK, name: section.name }) : entrySummary(entry);
      const fresh = { key: keys[i]!, summary, errors: errorsWithin(fileErrors, kind, i) };
      const old = before.get(fresh.key);
      return old && old.summary === fresh.summary && old.errors === fresh.errors ? old : fresh;
    });
    shownEntries.current = new Map(next.map((e) => [e.key, e]));
    return next;
  }, [entries, keys, fileErrors, kind, context.sections]);
  const selectFromOutline = useCallback((key: string) => (select(key), setTab("fields")), [select]);
  const move = useCallback((from: number, to: number) => dispatch({ type: "move", from, to }), [dispatch]);
  const duplicate = useCallback((index: number) => dispatch({ type: "duplicate", index }), [dispatch]);
  const remove = useCallback((index: number) => dispatch({ type: "remove", index }), [dispatch]);
  const title = hasBlocks(kind) ? documentName(kind, name, data) : "";
  // A template has no translations: its blocks are copied and pasted without.
  const clipboardPlace = useMemo(() => ({ kind: kind === "section" || kind === "page" ? kind : undefined, name, title }), [kind, name, title]);
  const { copy, paste } = useBlockClipboard(clipboardPlace, entries, insertAt, dispatch, studio.api, context);
  const settingsErrors = fileErrors.filter((e) => !isWithin(e.pointer, `/${listKey}`) || e.pointer === `/${listKey}`).length;
  const naming = kind === "page" ? pageNaming(data, name) : { title: documentName(kind, name, data), path: "" };
  const statusText = statusWords(status, blocking, draftSaving, dirty);
  /** Where another file's error is, as a marketer knows it: a page by its name, else the file's place. */
  const whereIs = (e: ContentError) => (context.pages[e.file] ? pageName(context.pages[e.file], e.file) : `${e.file}:${e.line}:${e.column}`);
  const pane = (which: typeof tab, shown = "block") => ({ display: { base: tab === which ? shown : "none", lg: shown } });

  return (
    <FieldEnv.Provider value={env}>
      <Flex direction="column" h="100dvh" data-testid="editor" data-file={file} data-dirty={dirty || undefined} data-checking={state.checking || undefined}>
        {/* The page's name has a line of its own to wrap in, never cut short; the tools wrap below it. */}
        <Box as="header" px="3" py="2" borderBottomWidth="1px" borderColor="gray.300" bg="white">
          <Flex align="center" gap="2" wrap="wrap">
            <LinkButton href={EDITOR_PATH} onClick={(e) => (dirty && !window.confirm(texts.leave) ? e.preventDefault() : followInPage(e))} size="sm" variant="ghost">← {t.allPages}</LinkButton>
            <Heading as="h1" size="md" flex="1 1 14rem" minW="0" overflowWrap="anywhere" data-testid="editor-title">
              {naming.title}
              {naming.path && (
                <Text as="span" ms="2" fontSize="sm" fontWeight="normal" color="gray.700">
                  {naming.path}
                </Text>
              )}
            </Heading>
            <Button
              size="sm"
              variant="ghost"
              color={blocking > 0 ? "red.700" : "gray.700"}
              disabled={blocking === 0}
              onClick={() => (fileErrors[0] ? goTo(fileErrors[0].pointer) : undefined)}
              aria-live="polite"
              data-testid="editor-status"
            >
              {statusText}
            </Button>
          </Flex>
          <Flex align="center" gap="2" wrap="wrap" mt="2">
            <Button size="sm" variant="outline" onClick={() => dispatch({ type: "undo" })} disabled={state.editor.history.past.length === 0} aria-keyshortcuts="Control+Z">
              {t.undo}
            </Button>
            <Button size="sm" variant="outline" onClick={() => dispatch({ type: "redo" })} disabled={state.editor.history.future.length === 0} aria-keyshortcuts="Control+Shift+Z">
              {t.redo}
            </Button>
            {kind !== "template" && <LocaleSwitcher locales={context.locales} kind={kind === "settings" ? "site" : kind} name={name} current={context.locales[0]?.code ?? ""} dirty={dirty} />}
            <Flex role="group" aria-label={t.width} gap="0">
              {(["desktop", "phone"] as const).map((d) => (
                <Button key={d} size="sm" variant={device === d ? "solid" : "outline"} aria-pressed={device === d} onClick={() => setDevice(d)} roundedEnd={d === "desktop" ? "0" : undefined} roundedStart={d === "phone" ? "0" : undefined}>
                  {d === "desktop" ? t.desktop : t.phone}
                </Button>
              ))}
            </Flex>
            {/* A template is on no page a preview link could show. */}
            {kind !== "template" && <SharePreview api={studio.api} file={file} flush={studio.flush} />}
            <SchedulePublish api={studio.api} file={file} data={data} flush={studio.flush} translationsLeaving={translationsLeaving} />
            <HistoryPanel api={studio.api} file={file} name={documentName(kind, name, data)} canRestore={studio.canPublish} onRestored={reload} locales={context.locales} />
            {kind === "page" && studio.canPublish && <AnalyticsPanel api={studio.api} file={file} name={documentName(kind, name, data)} />}
            {canSave && (
              <Button size="sm" onClick={() => void requestSave()} loading={state.saving} loadingText={texts.studio.publishing} aria-keyshortcuts="Control+S" data-testid="editor-save">
                {texts.studio.publish}
              </Button>
            )}
            <LinkButton href="/admin" size="sm" variant="ghost">{texts.blogAdmin}</LinkButton>
          </Flex>
        </Box>

        {kind === "section" && <SectionEverywhere section={thisSection} />}
        <PresenceNote editors={editors} />
        <SharedChangesNote changes={state.sharedChanges} />
        <NotPushedNote />
        <ReviewBar studio={studio} file={file} version={state.editor.saved.version} />
        <DraftNotKept saving={draftSaving} onRetry={() => void studio.flush()} />
        {(!studio.canPublish || readOnlyTemplate) && (
          <Text px="4" py="1.5" fontSize="sm" color="gray.700" borderBottomWidth="1px" borderColor="gray.200" data-testid="studio-note">
            {readOnlyTemplate ? t.templateAdminsOnly : t.draft.contributor}
            {kind === "page" && ` ${texts.sections.save.contributor}`}
          </Text>
        )}

        {state.restored && (
          <Flex role="status" align="center" gap="3" wrap="wrap" px="4" py="2" bg="yellow.50" borderBottomWidth="1px" borderColor="yellow.300" data-testid="restored">
            <Text fontWeight="semibold">{t.restoredDraft.title}</Text>
            <Text flex="1" minW="15rem" fontSize="sm">
              {t.restoredDraft.text}
            </Text>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => void reload()}>
              {t.restoredDraft.discard}
            </Button>
          </Flex>
        )}

        <Flex display={{ base: "flex", lg: "none" }} gap="1" px="3" py="2" borderBottomWidth="1px" borderColor="gray.200" role="group" aria-label={t.panes}>
          {(["outline", "fields", "preview"] as const).map((which) => (
            <Button key={which} size="sm" flex="1" variant={tab === which ? "solid" : "outline"} aria-pressed={tab === which} onClick={() => setTab(which)}>
              {t[which]}
            </Button>
          ))}
        </Flex>

        <Grid flex="1" minH="0" templateColumns={{ base: "1fr", lg: "17rem minmax(22rem, 28rem) 1fr" }}>
          <Box as="section" aria-labelledby="outline-heading" overflowY="auto" p="3" borderRightWidth={{ lg: "1px" }} borderColor="gray.300" bg="gray.50" {...pane("outline")}>
            <Heading as="h2" id="outline-heading" size="sm" mb="2">
              {t.outline}
            </Heading>
            {/* Errors of the list itself (a page needs at least one block). */}
            <Box data-pointer={`/${listKey}`} mb={errorsByPointer.has(`/${listKey}`) ? "3" : undefined}>
              <FieldErrors errors={errorsByPointer.get(`/${listKey}`) ?? []} />
            </Box>
            <Outline
              entries={outlineEntries}
              selected={state.editor.selected}
              onSelect={selectFromOutline}
              onMove={move}
              onDuplicate={duplicate}
              onRemove={remove}
              onCopy={hasBlocks(kind) ? copy : undefined}
              onPaste={hasBlocks(kind) ? paste : undefined}
              onSaveAsSection={kind === "page" && canSave ? saveAsSection : undefined}
              settings={{ key: SETTINGS, label: { page: t.pageSettings, section: t.sectionSettings, template: t.templateSettings, collection: t.collectionFile, settings: SITE_SETTINGS_NAME }[kind], errors: settingsErrors }}
              addLabel={hasBlocks(kind) ? t.addBlock : t.addItem}
              onAdd={kind === "settings" ? undefined : () => (hasBlocks(kind) ? setPalette(true) : addItem())}
            />
          </Box>

          <Box as="section" aria-labelledby="fields-heading" overflowY="auto" p="4" borderRightWidth={{ lg: "1px" }} borderColor="gray.300" {...pane("fields")} data-testid="fields">
            {elsewhere.length > 0 && (
              <Box role="alert" mb="4" p="3" bg="red.50" borderWidth="1px" borderColor="red.300" rounded="md" data-testid="elsewhere">
                <Text fontWeight="semibold" color="red.800">{t.elsewhere.title}</Text>
                <Text fontSize="sm">{t.elsewhere.text}</Text>
                <Stack as="ul" listStyleType="none" gap="2" mt="2">
                  {elsewhere.map((e, i) => (
                    <li key={i}>
                      <Text fontSize="sm" fontWeight="medium">{whereIs(e)}</Text>
                      <Text fontSize="sm">{e.label}</Text>
                      <FieldErrors errors={[e]} />
                    </li>
                  ))}
                </Stack>
              </Box>
            )}
            {state.editor.selected === SETTINGS || selectedIndex < 0 ? (
              <SettingsFields
                kind={kind}
                spec={specs.settings}
                data={data}
                fileErrors={fileErrors.filter((e) => !isWithin(e.pointer, `/${listKey}`))}
                name={documentName(kind, name, data)}
                whereIs={whereIs}
                version={state.editor.saved.version}
                items={items}
                previewItem={previewItem}
                onPreviewItem={setPreviewItem}
                onRemove={session.remove}
                translatedInto={translatedInto}
                section={thisSection}
              />
            ) : (
              <EntryFields kind={kind} index={selectedIndex} entries={entries} spec={specs.entry(entries[selectedIndex])} listKey={listKey}>
                {placedSection(entries[selectedIndex]) !== undefined && (
                  <SectionPlacement section={context.sections.find((s) => s.id === placedSection(entries[selectedIndex]))} onDetach={() => detach(selectedIndex)} />
                )}
              </EntryFields>
            )}
          </Box>

          <Box as="section" aria-labelledby="preview-heading" minH="0" flexDirection="column" {...pane("preview", "flex")}>
            <Heading as="h2" id="preview-heading" srOnly>
              {t.preview}
            </Heading>
            {target ? <PreviewPane frame={frame} selected={hasBlocks(kind) ? state.editor.selected : ""} reveal={reveal} device={device} onSelect={hasBlocks(kind) ? onPreviewSelect : () => undefined} axeAsked={axe.asked} onAxe={axe.onAxe} /> : <Text p="6" color="gray.700">{t.noPreview}</Text>}
          </Box>
        </Grid>
      </Flex>

      <BlockPalette open={palette} onClose={() => setPalette(false)} onChoose={addBlock} withoutSections={kind === "section"} />
      <SaveAsSectionDialog
        block={savingAsSection === undefined ? undefined : (entries[savingAsSection] as Record<string, unknown>)}
        sections={context.sections}
        api={studio.api}
        onClose={() => setSavingAsSection(undefined)}
        onSaved={(id) => {
          const index = savingAsSection!;
          const key = (entries[index] as { key?: unknown }).key;
          dispatch({ type: "replace", index, entries: [{ type: "section", ...(typeof key === "string" && { key }), section: id }] });
          onContextChange();
        }}
      />
      {publishConflict.dialog}
      <PublishConfirm
        open={asking}
        name={documentName(kind, name, data)}
        changes={publishChanges}
        images={newImages}
        translationsLeaving={translationsLeaving}
        gate={gate}
        canOverride={studio.canOverride}
        canShow={(finding) => pointerOfGateFinding(finding) !== undefined}
        onShow={(finding) => {
          setAsking(false);
          goTo(pointerOfGateFinding(finding)!);
        }}
        onClose={() => setAsking(false)}
        onPublish={(override) => {
          setAsking(false);
          void save(override && { override });
        }}
      />
    </FieldEnv.Provider>
  );
}

/** Items of each collection as pickers list them: id and a readable name. */
function itemsForPickers(collections: Collections) {
  return Object.fromEntries(
    Object.entries(collections).map(([name, list]) => [
      name,
      (list as Record<string, unknown>[]).map((item) => {
        const id = String(item.id ?? item.from ?? "");
        const label = [item.title, item.name, item.question].find((v) => typeof v === "string") as string | undefined;
        return { id, label: label ?? id };
      }),
    ]),
  );
}

function SettingsFields({
  kind,
  spec,
  data,
  fileErrors,
  name,
  whereIs,
  version,
  items,
  previewItem,
  onPreviewItem,
  onRemove,
  translatedInto,
  section,
}: {
  kind: DocumentKind;
  spec?: FieldSpec;
  data: unknown;
  /** The file's errors outside its blocks or items. */
  fileErrors: ContentError[];
  /** The document as a marketer calls it. */
  name: string;
  whereIs: (e: ContentError) => string;
  version: string | null;
  items?: { key: string }[];
  previewItem?: string;
  onPreviewItem: (key: string) => void;
  onRemove: () => Promise<RemoveOutcome>;
  /** The languages its blocks are translated into, deleted with it. */
  translatedInto: readonly string[];
  /** A section's: where it is used. */
  section?: SectionRef;
}) {
  if (kind === "collection" || !spec) {
    // A collection file is its list of items: anything else in it is shown where it is.
    const pointers = [...new Set(fileErrors.map((e) => e.pointer))];
    return (
      <Stack gap="3">
        <Heading as="h2" id="fields-heading" size="md">{t.fields}</Heading>
        <Text color="gray.700">{t.collectionHelp}</Text>
        {pointers.map((pointer) => (
          <Box key={pointer} data-pointer={pointer}>
            {pointer && <Text fontFamily="mono" fontSize="sm">{pointer}</Text>}
            <FieldErrors errors={fileErrors.filter((e) => e.pointer === pointer)} />
          </Box>
        ))}
      </Stack>
    );
  }
  const heading = kind === "section" ? t.sectionSettings : kind === "template" ? t.templateSettings : kind === "settings" ? SITE_SETTINGS_NAME : t.pageSettings;
  return (
    <Stack gap="4">
      <Heading as="h2" id="fields-heading" size="md">
        {heading}
      </Heading>
      <Text color="gray.700" fontSize="sm">
        {kind === "section" ? t.sectionSettingsHelp : kind === "template" ? t.templateSettingsHelp : kind === "settings" ? t.siteSettingsHelp : t.pageSettingsHelp}
      </Text>
      {section && <SectionUses section={section} />}
      {items && items.length > 0 && (
        <Box>
          <chakra.label htmlFor="preview-item" fontSize="sm" fontWeight="medium">
            {t.previewItem}
          </chakra.label>
          <NativeSelect.Root mt="1.5">
            <NativeSelect.Field id="preview-item" value={previewItem ?? items[0]!.key} onChange={(e) => onPreviewItem(e.target.value)} bg="white">
              {items.map((i) => (
                <option key={i.key} value={i.key}>
                  {i.key}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      )}
      {/* The blocks have the outline; edits here are made by path into the whole file. */}
      <Field spec={spec} label={heading} path={[]} value={withoutBlocks(data)} bare />
      {version !== null && kind !== "settings" && <DeletePage name={name} translatedInto={translatedInto} whereIs={whereIs} onRemove={onRemove} words={kind === "section" ? { ...texts.confirmDeleteSection, button: t.deleteSection } : kind === "template" ? { ...texts.confirmDeleteTemplate, button: t.deleteTemplate } : { ...texts.confirmDelete, button: t.deletePage }} />}
    </Stack>
  );
}

/** The keys of a document's blocks (its translations are filed under them). */
const blockKeys = (blocks: readonly unknown[]): string[] => blocks.flatMap((b) => (typeof (b as { key?: unknown } | null)?.key === "string" ? [(b as { key: string }).key] : []));

const withoutBlocks = (data: unknown) => {
  const { blocks: _blocks, ...rest } = (data ?? {}) as Record<string, unknown>;
  return rest;
};

/** `children`: below the fields (a placed section's panel). */
function EntryFields({ kind, index, entries, spec, listKey, children }: { kind: DocumentKind; index: number; entries: readonly unknown[]; spec?: FieldSpec; listKey: string; children?: React.ReactNode }) {
  const env = useContext(FieldEnv);
  const path = [listKey, index];
  const pointer = pointerOf(path);
  const entry = entries[index];
  const type = (entry as { type?: unknown } | null)?.type;
  // A block by its label ("Hero", "Card grid: Our Values"), an item by its text: as the outline and the history name them.
  const heading = entryName(entries, index, listKey);
  const [description, setDescription] = useState<string>();
  useEffect(() => {
    if (hasBlocks(kind) && isBlockType(type)) void blocks[type].definition().then((d) => setDescription(d.schema.description));
    else setDescription(undefined);
  }, [kind, type]);
  return (
    <Stack gap="4">
      <Heading as="h2" id="fields-heading" size="md">
        {heading}
      </Heading>
      {description && (
        <Text color="gray.700" fontSize="sm">
          {description}
        </Text>
      )}
      {spec ? (
        <Field spec={spec} label={heading} path={path} value={entry} bare />
      ) : (
        <UnknownBlock path={path} pointer={pointer} entry={entry} env={env} />
      )}
      {children}
    </Stack>
  );
}

/** A block of a type the registry does not know: its type can be chosen, its props edited as JSON. */
function UnknownBlock({ path, pointer, entry, env }: { path: Path; pointer: string; entry: unknown; env: FieldEnvironment }) {
  const typeSpec: FieldSpec = { kind: "choice", options: blockTypes, optional: false };
  return (
    <Stack gap="4" data-pointer={pointer}>
      <FieldErrors errors={env.errorsAt(pointer)} />
      <Field spec={typeSpec} label={t.unknownType} path={[...path, "type"]} value={getAt(entry, ["type"])} />
      <Field spec={{ kind: "json", optional: false }} label={t.rawJson} path={path} value={entry} />
    </Stack>
  );
}

/** What a Delete button and its dialog say. */
interface DeleteWords {
  button: string;
  title: string;
  /** `translatedInto`: the languages deleted with it. */
  text: (name: string, translatedInto: readonly string[]) => string;
  confirm: string;
  cancel: string;
  linked: string;
}

/** Deleting a page (or a section): confirmed first, refused (with every link, or every page placing it, listed) while other content needs it. */
function DeletePage({ name, translatedInto, whereIs, onRemove, words }: { name: string; translatedInto: readonly string[]; whereIs: (e: ContentError) => string; onRemove: () => Promise<RemoveOutcome>; words: DeleteWords }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [links, setLinks] = useState<ContentError[]>([]);
  const confirm = async () => {
    setBusy(true);
    const result = await onRemove();
    setBusy(false);
    if (result.kind === "removed") {
      notify("success", texts.notices.deleted.title, texts.notices.deleted.text(name));
      window.location.assign(EDITOR_PATH);
      return;
    }
    if (result.failure.errors) setLinks(result.failure.errors);
    else {
      setOpen(false);
      notify("error", result.failure.error.title, `${result.failure.error.message} ${result.failure.error.hint}`);
    }
  };
  return (
    <Box pt="4" borderTopWidth="1px" borderColor="gray.200">
      <Button colorPalette="red" variant="outline" onClick={() => (setLinks([]), setOpen(true))}>
        {words.button}
      </Button>
      <Dialog open={open} title={words.title} onClose={() => setOpen(false)} role="alertdialog" testId="confirm-delete">
        <Text mt="3" color="gray.800">
          {words.text(name, translatedInto)}
        </Text>
        {links.length > 0 && (
          <Box mt="4" role="alert" data-testid="delete-refused">
            <Text fontWeight="semibold" color="red.800">
              {links.length > 0 && `${words.linked}`}
            </Text>
            <Stack as="ul" listStyleType="none" gap="2" mt="2">
              {links.map((e, i) => (
                <li key={i}>
                  <Text fontSize="sm" fontWeight="medium">{whereIs(e)}</Text>
                  <Text fontSize="sm">{e.label}</Text>
                </li>
              ))}
            </Stack>
          </Box>
        )}
        <Flex gap="3" mt="6" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={() => setOpen(false)} autoFocus disabled={busy}>
            {words.cancel}
          </Button>
          <Button colorPalette="red" onClick={() => void confirm()} disabled={busy || links.length > 0}>
            {words.confirm}
          </Button>
        </Flex>
      </Dialog>
    </Box>
  );
}
