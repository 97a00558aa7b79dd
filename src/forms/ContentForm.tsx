/**
 * Island: a content form as pages and the footer use it. The HTML is prerendered (labels,
 * fields, a submit button: a real form before any script runs, posting to the endpoint).
 * The island hydrates when the visitor reaches for the form (focus, pointer, a submit kept
 * by early-events.ts), or at once when the URL prefills it; its code (react-hook-form and
 * zod, about 35 kB gzip) loads only then, with the island.
 *
 * Hydrating attaches react-hook-form to the very fields of the prerendered form: nothing is
 * replaced, so what was typed (each field starts from its value in the page), the focus and
 * the caret stay where they are, and a submission kept from before is sent once. Validation
 * uses the same zod schema as the server (valuesSchema); submitForm sends, and the notice of
 * the outcome follows the spec's error catalogue.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { useLocation } from "../page/location.ts";
import { notify } from "../ui/toaster.ts";
import { formEndpoint, withLocale } from "./endpoint.ts";
import { FormLayout, type FormLayoutKind } from "./FormLayout.tsx";
import { describeChosenFiles, multipartData } from "./chosen-files.ts";
import { invalidNotice, noticeFor, type Notice, submitForm } from "./submit.ts";
import { useProofOfWork } from "./use-proof-of-work.ts";
import { type FormValues, HONEYPOT, valuesSchema } from "./values.ts";
import { POW_FIELD } from "../../schemas/form-names.ts";
import { type FormTexts, SOURCE_FORM_TEXTS } from "../page/form-strings.ts";

/** Fill `field` from the query parameter `param`; with `values`, the parameter is a key into it (a job id → its title). */
export interface PrefillRule {
  field: string;
  param: string;
  values?: Record<string, string>;
}

export interface ContentFormProps {
  form: ResolvedForm;
  layout: FormLayoutKind;
  inverted?: boolean;
  prefill?: PrefillRule[];
  /** On a page in another locale: its code, sent with the submission (?locale=hi on the endpoint). */
  locale?: string;
  /** On a page in another locale: the form texts (field errors, hints) in its language. */
  texts?: FormTexts;
}

const show = (notice: Notice) => notify(notice.type, notice.title, notice.description);

export default function ContentForm({ form, layout, inverted, prefill, locale, texts = SOURCE_FORM_TEXTS }: ContentFormProps) {
  const empty = useMemo(() => Object.fromEntries([...form.fields.map((f) => [f.name, f.type === "checkbox" ? false : f.type === "checkboxes" ? [] : ""]), [HONEYPOT, ""]]) as FormValues, [form]);
  const hasFiles = form.fields.some((f) => f.type === "file");
  const resolver = useMemo(() => {
    const values = zodResolver(valuesSchema(form, texts)) as unknown as Resolver<FormValues>;
    // A chosen file is checked as the server checks it: its size, and its kind read from its bytes.
    return hasFiles ? ((async (raw, context, options) => values(await describeChosenFiles(form, raw), context, options)) as Resolver<FormValues>) : values;
  }, [form, texts, hasFiles]);
  // No default values: each field starts from what it holds in the page (typed before hydration).
  const { register, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<FormValues>({ resolver, mode: "onSubmit", reValidateMode: "onChange" });
  const [status, setStatus] = useState("");
  const [progress, setProgress] = useState<number>();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const location = useLocation();
  // Marks the working form (data-ready, for tests) once hydrated: the prerendered HTML has no mark.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const pow = useProofOfWork(form);

  const onValid = async (values: FormValues) => {
    setStatus("");
    // Usually solved by now; if not, Send waits for it (under a second on a phone).
    const solution = await pow.solution();
    // With files, multipart: the validated values and the chosen files themselves, the upload's progress shown.
    if (hasFiles) setProgress(0);
    const data = hasFiles ? multipartData(form, values, getValues()) : values;
    if (solution !== undefined && data instanceof FormData) data.append(POW_FIELD, solution);
    const body = solution === undefined || data instanceof FormData ? data : { ...data, [POW_FIELD]: solution };
    const outcome = await submitForm({ ...form, endpoint: withLocale(form.endpoint, locale) }, body, { onProgress: setProgress });
    setProgress(undefined);
    // Fields to correct leave the challenge unspent; any other answer may have taken it.
    if (solution !== undefined && !(outcome.kind === "failed" && outcome.fields)) pow.renew();
    if (outcome.kind === "success") reset(empty);
    if (outcome.kind === "failed" && outcome.fields) {
      for (const [name, message] of Object.entries(outcome.fields)) {
        if (Object.hasOwn(empty, name) && name !== HONEYPOT) setError(name, { type: "server", message });
      }
    }
    show(noticeFor(form, outcome));
  };
  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const messages = form.fields.map((f) => errors[f.name]?.message).filter((m): m is string => typeof m === "string");
    const notice = invalidNotice(form, getValues(), messages);
    setStatus(notice.description);
    show(notice);
  };
  const submit = async () => {
    // Enter in a field while a request is out must not send a second one.
    if (sending.current) return;
    sending.current = true;
    try {
      await handleSubmit(onValid, onInvalid)();
    } finally {
      sending.current = false;
    }
  };

  // Fill in values from the URL (read after hydration: the prerendered HTML has no query
  // string, and again whenever an island moves it: Apply for this role), bring the form into
  // view and put the visitor in its first empty field.
  useEffect(() => {
    if (!prefill?.length) return;
    const values = prefillValues(prefill, new URLSearchParams(location.search), form);
    if (Object.keys(values).length === 0) return;
    for (const [name, value] of Object.entries(values)) setValue(name, value, { shouldDirty: true });
    const target = formRef.current;
    if (!target) return;
    const anchorId = location.hash.length > 1 ? safeDecode(location.hash.slice(1)) : undefined;
    const anchor = anchorId ? document.getElementById(anchorId) : null;
    (anchor ?? target.closest("section") ?? target).scrollIntoView({ block: "start" });
    // Keyboard and screen reader users land in the form, not back at the Apply button.
    const firstEmpty = form.fields.find((f) => !getValues(f.name));
    const field = firstEmpty && target.elements.namedItem(firstEmpty.name);
    if (field instanceof HTMLElement) field.focus({ preventScroll: true });
    // The key changes once per move of the URL; the values come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const errors = Object.fromEntries(Object.entries(formState.errors).map(([name, e]) => [name, e?.message]));
  return (
    <FormLayout
      form={form}
      texts={texts}
      layout={layout}
      inverted={inverted}
      control={(name) => register(name)}
      errors={errors}
      submitting={formState.isSubmitting}
      status={status}
      formProps={{
        ref: formRef,
        // Without scripts the browser posts the fields to the endpoint itself.
        action: formEndpoint(withLocale(form.endpoint, locale)),
        method: "post",
        onSubmit: (event) => {
          event.preventDefault();
          void submit();
        },
      }}
      ready={ready}
      progress={progress}
    />
  );
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The values the URL asks for; unknown keys and values that do not fit the field are ignored. */
export function prefillValues(rules: PrefillRule[], query: URLSearchParams, form: Pick<ResolvedForm, "fields">): FormValues {
  const values: FormValues = {};
  // A checkbox (no maxLength) is not filled in from the URL: consent is given by ticking it.
  for (const rule of rules) {
    const field = form.fields.find((f) => f.name === rule.field);
    const raw = query.get(rule.param)?.trim();
    if (!field || !raw) continue;
    const value = rule.values ? (Object.hasOwn(rule.values, raw) ? rule.values[raw] : undefined) : raw;
    if (typeof value !== "string" || value.length > (field.maxLength ?? 0) || /[\r\n]/.test(value)) continue;
    if (field.options && !field.options.includes(value)) continue;
    values[field.name] = value;
  }
  return values;
}
