/**
 * Island: the local blog admin (spec §2 Admin Panel), the whole content of /admin. It exists
 * only in local mode (src/routes.ts, the island registry) and edits content/blog/posts/*.md
 * through the local API (server/plugins/admin.ts). The page is prerendered as its loading
 * state; the island hydrates at once and fetches the posts.
 */
import { Box, Button, Container, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { LoadingState } from "../ui/States.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { notify } from "../ui/toaster.ts";
import { adminApi } from "./api.ts";
import { CategoryTable } from "./CategoryTable.tsx";
import { ConfirmDelete } from "./ConfirmDelete.tsx";
import { type AdminError, type AdminListing, type AdminPost, type AdminPostInput, type FieldErrors, missingRequired, splitTags } from "./model.ts";
import { emptyForm, type FormValues, PostForm } from "./PostForm.tsx";
import { PostList } from "./PostList.tsx";
import { EDITOR_PATH } from "../runtime/studio-paths.ts";
import { texts } from "./texts.ts";
import { RequireSession } from "../studio/RequireSession.tsx";

type Load = { state: "loading" } | { state: "failed"; error: AdminError } | { state: "loaded"; listing: AdminListing };

const toInput = (v: FormValues): AdminPostInput => ({ ...v, tags: splitTags(v.tags) });
const toValues = (p: AdminPost): FormValues => ({
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

/** In studio mode, only for someone signed in (the sign-in page otherwise). */
export default function AdminPageScreen() {
  return (
    <RequireSession>
      <AdminPage />
    </RequireSession>
  );
}

function AdminPage() {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [tab, setTab] = useState("posts");
  const [editing, setEditing] = useState<AdminPost>();
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<AdminPost>();
  const [busyDeleting, setBusyDeleting] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  const refresh = useCallback(async () => {
    const result = await adminApi.list();
    setLoad(result.ok ? { state: "loaded", listing: result.data } : { state: "failed", error: result.failure.error });
  }, []);
  useEffect(() => void refresh(), [refresh]);

  const toCreateMode = () => {
    setEditing(undefined);
    setValues(emptyForm);
    setErrors({});
  };

  const startEdit = (post: AdminPost) => {
    setEditing(post);
    setValues(toValues(post));
    setErrors({});
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
    const result = editing ? await adminApi.update(editing, toInput(values)) : await adminApi.create(toInput(values));
    setSaving(false);
    if (!result.ok) {
      setErrors(result.failure.fields ?? {});
      notify("error", result.failure.error.title, describe(result.failure.error));
      return;
    }
    const notice = editing ? texts.notices.updated : texts.notices.created;
    notify("success", notice.title, notice.description);
    toCreateMode();
    await refresh();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyDeleting(true);
    const result = await adminApi.remove(deleting);
    setBusyDeleting(false);
    const deleted = deleting;
    setDeleting(undefined);
    if (!result.ok) {
      notify("error", result.failure.error.title, describe(result.failure.error));
      return;
    }
    notify("success", texts.notices.deleted.title, texts.notices.deleted.description);
    if (editing?.slug === deleted.slug) toCreateMode();
    await refresh();
  };

  const listing = load.state === "loaded" ? load.listing : undefined;
  const retry = () => void (setLoad({ state: "loading" }), refresh());
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${n})`);

  return (
    <>
      <PageHeader maxW="6xl" textAlign="start">
        <Heading as="h1" size={{ base: "3xl", md: "4xl" }}>
          {texts.pageTitle}
        </Heading>
        <Text mt="3" fontSize="lg" color="whiteAlpha.900">
          {texts.intro}
        </Text>
        <Button asChild mt="5" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }}>
          <a href={EDITOR_PATH}>{texts.pageEditor}</a>
        </Button>
      </PageHeader>
      <Container maxW="6xl" py={{ base: "10", md: "14" }} data-testid="admin" data-state={load.state}>
        {/* Why the posts could not be loaded (no key for this run, the API down), with Retry, in place of the tabs. */}
        {load.state === "failed" ? (
          <NotLoaded load={load} onRetry={retry} />
        ) : (
          /* The tabs are there from the first paint (prerendered); a tab chosen before the
              island hydrated, or while the posts load, is the one shown once they are there. */
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="lg" lazyMount={false}>
            <Tabs.List aria-label={texts.pageTitle} mb="8">
              <Tabs.Trigger value="posts">{texts.tabs.posts}{count(listing?.posts.length)}</Tabs.Trigger>
              <Tabs.Trigger value="categories">{texts.tabs.categories}{count(listing?.categories.length)}</Tabs.Trigger>
              <Tabs.Trigger value="settings">{texts.tabs.settings}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="posts">
              {listing ? (
                <>
                  <PostForm
                    editing={editing !== undefined}
                    values={values}
                    onChange={setValues}
                    errors={errors}
                    categories={listing.categories}
                    authors={listing.authors}
                    saving={saving}
                    onSubmit={() => void save()}
                    onCancel={toCreateMode}
                    titleRef={titleRef}
                  />
                  <PostList posts={listing.posts} editingSlug={editing?.slug} onEdit={startEdit} onDelete={setDeleting} />
                  {listing.problems.length > 0 && <Problems problems={listing.problems} />}
                </>
              ) : (
                <NotLoaded load={load} onRetry={retry} />
              )}
            </Tabs.Content>
            <Tabs.Content value="categories">{listing ? <CategoryTable categories={listing.categories} /> : <NotLoaded load={load} onRetry={retry} />}</Tabs.Content>
            <Tabs.Content value="settings">
              <Heading as="h2" size="xl">{texts.tabs.settings}</Heading>
              <Text mt="3" color="gray.700">{texts.settingsPlaceholder}</Text>
            </Tabs.Content>
          </Tabs.Root>
        )}
      </Container>
      <ConfirmDelete post={deleting} busy={busyDeleting} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(undefined)} />
    </>
  );
}

/** A tab's content before the posts are there: loading, or why they could not be loaded, with Retry. */
function NotLoaded({ load, onRetry }: { load: Load; onRetry: () => void }) {
  if (load.state !== "failed") return <LoadingState label={texts.loading} />;
  return (
    <Box role="alert" textAlign="center" py="16">
      <Heading as="h2" size="xl">{texts.loadError.title}</Heading>
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
