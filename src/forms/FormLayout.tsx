/**
 * The markup of a content form: labelled fields, required marks, field errors, the hidden
 * honeypot, a submit button and a live region. It holds no form logic and imports neither
 * react-hook-form nor zod, so the prerendered (static) form and the interactive one render
 * exactly the same HTML and this file can sit in the first-load bundle (the footer).
 */
import { Box, Button, chakra, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { type ComponentProps, type Ref, useId } from "react";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { labelParts } from "../../schemas/form-label.ts";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { TICKED } from "../../schemas/form-text.ts";
import { acceptAttribute } from "../../schemas/form-files.ts";
import { fileHint, type FormTexts, formText, SOURCE_FORM_TEXTS } from "../page/form-strings.ts";
import { dayOf } from "../../schemas/form-date.ts";

export type FormLayoutKind = "stacked" | "inline";
type FormField = ResolvedForm["fields"][number];

/** What the form logic attaches to a field's control: react-hook-form's register(), or just a name. */
export interface ControlProps {
  name: string;
  ref?: Ref<never>;
  onChange?: (event: { target: unknown; type?: unknown }) => unknown;
  onBlur?: (event: { target: unknown; type?: unknown }) => unknown;
  defaultValue?: string;
}

export interface FormLayoutProps {
  form: ResolvedForm;
  /** The file hint and the upload's progress in the page's language. */
  texts?: FormTexts;
  layout: FormLayoutKind;
  /** On a dark background (the footer). */
  inverted?: boolean;
  control: (name: string) => ControlProps;
  errors?: Partial<Record<string, string>>;
  submitting?: boolean;
  /** Announced to assistive technology, e.g. the validation notice. */
  status?: string;
  formProps: Omit<ComponentProps<"form">, "children">;
  /** The working form has replaced the prerendered one (data-ready, for tests). */
  ready?: boolean;
  /** How much of a file upload has been sent, 0 to 1, while one is under way. */
  progress?: number;
}

export function FormLayout({ form, texts = SOURCE_FORM_TEXTS, layout, inverted, control, errors = {}, submitting = false, status, formProps, ready, progress }: FormLayoutProps) {
  const base = useId();
  // Field ids are `${base}-${name}`: the honeypot's underscore keeps its id apart from them all.
  const honeypotId = `${base}-${HONEYPOT}`;
  const inline = layout === "inline";
  const spans = fullWidth(form.fields);
  const fields = form.fields.map((field, i) => (
    <FieldRow key={field.name} id={`${base}-${field.name}`} field={field} texts={texts} control={control(field.name)} error={errors[field.name]} inverted={inverted} wide={!inline && spans[i]!} />
  ));
  return (
    // A form with a file posts multipart, so the browser sends the file itself (with or without JavaScript); any other stays urlencoded.
    <chakra.form {...formProps} encType={form.fields.some((f) => f.type === "file") ? "multipart/form-data" : undefined} noValidate data-form={form.id} data-ready={ready ? "true" : undefined} position="relative">
      {inline ? (
        <Flex direction={{ base: "column", sm: "row" }} gap="3" align={{ base: "stretch", sm: "start" }}>
          <Box flex="1">{fields}</Box>
          {/* Lines the button up with the input under the label. */}
          <Box pt={{ sm: "7" }}>
            <SubmitButton form={form} submitting={submitting} inverted={inverted} />
          </Box>
        </Flex>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">{fields}</SimpleGrid>
          <Box mt="6">
            <SubmitButton form={form} submitting={submitting} inverted={inverted} />
          </Box>
          {progress !== undefined && <UploadProgress id={`${base}-upload`} label={formText(texts, "form.uploading", { percent: Math.round(progress * 100) })} progress={progress} inverted={inverted} />}
        </>
      )}
      {/* Honeypot: people never see or reach it (no tab stop, hidden from the accessibility tree); bots fill it in. */}
      <Box aria-hidden="true" srOnly data-honeypot>
        <label htmlFor={honeypotId}>Website</label>
        <input id={honeypotId} type="text" tabIndex={-1} autoComplete="off" {...control(HONEYPOT)} />
      </Box>
      <Box role="status" aria-live="polite" srOnly data-form-status>
        {status}
      </Box>
    </chakra.form>
  );
}

function FieldRow({ id, field, texts, control, error, inverted, wide }: { id: string; field: FormField; texts: FormTexts; control: ControlProps; error?: string; inverted?: boolean; wide: boolean }) {
  const errorId = `${id}-error`;
  const invalid = error !== undefined;
  const controlStyle = inverted ? { bg: "white", color: "gray.900", borderColor: "whiteAlpha.400" } : { bg: "white" };
  const common = {
    ...control,
    id,
    placeholder: field.placeholder,
    autoComplete: field.autocomplete,
    // Ark's field links the error through aria-errormessage; aria-describedby is what screen readers read out.
    "aria-describedby": invalid ? errorId : undefined,
    ...controlStyle,
  };
  const label = (
    <Field.Label color={inverted ? "gray.100" : "gray.800"} fontWeight="medium">
      <LabelText label={field.label} inverted={inverted} />
      <Field.RequiredIndicator color={inverted ? "red.300" : "red.600"} />
    </Field.Label>
  );
  const errorText = invalid && <Field.ErrorText id={errorId} color={inverted ? "red.200" : "red.700"}>{error}</Field.ErrorText>;
  if (field.type === "checkbox") {
    // A native box (posted as "yes" without JavaScript), its label beside it: it may link to a page (the privacy notice).
    return (
      <Field.Root id={id} ids={{ errorText: errorId }} required={field.required} invalid={invalid} gridColumn={wide ? "1 / -1" : undefined}>
        <Flex gap="3" align="start">
          <chakra.input
            {...control}
            id={id}
            type="checkbox"
            value={TICKED}
            required={field.required}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            w="5"
            h="5"
            mt="0.5"
            flexShrink={0}
            accentColor="brand.600"
          />
          {label}
        </Flex>
        {errorText}
      </Field.Root>
    );
  }
  if (field.type === "radio" || field.type === "checkboxes") return <ChoiceGroup id={id} field={field} control={control} error={error} inverted={inverted} wide={wide} />;
  return (
    <Field.Root id={id} ids={{ errorText: errorId, helperText: `${id}-hint` }} required={field.required} invalid={invalid} gridColumn={wide ? "1 / -1" : undefined}>
      {label}
      {field.type === "textarea" ? (
        <Textarea {...common} maxLength={field.maxLength} rows={field.rows} resize="vertical" />
      ) : field.type === "select" ? (
        <NativeSelect.Root>
          <NativeSelect.Field {...common} placeholder={undefined}>
            <option value="">{field.placeholder ?? ""}</option>
            {field.options?.map((o, j) => <option key={o} value={o}>{optionLabel(field, j)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : field.type === "file" ? (
        // The hint names the kinds and the size; a file over them is refused before it is sent, with the server's message.
        <>
          <Input {...common} type="file" accept={acceptAttribute(field)} aria-describedby={[`${id}-hint`, invalid ? errorId : undefined].filter(Boolean).join(" ")} py="1.5" h="auto" />
          <Field.HelperText id={`${id}-hint`} color={inverted ? "gray.300" : "gray.600"}>
            {fileHint(field, texts)}
          </Field.HelperText>
        </>
      ) : field.type === "number" ? (
        // Without a step, any number: the browser's default step of 1 would call 4.5 invalid.
        <Input {...common} type="number" min={field.min} max={field.max} step={field.step ?? "any"} />
      ) : field.type === "date" ? (
        // The day picker greys out days outside the bounds; "today" is the day the page was rendered, so only the values schema decides.
        <Input {...common} type="date" min={dateBound(field, field.min)} max={dateBound(field, field.max)} suppressHydrationWarning />
      ) : (
        <Input {...common} maxLength={field.maxLength} type={field.type} />
      )}
      {errorText}
    </Field.Root>
  );
}

/** A file upload under way: a native progress bar with its label (its percentage read out by screen readers). */
function UploadProgress({ id, label, progress, inverted }: { id: string; label: string; progress: number; inverted?: boolean }) {
  const percent = Math.round(progress * 100);
  return (
    <Flex mt="3" gap="3" align="center" color={inverted ? "gray.100" : "gray.700"} fontSize="sm">
      <label htmlFor={id}>{label}</label>
      <chakra.progress id={id} max={100} value={percent} flex="1" maxW="xs" accentColor="brand.600" />
    </Flex>
  );
}

/**
 * A radio group or a checkbox group: a fieldset whose legend is the field's label, a native
 * button or box per option (so the choice posts without JavaScript), each labelled by its option.
 * A required radio group marks its buttons required; a checkbox group's boxes are each optional.
 */
function ChoiceGroup({ id, field, control, error, inverted, wide }: { id: string; field: FormField; control: ControlProps; error?: string; inverted?: boolean; wide: boolean }) {
  const errorId = `${id}-error`;
  const invalid = error !== undefined;
  // A chosen option (from the URL) checks its button; the group has no value of its own.
  const { defaultValue, ...register } = control;
  return (
    <chakra.fieldset id={id} aria-describedby={invalid ? errorId : undefined} gridColumn={wide ? "1 / -1" : undefined} minW="0" m="0" p="0" border="0">
      <chakra.legend display="flex" gap="1" mb="1.5" textStyle="sm" fontWeight="medium" color={inverted ? "gray.100" : "gray.800"}>
        <LabelText label={field.label} inverted={inverted} />
        {field.required && (
          <chakra.span aria-hidden="true" color={inverted ? "red.300" : "red.600"}>
            *
          </chakra.span>
        )}
      </chakra.legend>
      <Stack gap="2">
        {field.options?.map((option, j) => (
          <Flex key={option} gap="3" align="start">
            <chakra.input
              {...register}
              id={`${id}-${j}`}
              type={field.type === "radio" ? "radio" : "checkbox"}
              value={option}
              defaultChecked={defaultValue === option || undefined}
              required={field.type === "radio" && field.required}
              aria-invalid={invalid || undefined}
              w="5"
              h="5"
              mt="0.5"
              flexShrink={0}
              accentColor="brand.600"
            />
            <chakra.label htmlFor={`${id}-${j}`} textStyle="sm" color={inverted ? "gray.100" : "gray.800"}>
              {optionLabel(field, j)}
            </chakra.label>
          </Flex>
        ))}
      </Stack>
      {invalid && (
        <chakra.p id={errorId} mt="1.5" textStyle="xs" fontWeight="medium" color={inverted ? "red.200" : "red.700"}>
          {error}
        </chakra.p>
      )}
    </chakra.fieldset>
  );
}

/** What the visitor reads for a field's option: its label in the page's locale, else the option (the value sent) itself. */
const optionLabel = (field: FormField, j: number) => field.optionLabels?.[j] ?? field.options![j]!;

/** A date field's bound as the input's min or max: a day, "today" read in the site's time zone. */
const dateBound = (field: FormField, bound: FormField["min"]) => (typeof bound === "string" ? dayOf(bound, field.timeZone ?? "UTC") : undefined);

/** A label's text, its `[text](/path)` parts real links to the site's pages (in one span: the label lays its children out in a row). */
function LabelText({ label, inverted }: { label: string; inverted?: boolean }) {
  const parts = labelParts(label);
  if (parts.every((p) => !p.href)) return label;
  return (
    <span>
      {parts.map((part, i) =>
        part.href ? (
          <chakra.a key={i} href={part.href} textDecoration="underline" color={inverted ? "white" : "brand.700"}>
            {part.text}
          </chakra.a>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}

function SubmitButton({ form, submitting, inverted }: { form: ResolvedForm; submitting: boolean; inverted?: boolean }) {
  return (
    <Button type="submit" size="lg" disabled={submitting} aria-disabled={submitting || undefined} w={{ base: "full", sm: "auto" }} {...(inverted ? { bg: "brand.500", _hover: { bg: "brand.400" } } : {})}>
      {submitting ? form.submittingLabel : form.submitLabel}
    </Button>
  );
}

/**
 * Which fields take the whole row in the two-column layout: long text, a checkbox (its label is a sentence), a group, and the last short
 * field of a run with an odd count (so no field sits beside an empty cell).
 */
export function fullWidth(fields: Pick<FormField, "type">[]): boolean[] {
  const wide = fields.map((f) => f.type === "textarea" || f.type === "checkbox" || f.type === "radio" || f.type === "checkboxes");
  let run = 0;
  fields.forEach((f, i) => {
    if (wide[i]) {
      run = 0;
      return;
    }
    run++;
    const endsRun = i === fields.length - 1 || wide[i + 1];
    if (endsRun && run % 2 === 1) wide[i] = true;
  });
  return wide;
}
