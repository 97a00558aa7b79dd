/**
 * /admin/pages: every page, named by its path, with its title and whether it has errors;
 * pages not written yet (a new page's draft) beside them; every collection; every reusable
 * section, with how many pages place it; for an admin, the page templates; the site-wide
 * translations (the site config's, the blog taxonomy's) per locale. New page starts a page
 * blank or as a copy of another.
 */
import { Badge, Box, Button, chakra, Container, Flex, Heading, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { followInPage, navigateInPage } from "../../page/location.ts";
import type { DraftKeeper } from "../document/drafts.ts";
import { EDITOR_PATH, templateUrl } from "../../runtime/studio-paths.ts";
import type { MarkedListing } from "../backend.ts";
import type { DocumentListing, DraftMark, EditorContext } from "../model.ts";
import { texts } from "../texts.ts";
import { Dialog, DialogForm } from "../../ui/Dialog.tsx";
import { TranslationProgress } from "./TranslationProgress.tsx";
import { localeUrl } from "../../studio/editor-paths.ts";
import { translationTexts } from "../translation-texts.ts";
import { collectionName, pageNaming } from "../document/names.ts";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { sectionUrl } from "./SectionParts.tsx";
import { PAGE_TEMPLATE_FILE } from "../../../schemas/page.ts";
import { uniqueBlockKey } from "../../../schemas/block-key.ts";
import { fileOf } from "../document/open.ts";

const t = texts.list;

export const pageUrl = (file: string) => `${EDITOR_PATH}?page=${encodeURIComponent(file.replace(/^content\/pages\//, "").replace(/\.json$/, ""))}`;
export const collectionUrl = (name: string) => `${EDITOR_PATH}?collection=${encodeURIComponent(name)}`;

function ErrorCount({ count }: { count: number }) {
  return count > 0 ? (
    <Badge colorPalette="red" variant="solid" bg="red.700" data-testid="error-count">
      {t.errors(count)}
    </Badge>
  ) : (
    <Badge variant="subtle" colorPalette="green" color="green.800">
      {t.errors(0)}
    </Badge>
  );
}

/** A file's draft: who changed it last and when. */
function DraftBadge({ mark }: { mark: DraftMark | undefined }) {
  if (!mark) return null;
  return (
    <Badge colorPalette="yellow" color="yellow.900" data-testid="draft-mark">
      {texts.studio.draftBy(mark.by.name, texts.studio.ago(Date.now() - Date.parse(mark.at)))}
    </Badge>
  );
}

/** `admin`: whoever may maintain the page templates (an admin), who has their list. */
export function DocumentList({ listing, context, keeper, admin }: { listing: MarkedListing; context: EditorContext; keeper: DraftKeeper; admin: boolean }) {
  const [creating, setCreating] = useState(false);
  const listed = new Set([...listing.pages, ...listing.collections, ...context.sections, ...context.templates].map((entry) => entry.file));
  // New pages' drafts, kept by the studio's server (a new template's is listed with the templates).
  const unsaved = [...listing.marks].filter(([file]) => !listed.has(file) && !PAGE_TEMPLATE_FILE.test(file)).map(([file, mark]) => ({ file, name: `/${file.replace(/^content\/pages\//, "").replace(/\.json$/, "")}`, title: t.newDraft, mark }));
  const badge = (file: string) => <DraftBadge mark={listing.marks.get(file)} />;
  return (
    <Container maxW="4xl" py="8" data-testid="document-list">
      {/* The studio's bar above links to the posts. */}
      <Flex as="section" aria-labelledby="pages-heading" direction="column">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <Heading as="h1" id="pages-heading" size="xl">
            {t.heading}
          </Heading>
          <Button onClick={() => setCreating(true)}>{t.newPage}</Button>
        </Flex>
        <Text mt="2" color="gray.700">
          {t.intro}
        </Text>
        <Stack as="ul" listStyleType="none" gap="2" mt="4">
          {unsaved.map((d) => (
            <ListItem key={d.file} href={pageUrl(d.file)} name={d.name} title={d.title}>
              <DraftBadge mark={d.mark} />
            </ListItem>
          ))}
          {listing.pages.map((p) => {
            // A template page (one page per item of a collection) by what it shows, not its "{title}" pattern.
            const named = pageNaming(context.pages[p.file] ?? { path: p.path, meta: { title: p.title } }, p.file);
            return (
            <ListItem key={p.file} href={pageUrl(p.file)} name={named.path} title={named.title}>
              {badge(p.file)}
              <TranslationProgress progress={p.progress} locales={context.locales} />
              <ErrorCount count={p.errors} />
            </ListItem>
            );
          })}
        </Stack>
      </Flex>

      <ListSection id="collections-heading" heading={t.collectionsHeading} intro={t.collectionsIntro}>
        {listing.collections.map((c) => (
          <ListItem key={c.file} href={collectionUrl(c.name)} name={collectionName(c.name)} title={t.items(((context.collections as Record<string, unknown[]>)[c.name] ?? []).length)}>
            {badge(c.file)}
            <TranslationProgress progress={c.progress} locales={context.locales} />
            <ErrorCount count={c.errors} />
          </ListItem>
        ))}
      </ListSection>

      <ListSection id="sections-heading" heading={t.sectionsHeading} intro={t.sectionsIntro} testId="sections">
        {context.sections.map((s) => (
          <ListItem key={s.file} href={sectionUrl(s.id)} name={s.name} title={texts.sections.usedOnCount(s.usedOn.length)}>
            {badge(s.file)}
            <TranslationProgress progress={s.progress} locales={context.locales} />
            <ErrorCount count={s.errors} />
          </ListItem>
        ))}
      </ListSection>

      {admin && <TemplateList context={context} listing={listing} keeper={keeper} />}

      {listing.siteWide.length > 0 && (
        <ListSection id="site-wide-heading" heading={translationTexts.siteWideHeading} intro={translationTexts.siteWideIntro} testId="site-wide-texts">
          {listing.siteWide.flatMap((s) =>
            s.progress.map((p) => {
              const locale = context.locales.find((l) => l.code === p.locale);
              return (
                <ListItem key={`${s.kind}:${p.locale}`} href={localeUrl(s.kind, "", p.locale)} name={translationTexts.siteWide[s.kind]} title={translationTexts.siteWideIn(locale?.name ?? p.locale, p.locale)}>
                  <TranslationProgress progress={[p]} locales={context.locales} />
                </ListItem>
              );
            }),
          )}
        </ListSection>
      )}

      <NewPageDialog open={creating} onClose={() => setCreating(false)} listing={listing} context={context} keeper={keeper} />
    </Container>
  );
}

/**
 * The page templates New page offers, for an admin to maintain in the page editor (and new ones
 * not published yet); New template starts one as a draft, published like any document.
 */
function TemplateList({ context, listing, keeper }: { context: EditorContext; listing: MarkedListing; keeper: DraftKeeper }) {
  const drafts = [...listing.marks].filter(([file]) => PAGE_TEMPLATE_FILE.test(file) && !context.templates.some((t) => t.file === file));
  const idOf = (file: string) => file.replace(/^.*\//, "").replace(/\.json$/, "");
  const create = () => {
    const id = uniqueBlockKey("new-template", [...context.templates.map((t) => idOf(t.file)), ...drafts.map(([file]) => idOf(file))]);
    keeper.put(fileOf("template", id), null, { $schema: TEMPLATE_SCHEMA, template: { name: t.newTemplateName, description: "" }, meta: { title: t.newTemplateName, description: "" }, blocks: [] });
    navigateInPage(templateUrl(id));
  };
  return (
    <ListSection id="templates-heading" heading={t.templatesHeading} intro={t.templatesIntro} testId="templates" action={<Button onClick={create}>{t.newTemplate}</Button>}>
      {drafts.map(([file, mark]) => (
        <ListItem key={file} href={templateUrl(idOf(file))} name={t.newTemplateName} title={t.newDraft}>
          <DraftBadge mark={mark} />
        </ListItem>
      ))}
      {context.templates.map((template) => (
        <ListItem key={template.file} href={templateUrl(idOf(template.file))} name={template.name} title={template.description}>
          <DraftBadge mark={listing.marks.get(template.file)} />
        </ListItem>
      ))}
    </ListSection>
  );
}

/** A titled list of the page list below the pages: the collections, the site-wide translations. */
function ListSection({ id, heading, intro, testId, action, children }: { id: string; heading: string; intro: string; testId?: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <Flex as="section" aria-labelledby={id} direction="column" mt="10" data-testid={testId}>
      <Flex align="center" justify="space-between" gap="4" wrap="wrap">
        <Heading as="h2" id={id} size="lg">
          {heading}
        </Heading>
        {action}
      </Flex>
      <Text mt="2" color="gray.700">
        {intro}
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" mt="4">
        {children}
      </Stack>
    </Flex>
  );
}

function ListItem({ href, name, title, children }: { href: string; name: string; title: string; children: React.ReactNode }) {
  return (
    <li>
      <Flex align="center" gap="3" wrap="wrap" p="3" borderWidth="1px" borderColor="gray.300" rounded="md" bg="white">
        <chakra.a asChild fontWeight="semibold" color="brand.700" textDecoration="underline" _hover={{ color: "brand.800" }}>
          <a href={href} onClick={followInPage}>
            {name}
          </a>
        </chakra.a>
        <Text flex="1" minW="10rem" color="gray.800" truncate>
          {title}
        </Text>
        <Flex gap="2">{children}</Flex>
      </Flex>
    </li>
  );
}

/** What a new page file names as its JSON Schema (schemas/json/), for developers' editors; a new template's. */
const PAGE_SCHEMA = "../../schemas/json/page.schema.json";
const TEMPLATE_SCHEMA = "../../schemas/json/page-template.schema.json";

/** Path and title; blank, from a page template, or a copy of another page. The page is written on its first save. */
function NewPageDialog({ open, onClose, listing, context, keeper }: { open: boolean; onClose: () => void; listing: DocumentListing; context: EditorContext; keeper: DraftKeeper }) {
  const n = texts.newPage;
  const [path, setPath] = useState("/");
  const [title, setTitle] = useState("");
  const [from, setFrom] = useState("");
  const [errors, setErrors] = useState<{ path?: string; title?: string }>({});
  const chosenTemplate = context.templates.find((t) => t.file === from);
  const create = () => {
    const file = `content/pages/${path.slice(1).replace(/\//g, "-")}.json`;
    const next: typeof errors = {};
    if (!/^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/.test(path)) next.path = n.badPath;
    else if (listing.pages.some((p) => p.path === path)) next.path = n.takenPath(path);
    else if (listing.pages.some((p) => p.file === file)) next.path = n.takenFile;
    if (title.trim() === "") next.title = n.emptyTitle;
    setErrors(next);
    if (next.path || next.title) {
      document.getElementById(next.path ? "new-page-path" : "new-page-title")?.focus();
      return;
    }
    const template = context.templates.find((t) => t.file === from);
    const source = template ? undefined : from ? (context.pages[from] as Record<string, unknown> | undefined) : undefined;
    const data = template
      ? { $schema: PAGE_SCHEMA, path, meta: { ...structuredClone(template.page.meta), title: title.trim() }, blocks: structuredClone(template.page.blocks) }
      : source
        ? { ...structuredClone(source), path, meta: { ...(source.meta as object), title: title.trim() } }
        : { $schema: PAGE_SCHEMA, path, meta: { title: title.trim(), description: "" }, blocks: [] };
    keeper.put(file, null, data);
    onClose();
    navigateInPage(pageUrl(file));
  };
  const field = (id: string, label: string, error: string | undefined, input: React.ReactNode, help?: string) => (
    <Box>
      <chakra.label htmlFor={id} fontWeight="medium" fontSize="sm">
        {label}
      </chakra.label>
      {help && (
        <Text id={`${id}-help`} fontSize="sm" color="gray.700">
          {help}
        </Text>
      )}
      <Box mt="1.5">{input}</Box>
      {error && (
        <Text id={`${id}-error`} mt="1" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Box>
  );
  return (
    <Dialog open={open} title={n.title} onClose={onClose} testId="new-page">
      <DialogForm onSubmit={create}>
        {field(
          "new-page-path",
          n.path,
          errors.path,
          <Input id="new-page-path" value={path} onChange={(e) => setPath(e.target.value.trim())} aria-invalid={!!errors.path || undefined} aria-describedby={`new-page-path-help${errors.path ? " new-page-path-error" : ""}`} autoComplete="off" />,
          n.pathHelp,
        )}
        {field(
          "new-page-title",
          n.pageTitle,
          errors.title,
          <Input id="new-page-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={!!errors.title || undefined} aria-describedby={errors.title ? "new-page-title-error" : undefined} />,
        )}
        {field(
          "new-page-from",
          n.start,
          undefined,
          <NativeSelect.Root>
            <NativeSelect.Field id="new-page-from" value={from} onChange={(e) => setFrom(e.target.value)} aria-describedby={chosenTemplate ? "new-page-from-help" : undefined}>
              <option value="">{n.blank}</option>
              {context.templates.length > 0 && (
                <optgroup label={n.templates}>
                  {context.templates.map((t) => (
                    <option key={t.file} value={t.file}>
                      {t.name}
                    </option>
                  ))}
                </optgroup>
              )}
              <optgroup label={n.copies}>
                {listing.pages.map((p) => (
                  <option key={p.file} value={p.file}>
                    {n.copyOf(p.path || p.file)}
                  </option>
                ))}
              </optgroup>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>,
          chosenTemplate?.description,
        )}
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button type="button" variant="outline" onClick={onClose}>
            {n.cancel}
          </Button>
          <Button type="submit">{n.create}</Button>
        </Flex>
      </DialogForm>
    </Dialog>
  );
}
