/**
 * The create/edit form (spec §2, §4, §5). Controlled by AdminRoute, which owns the mode,
 * the values and the save; this file only lays out labelled fields and their errors.
 */
import { Box, Button, chakra, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Textarea } from "@chakra-ui/react";
import type { ReactNode, Ref } from "react";
import { type AdminCategory, type FieldErrors, LIMITS, type PostStatus } from "./model.ts";
import { texts } from "./texts.ts";

/** What the fields hold: tags as the comma-separated text the marketer types. */
export interface FormValues {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  category: string;
  tags: string;
  status: PostStatus;
  featured: boolean;
}

export const emptyForm: FormValues = { title: "", excerpt: "", content: "", author: "", category: "", tags: "", status: "draft", featured: false };

interface PostFormProps {
  editing: boolean;
  values: FormValues;
  onChange: (values: FormValues) => void;
  errors: FieldErrors;
  categories: AdminCategory[];
  authors: string[];
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  titleRef: Ref<HTMLInputElement>;
  /** Publish Post (editors and admins) or Save Draft (contributors). */
  submitLabel: string;
}

const t = texts.form;
const hinted = new Set<keyof FieldErrors>(["excerpt", "content", "tags"]);

export function PostForm({ editing, values, onChange, errors, categories, authors, saving, onSubmit, onCancel, titleRef, submitLabel }: PostFormProps) {
  const set = <K extends keyof FormValues>(key: K) => (value: FormValues[K]) => onChange({ ...values, [key]: value });
  // Ark links only the hint (aria-describedby) and the error through aria-errormessage, which
  // screen readers seldom read: both go in aria-describedby.
  const describedBy = (key: keyof FieldErrors) =>
    [hinted.has(key) && `post-${key}-hint`, errors[key] && `post-${key}-error`].filter(Boolean).join(" ") || undefined;
  const text = (key: "title" | "excerpt" | "content" | "author" | "tags") => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
    bg: "white",
    "aria-describedby": describedBy(key),
  });
  // Uncategorized is the empty choice; the taxonomy's own entry for it would repeat it.
  const choices = categories.filter((c) => c.slug !== "uncategorized");

  return (
    <Box as="section" aria-labelledby="post-form-heading" bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="xl" p={{ base: "5", md: "8" }}>
      <Heading as="h2" id="post-form-heading" size="lg" mb="6">
        {editing ? t.editHeading : t.createHeading}
      </Heading>
      <chakra.form
        noValidate
        aria-labelledby="post-form-heading"
        data-mode={editing ? "edit" : "create"}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Row name="title" label={t.title} required error={errors.title} wide>
            <Input ref={titleRef} {...text("title")} maxLength={LIMITS.title} autoComplete="off" />
          </Row>
          <Row name="excerpt" label={t.excerpt} hint={t.excerptHint} error={errors.excerpt} wide>
            <Textarea {...text("excerpt")} rows={2} maxLength={LIMITS.excerpt} resize="vertical" />
          </Row>
          <Row name="content" label={t.content} hint={t.contentHint} required error={errors.content} wide>
            <Textarea {...text("content")} rows={14} maxLength={LIMITS.content} resize="vertical" fontFamily="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" fontSize="sm" spellCheck />
          </Row>
          <Row name="author" label={t.author} required error={errors.author}>
            <Input {...text("author")} list="post-author-options" maxLength={LIMITS.author} autoComplete="off" />
          </Row>
          <datalist id="post-author-options">
            {authors.map((a) => <option key={a} value={a} />)}
          </datalist>
          <Row name="category" label={t.category} error={errors.category}>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.category} onChange={(e) => set("category")(e.target.value)} bg="white" aria-describedby={describedBy("category")}>
                <option value="">{t.noCategory}</option>
                {choices.map((c) => <option key={c.slug} value={c.slug}>{c.name}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Row>
          <Row name="tags" label={t.tags} hint={t.tagsHint} error={errors.tags}>
            <Input {...text("tags")} autoComplete="off" />
          </Row>
          <Row name="status" label={t.status} error={errors.status}>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.status} onChange={(e) => set("status")(e.target.value as PostStatus)} bg="white" aria-describedby={describedBy("status")}>
                <option value="draft">{t.draft}</option>
                <option value="published">{t.published}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Row>
          <Flex align="center" gap="3" gridColumn="1 / -1">
            <chakra.input
              id="post-featured"
              type="checkbox"
              checked={values.featured}
              onChange={(e) => set("featured")(e.target.checked)}
              w="5"
              h="5"
              accentColor="brand.600"
              cursor="pointer"
            />
            <chakra.label htmlFor="post-featured" fontWeight="medium" cursor="pointer">
              {t.featured}
            </chakra.label>
          </Flex>
        </SimpleGrid>
        <Flex gap="3" mt="8" wrap="wrap">
          <Button type="submit" size="lg" disabled={saving} aria-disabled={saving || undefined}>
            {saving ? t.saving : submitLabel}
          </Button>
          {editing && (
            <Button type="button" size="lg" variant="outline" onClick={onCancel} disabled={saving}>
              {t.cancel}
            </Button>
          )}
        </Flex>
      </chakra.form>
    </Box>
  );
}

function Row({ name, label, hint, required, error, wide, children }: { name: string; label: string; hint?: string; required?: boolean; error?: string; wide?: boolean; children: ReactNode }) {
  const id = `post-${name}`;
  return (
    // Ark gives the control the field's `id` (the label points at it); ids.control would name the root.
    <Field.Root id={id} ids={{ errorText: `${id}-error`, helperText: `${id}-hint` }} required={required} invalid={error !== undefined} gridColumn={wide ? "1 / -1" : undefined}>
      <Field.Label fontWeight="medium">
        {label}
        <Field.RequiredIndicator color="red.600" />
      </Field.Label>
      {children}
      {hint && <Field.HelperText color="gray.600">{hint}</Field.HelperText>}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}
