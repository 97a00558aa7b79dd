/**
 * Island: the blog admin (spec §2 Admin Panel), the whole content of /admin: one of the studio's
 * screens, under its bar, for someone signed in (on a server with STUDIO=1, or in local mode as
 * the computer's owner). Posts are documents of the studio's API (server/studio/posts-api.ts,
 * ./backend.ts): drafts as one types, publishing, history. The page is prerendered as its
 * loading state; the island hydrates at once and fetches the posts.
 */
import { Box, Button, Container, Flex, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { LoadingState } from "../ui/States.tsx";
import { notify } from "../ui/toaster.ts";
import { type BlogBackend, studioBlog } from "./backend.ts";
import { CategoryTable } from "./CategoryTable.tsx";
import { ConfirmDelete } from "./ConfirmDelete.tsx";
import { type AdminError, type AdminListing, type AdminPostInput, type FieldErrors, isUnpublished, missingRequired, splitTags, type StudioPostListing } from "./model.ts";
import { emptyForm, type FormValues, PostForm } from "./PostForm.tsx";
import { PostList } from "./PostList.tsx";
import { texts } from "./texts.ts";
import { SessionGate } from "../studio/RequireSession.tsx";
import { StudioNav } from "../studio/ui/Frame.tsx";
import type { FieldChange } from "../editor/model.ts";
import { HistoryPanel } from "../editor/ui/HistoryPanel.tsx";
import { SharePreview } from "../editor/ui/StudioParts.tsx";

type Load = { state: "loading" } | { state: "failed"; error: AdminError } | { state: "loaded"; listing: StudioPostListing };
type Post = StudioPostListing["posts"][number];
/** How the editing post's draft stands. */
type DraftState = "idle" | "saving" | "saved" | "failed";
/** How long typing pauses before the draft is sent (as the page editor's autosave). */
const AUTOSAVE_MS = 1000;

const toInput = (v: FormValues): AdminPostInput => ({ ...v, tags: splitTags(v.tags) });
const toValues = (p: AdminPostInput): FormValues => ({
  title: p.title,
  excerpt: p.excerpt,
  content: p.content,
  author: p.author,
  category: p.category,
  tags: p.tags.join(", "),
  status: p.status,
  featured: p.featured,
});
const describe = (e: AdminError) => `${e.message} ${e.hint}`;

/** Only for someone signed in (the sign-in page otherwise; in local mode, the link the server printed). */
export default function AdminPageScreen() {
  return <SessionGate>{(me) => <StudioAdminPage me={me} />}</SessionGate>;
}

function StudioAdminPage({ me }: { me: Parameters<typeof studioBlog>[0] }) {
  const [backend] = useState(() => studioBlog(me));
  return (
    <>
      <StudioNav me={me} />
      <AdminPage backend={backend} />
    </>
  );
}

function AdminPage({ backend }: { backend: BlogBackend }) {
  const { studio } = backend;
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [tab, setTab] = useState("posts");
  const [editing, setEditing] = useState<Post>();
  const [draft, setDraft] = useState<DraftState>("idle");
  const [changes, setChanges] = useState<FieldChange[]>();
  /** The values typed since the draft was last sent, to send after the pause. */
  const typed = useRef<FormValues | undefined>(undefined);
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<Post>();
  const [busyDeleting, setBusyDeleting] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  const refresh = useCallback(async () => {
    const result = await backend.list();
    setLoad(result.ok ? { state: "loaded", listing: result.data } : { state: "failed", error: result.failure.error });
  }, [backend]);
  useEffect(() => void refresh(), [refresh]);

  // What is typed in a post is kept as its draft about a second after typing pauses.
  useEffect(() => {
    if (!editing || typed.current !== values) return;
    const timer = setTimeout(() => {
      setDraft("saving");
      void studio.keep(editing, toInput(values)).then((kept) => setDraft(kept.ok ? "saved" : "failed"));
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [studio, editing, values]);

  /** What is typed sent as the draft now, not after the pause (a preview about to be shared shows it). */
  const flushDraft = async () => {
    if (!editing || typed.current === undefined) return;
    setDraft("saving");
    const kept = await studio.keep(editing, toInput(typed.current));
    setDraft(kept.ok ? "saved" : "failed");
  };

  const change = (next: FormValues) => {
    typed.current = next;
    setValues(next);
  };

  /** After a new post's first draft: the list again, and that draft open for editing. */
  const refreshAndEdit = async (file: string) => {
    const result = await backend.list();
    setLoad(result.ok ? { state: "loaded", listing: result.data } : { state: "failed", error: result.failure.error });
    const post = result.ok ? result.data.posts.find((p) => p.file === file) : undefined;
    if (post) await startEdit(post);
  };

  const toCreateMode = () => {
    setEditing(undefined);
    setValues(emptyForm);
    setErrors({});
    setChanges(undefined);
    setDraft("idle");
    typed.current = undefined;
  };

  const startEdit = async (post: Post) => {
    const kept = post.draft ? await studio.draftOf(post.file) : undefined;
    setEditing(post);
    setValues(toValues(kept ?? post));
    setErrors({});
    setChanges(undefined);
    setDraft(kept ? "saved" : "idle");
    typed.current = undefined;
    window.scrollTo({ top: 0 });
    // Keyboard users land in the form they are now editing, without undoing the scroll.
    requestAnimationFrame(() => titleRef.current?.focus({ preventScroll: true }));
  };

  const save = async () => {
    const missing = missingRequired(values);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, texts.form.required[f]])));
      notify("error", texts.notices.validation.title, texts.notices.validation.description);
      document.getElementById(`post-${missing[0]}`)?.focus();
      return;
    }
    setSaving(true);
    // A contributor's Save Draft sends the draft at once; everyone else's button publishes.
    if (!studio.canPublish) {
      // A new post becomes a draft of a post not published yet, and is then edited like any other.
      const kept = editing ? await studio.keep(editing, toInput(values)) : await studio.keepNew(toInput(values), listing?.posts ?? []);
      setSaving(false);
      setDraft(kept.ok ? "saved" : "failed");
      if (!kept.ok) return notify("error", kept.failure.error.title, describe(kept.failure.error));
      notify("success", texts.studio.draftKept.title, texts.studio.draftKept.description);
      if (!editing) await refreshAndEdit((kept.data as { file: string }).file);
      return;
    }
    const result = editing ? await backend.update(editing, toInput(values)) : await backend.create(toInput(values));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.failure.fields ?? {});
      setChanges(result.failure.changes);
      notify("error", result.failure.error.title, describe(result.failure.error));
      return;
    }
    if (editing) await studio.api.discardDraft(editing.file);
    const notice = editing && !isUnpublished(editing) ? texts.notices.updated : texts.notices.created;
    notify("success", notice.title, notice.description);
    toCreateMode();
    await refresh();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyDeleting(true);
    const result = await backend.remove(deleting);
    setBusyDeleting(false);
    const deleted = deleting;
    setDeleting(undefined);
    if (!result.ok) {
      notify("error", result.failure.error.title, describe(result.failure.error));
      return;
    }
    notify("success", texts.notices.deleted.title, texts.notices.deleted.description);
    if (editing?.file === deleted.file) toCreateMode();
    await refresh();
  };

  const listing = load.state === "loaded" ? load.listing : undefined;
  const retry = () => void (setLoad({ state: "loading" }), refresh());
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);

  return (
    <Box as="main" id="main">
      <Container maxW="6xl" pt={{ base: "8", md: "12" }}>
        <Heading as="h1" size="xl">{texts.studio.pageTitle}</Heading>
        <Text mt="2" color="gray.700">{texts.studio.intro}</Text>
      </Container>
      <Container maxW="6xl" py={{ base: "10", md: "14" }} data-testid="admin" data-state={load.state}>
        {/* Why the posts could not be loaded (the server down), with Retry, in place of the tabs. */}
        {load.state === "failed" ? (
          <NotLoaded load={load} onRetry={retry} />
        ) : (
          /* The tabs are there from the first paint (prerendered); a tab chosen before the
              island hydrated, or while the posts load, is the one shown once they are there. */
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="lg" lazyMount={false}>
            <Tabs.List aria-label={texts.studio.pageTitle} mb="8">
              <Tabs.Trigger value="posts">{texts.tabs.posts}{count(listing?.posts.length)}</Tabs.Trigger>
              <Tabs.Trigger value="categories">{texts.tabs.categories}{count(listing?.categories.length)}</Tabs.Trigger>
              <Tabs.Trigger value="settings">{texts.tabs.settings}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="posts">
              {listing ? (
                <>
                  {editing && (
                    <StudioBar
                      draft={draft}
                      canPublish={studio.canPublish}
                      share={<SharePreview api={studio.api} file={editing.file} flush={flushDraft} />}
                      history={isUnpublished(editing) ? null : <HistoryPanel api={studio.api} file={editing.file} name={`“${editing.title}”`} canRestore={studio.canPublish} onRestored={async () => (toCreateMode(), await refresh())} />}
                    />
                  )}
                  {changes && changes.length > 0 && <Changes changes={changes} />}
                  <PostForm
                    editing={editing !== undefined}
                    values={values}
                    onChange={change}
                    errors={errors}
                    categories={listing.categories}
                    authors={listing.authors}
                    saving={saving}
                    onSubmit={() => void save()}
                    onCancel={toCreateMode}
                    titleRef={titleRef}
                    submitLabel={studio.canPublish ? texts.studio.publish : texts.studio.saveDraft}
                    />
                  <PostList
                    posts={listing.posts}
                    editingFile={editing?.file}
                    onEdit={(post) => void startEdit(post)}
                    onDelete={setDeleting}
                    canDelete={studio.canPublish}
                  />
                  {listing.problems.length > 0 && <Problems problems={listing.problems} />}
                </>
              ) : (
                <NotLoaded load={load} onRetry={retry} />
              )}
            </Tabs.Content>
            <Tabs.Content value="categories">{listing ? <CategoryTable categories={listing.categories} /> : <NotLoaded load={load} onRetry={retry} />}</Tabs.Content>
            <Tabs.Content value="settings">
              <Heading as="h2" size="lg">{texts.tabs.settings}</Heading>
              <Text mt="3" color="gray.700">{texts.settingsPlaceholder}</Text>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Container>
      <ConfirmDelete post={deleting} busy={busyDeleting} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(undefined)} />
    </Box>
  );
}

/** Above the form of the post being edited: how its draft stands, sharing its preview, and its history. */
function StudioBar({ draft, canPublish, share, history }: { draft: DraftState; canPublish: boolean; share: ReactNode; history: ReactNode }) {
  const t = texts.studio;
  const said = { idle: "", saving: t.savingDraft, saved: t.draftSaved, failed: t.draftNotSaved }[draft];
  return (
    <Flex mb="4" gap="4" align="center" justify="space-between" wrap="wrap">
      <Box>
        <Text role="status" color="gray.700" data-testid="draft-state" data-state={draft}>
          {said}
        </Text>
        {!canPublish && <Text color="gray.700">{t.contributorNote}</Text>}
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        {share}
        {history}
      </Flex>
    </Flex>
  );
}

/** A publish refused because the post was published by someone else since the draft began: what changed, in words. */
function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <Box role="alert" mb="4" p="4" bg="orange.50" borderWidth="1px" borderColor="orange.200" rounded="lg" data-testid="post-changed-since">
      <Heading as="h2" size="md">{texts.studio.changedSince}</Heading>
      <Stack as="ul" mt="2" pl="5" gap="1">
        {changes.map((c, i) => <li key={i}>{c.words}</li>)}
      </Stack>
    </Box>
  );
}

/** A tab's content before the posts are there: loading, or why they could not be loaded, with Retry. */
function NotLoaded({ load, onRetry }: { load: Load; onRetry: () => void }) {
  if (load.state !== "failed") return <LoadingState label={texts.loading} />;
  return (
    <Box role="alert" textAlign="center" py="16">
      <Heading as="h2" size="lg">{texts.loadError.title}</Heading>
      <Text mt="3" color="gray.700">{load.error.message}</Text>
      <Text mt="1" color="gray.600">{load.error.hint}</Text>
      <Button mt="6" onClick={onRetry}>
        {texts.loadError.retry}
      </Button>
    </Box>
  );
}

/** Files the list could not show, as the content checker reports them (spec: never silently dropped). */
function Problems({ problems }: { problems: AdminListing["problems"] }) {
  return (
    <Box as="section" aria-labelledby="problems-heading" mt="12" p="6" bg="red.50" borderWidth="1px" borderColor="red.200" rounded="xl" data-testid="admin-problems">
      <Heading as="h2" id="problems-heading" size="lg" color="red.800">
        {texts.problems.heading}
      </Heading>
      <Text mt="1" color="gray.800">{texts.problems.intro}</Text>
      <Stack as="ul" listStyleType="none" gap="4" mt="4">
        {problems.map((p, i) => (
          <li key={`${p.file}:${p.line}:${i}`}>
            <Text fontFamily="mono" fontSize="sm" color="gray.800">{`${p.file}:${p.line}:${p.column}`}</Text>
            <Text fontWeight="semibold" color="gray.900">{p.title}</Text>
            <Text color="gray.800">{p.message}</Text>
            <Text color="gray.700">{p.hint}</Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}
