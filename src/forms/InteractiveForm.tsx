/**
 * The working form: react-hook-form validates with the same zod schema the server uses
 * (valuesSchema), sends through submitForm and shows the notice of the outcome. This
 * module is the lazily loaded chunk with react-hook-form and zod; ContentForm swaps it in
 * for the prerendered markup, handing over what the visitor has typed so far.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { notify } from "../ui/toaster.ts";
import { formEndpoint } from "./endpoint.ts";
import { FormLayout, type FormLayoutKind } from "./FormLayout.tsx";
import { invalidNotice, noticeFor, type Notice, submitForm } from "./submit.ts";
import { type FormValues, HONEYPOT, valuesSchema } from "./values.ts";

/** What the prerendered form had when the interactive one replaced it. */
export interface Handoff {
  values: FormValues;
  /** The field that had focus, and its selection, so typing carries on where it was. */
  focus?: { name: string; start: number | null; end: number | null };
  /** The visitor submitted before this code had loaded: submit once mounted. */
  submit: boolean;
}

/** Values to fill in from the URL (e.g. the position on /careers?position=...), once per navigation. */
export interface Prefill {
  key: string;
  values: FormValues;
  /** The id the URL's #fragment names (e.g. apply): scrolled to rather than the form itself. */
  anchor?: string;
}

export interface InteractiveFormProps {
  form: ResolvedForm;
  layout: FormLayoutKind;
  inverted?: boolean;
  handoff: Handoff;
  prefill?: Prefill;
}

const show = (notice: Notice) => notify(notice.type, notice.title, notice.description);

export default function InteractiveForm({ form, layout, inverted, handoff, prefill }: InteractiveFormProps) {
  const empty = useMemo(() => Object.fromEntries([...form.fields.map((f) => [f.name, ""]), [HONEYPOT, ""]]) as FormValues, [form]);
  const resolver = useMemo(() => zodResolver(valuesSchema(form)) as unknown as Resolver<FormValues>, [form]);
  const { register, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<FormValues>({
    resolver,
    defaultValues: { ...empty, ...handoff.values },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [status, setStatus] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef(false);

  const onValid = async (values: FormValues) => {
    setStatus("");
    const outcome = await submitForm(form, values);
    if (outcome.kind === "success") reset(empty);
    if (outcome.kind === "failed" && outcome.fields) {
      for (const [name, message] of Object.entries(outcome.fields)) {
        if (name in empty && name !== HONEYPOT) setError(name, { type: "server", message });
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

  // Carry on where the prerendered form left off.
  useEffect(() => {
    if (handoff.focus) {
      const el = formRef.current?.elements.namedItem(handoff.focus.name);
      if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
        el.focus({ preventScroll: true });
        if (!(el instanceof HTMLSelectElement) && handoff.focus.start !== null) {
          try {
            el.setSelectionRange(handoff.focus.start, handoff.focus.end ?? handoff.focus.start);
          } catch {
            // type=email inputs have no selection API.
          }
        }
      }
    }
    if (handoff.submit) void submit();
    // Runs once, for the handoff this form was created with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Fill in values from the URL, bring the form into view and put the visitor in its first empty field.
  const prefillKey = prefill?.key;
  useEffect(() => {
    if (!prefill) return;
    for (const [name, value] of Object.entries(prefill.values)) setValue(name, value, { shouldDirty: true });
    const target = formRef.current;
    if (!target) return;
    const anchor = prefill.anchor ? document.getElementById(prefill.anchor) : null;
    (anchor ?? target.closest("section") ?? target).scrollIntoView({ block: "start" });
    // Keyboard and screen reader users land in the form, not back at the Apply button.
    const firstEmpty = form.fields.find((f) => !(prefill.values[f.name] ?? handoff.values[f.name]));
    const field = firstEmpty && target.elements.namedItem(firstEmpty.name);
    if (field instanceof HTMLElement) field.focus({ preventScroll: true });
    // The key changes once per navigation; the values come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefillKey]);

  const errors = Object.fromEntries(Object.entries(formState.errors).map(([name, e]) => [name, e?.message]));
  return (
    <FormLayout
      form={form}
      layout={layout}
      inverted={inverted}
      control={(name) => register(name)}
      errors={errors}
      submitting={formState.isSubmitting}
      status={status}
      formProps={{
        ref: formRef,
        action: formEndpoint(form.endpoint),
        method: "post",
        onSubmit: (event) => {
          event.preventDefault();
          void submit();
        },
      }}
      ready
    />
  );
}
