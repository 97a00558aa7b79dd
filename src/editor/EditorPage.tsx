/**
 * /admin/pages: the visual page editor, one of the studio's screens (signed in, on a server with
 * STUDIO=1 or in local mode as the computer's owner: server drafts and publishing; ./backend.ts).
 * Marketers build pages and edit collections in the browser, with a live preview, the whole
 * site's checks as they type, and publishes to the same content files, changing only what they
 * changed. `?page=home` opens content/pages/home.json, `?section=closing-cta` a reusable section
 * (content/sections/closing-cta.json), `?collection=services` a collection,
 * `?page=about&locale=hi` a translation, `?texts=site&locale=hi` a site-wide file's translation;
 * without either, the list of pages and collections. /admin/settings opens the site settings.
 *
 * The page is prerendered as its loading state (an island, EditorRoute.tsx); everything else
 * happens once it has hydrated. Moving between its lists and files changes the URL in place.
 */
import { Box, Button, Container, Heading, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useState } from "react";
import { errors } from "../errors/catalogue.ts";
import { useLocation } from "../page/location.ts";
import { LoadingState } from "../ui/States.tsx";
import { type EditorBackend, type MarkedListing, studioBackend } from "./backend.ts";
import { type OpenedFile, type OpenOutcome, openDocument } from "./document/open.ts";
import type { DocumentKind } from "./document/reducer.ts";
import type { EditorContext, EditorFailure } from "./model.ts";
import { texts } from "./texts.ts";
import { DocumentEditor } from "./ui/DocumentEditor.tsx";
import { DocumentList } from "./ui/DocumentList.tsx";
import { TranslationFile } from "./ui/TranslationEditor.tsx";
import { FieldErrors } from "./ui/Field.tsx";
import { SessionGate } from "../studio/RequireSession.tsx";
import { StudioNav } from "../studio/ui/Frame.tsx";
import type { Me } from "../studio/client.ts";
import { SITE_WIDE_PARAM } from "../studio/editor-paths.ts";
import { isSiteWide } from "../../schemas/translations.ts";
import { LinkButton } from "../ui/LinkButton.tsx";

type Load<T> = { state: "loading" } | { state: "failed"; failure: EditorFailure } | { state: "loaded"; value: T };

/** Only for someone signed in (the sign-in page otherwise; in local mode, the link the server printed). */
/** `settings`: opened at the site settings' own address (/admin/settings). */
export default function EditorPageScreen({ settings = false }: { settings?: boolean }) {
  return <SessionGate>{(me) => <StudioEditorPage me={me} settings={settings} />}</SessionGate>;
}

function StudioEditorPage({ me, settings }: { me: Me; settings: boolean }) {
  const [backend] = useState(() => studioBackend(me));
  return <EditorPage backend={backend} me={me} settings={settings} />;
}

/** `me`: whose studio bar tops the list of pages (an open document takes the whole window). */
function EditorPage({ backend, me, settings }: { backend: EditorBackend; me: Me; settings: boolean }) {
  const params = new URLSearchParams(useLocation().search);
  const page = params.get("page");
  const collection = params.get("collection");
  const section = params.get("section");
  const template = params.get("template");
  /** The document named by the address: a page, a section, a page template or a collection. */
  const named = page !== null ? { kind: "page" as const, name: page } : section !== null ? { kind: "section" as const, name: section } : template !== null ? { kind: "template" as const, name: template } : collection !== null ? { kind: "collection" as const, name: collection } : undefined;
  const locale = params.get("locale");
  const siteWide = params.get(SITE_WIDE_PARAM);
  const [context, setContext] = useState<Load<EditorContext>>({ state: "loading" });

  const loadContext = useCallback(async () => {
    const result = await backend.context();
    setContext(result.ok ? { state: "loaded", value: result.data } : { state: "failed", failure: result.failure });
  }, [backend]);
  useEffect(() => void loadContext(), [loadContext]);

  let body;
  if (context.state === "loading") body = <LoadingState label={texts.loading} />;
  else if (context.state === "failed") body = <Failed failure={context.failure} onRetry={() => void (setContext({ state: "loading" }), loadContext())} />;
  else if (siteWide !== null && isSiteWide(siteWide) && locale !== null) {
    body = <TranslationFile key={`${siteWide}:${locale}`} kind={siteWide} name="" locale={locale} context={context.value} backend={backend} />;
  } else if (named && named.kind !== "template" && locale !== null) {
    body = <TranslationFile key={`${named.kind}:${named.name}:${locale}`} kind={named.kind} name={named.name} locale={locale} context={context.value} backend={backend} />;
  } else if (settings) {
    body = <OpenFile kind="settings" name="" context={context.value} backend={backend} onContextChange={() => void loadContext()} />;
  } else if (named) {
    body = <OpenFile key={`${named.kind}:${named.name}`} kind={named.kind} name={named.name} context={context.value} backend={backend} onContextChange={() => void loadContext()} />;
  } else {
    body = (
      <>
        <StudioNav me={me} />
        <ListPage context={context.value} backend={backend} />
      </>
    );
  }

  return (
    <Box as="main" id="main" aria-label={texts.pageEditor} data-testid="page-editor" data-state={context.state} bg="white" minH="100dvh">
      {body}
      {context.state === "loaded" && (
        // Link fields suggest every path of the site and accept any typed text.
        <datalist id="editor-routes">
          {[...context.value.routes, ...context.value.redirects].map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
      )}
    </Box>
  );
}

function ListPage({ context, backend }: { context: EditorContext; backend: EditorBackend }) {
  const [listing, setListing] = useState<Load<MarkedListing>>({ state: "loading" });
  const load = useCallback(async () => {
    const result = await backend.documents();
    setListing(result.ok ? { state: "loaded", value: result.data } : { state: "failed", failure: result.failure });
  }, [backend]);
  useEffect(() => void load(), [load]);
  if (listing.state === "loading") return <LoadingState label={texts.loading} />;
  if (listing.state === "failed") return <Failed failure={listing.failure} onRetry={() => void (setListing({ state: "loading" }), load())} />;
  return <DocumentList listing={listing.value} context={context} keeper={backend.storage.keeper} admin={backend.studio.canMaintainTemplates} />;
}

/** Opens a page, a section, a collection or the site settings: from its store, with a draft restored if one was left unsaved. */
function OpenFile({ kind, name, context, backend, onContextChange }: { kind: DocumentKind; name: string; context: EditorContext; backend: EditorBackend; onContextChange: () => void }) {
  const { storage } = backend;
  const [opened, setOpened] = useState<OpenOutcome | { state: "loading" }>({ state: "loading" });
  useEffect(() => {
    void openDocument(kind, name, storage).then(setOpened);
  }, [kind, name, storage]);

  if (opened.state === "loading") return <LoadingState label={texts.loading} />;
  if (opened.state === "missing") return <Missing />;
  if (opened.state === "failed") return <Failed failure={opened.failure} onRetry={() => window.location.reload()} />;
  if (opened.state === "unreadable") return <Unreadable opened={opened.failure} />;
  return <DocumentEditor opened={opened.value} storage={storage} studio={backend.studio} context={context} onContextChange={onContextChange} />;
}

function Failed({ failure, onRetry }: { failure: EditorFailure; onRetry: () => void }) {
  return (
    <Container maxW="2xl" py="16" textAlign="center" role="alert">
      <Heading as="h1" size="xl">
        {texts.loadError.title}
      </Heading>
      <Text mt="3" color="gray.800">
        {failure.error.message}
      </Text>
      <Text mt="1" color="gray.700">
        {failure.error.hint}
      </Text>
      <Button mt="6" onClick={onRetry}>
        {texts.loadError.retry}
      </Button>
    </Container>
  );
}

function Missing() {
  const { title, text } = texts.editor.notFound;
  return (
    <Container maxW="2xl" py="16" textAlign="center" data-testid="editor-missing">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text mt="3" color="gray.800">
        {text}
      </Text>
      <LinkButton href="/admin/pages" mt="6">{texts.editor.allPages}</LinkButton>
    </Container>
  );
}

/** A file that is not valid JSON: where the syntax breaks, to fix it in a code editor. */
function Unreadable({ opened }: { opened: OpenedFile }) {
  const own = opened.errors.filter((e) => e.file === opened.file);
  const { title, text } = texts.editor.unreadable;
  return (
    <Container maxW="2xl" py="16" data-testid="editor-unreadable">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Text mt="3" color="gray.800">
        {text}
      </Text>
      <Box mt="4" data-pointer="">
        {own.map((e, i) => (
          <Text key={i} fontFamily="mono" fontSize="sm">{`${e.file}:${e.line}:${e.column}`}</Text>
        ))}
        <FieldErrors errors={own.length > 0 ? own : [{ ...errors.InvalidJson("unreadable"), file: opened.file, line: 1, column: 1, pointer: "", label: opened.file }]} />
      </Box>
      <LinkButton href="/admin/pages" mt="6" variant="outline">{texts.editor.allPages}</LinkButton>
    </Container>
  );
}
