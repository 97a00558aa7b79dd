/**
 * A content form as pages and the footer use it. The HTML is prerendered (labels, fields,
 * a submit button: a real form before any script runs); react-hook-form and zod (about
 * 35 kB gzip) load only when the form comes near the viewport or the visitor reaches for
 * it (focus, pointer, submit), so pages whose form sits in the footer do not pay for it on
 * first load. The interactive form then takes over with whatever was typed meanwhile.
 */
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { notify } from "../ui/toaster.ts";
import { formEndpoint } from "./endpoint.ts";
import { FormLayout, type FormLayoutKind } from "./FormLayout.tsx";
import type { Handoff, InteractiveFormProps, Prefill } from "./InteractiveForm.tsx";
import type { FormValues } from "./values.ts";

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
  /** Set when the visitor submitted before this code had loaded (DeferredForm): send as soon as possible. */
  pendingSubmit?: { current: boolean };
}

let Interactive: ComponentType<InteractiveFormProps> | undefined;
let loading: Promise<ComponentType<InteractiveFormProps>> | undefined;
const loadInteractive = () =>
  (loading ??= import("./InteractiveForm.tsx").then(
    (m) => (Interactive = m.default),
    (error: unknown) => {
      loading = undefined; // let the next attempt try again
      throw error;
    },
  ));

/** How far below the viewport the form starts loading its code. */
const NEAR_VIEWPORT = "400px 0px";

export function ContentForm({ form, layout, inverted, prefill, pendingSubmit }: ContentFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [loaded, setLoaded] = useState(false);
  const handoff = useRef<Handoff>(undefined);
  const [filled, setFilled] = useState<Prefill>();
  const wantsSubmit = useRef(false);
  const location = useLocation();

  const activate = useCallback(
    (submit = false) => {
      if (submit) wantsSubmit.current = true;
      loadInteractive().then(
        () => setLoaded(true),
        () => {
          // The code could not load (offline): say so if the visitor was trying to send.
          if (wantsSubmit.current) notify("error", form.notices.network.title, form.notices.network.description);
          wantsSubmit.current = false;
        },
      );
    },
    [form],
  );

  useEffect(() => {
    if (pendingSubmit?.current) {
      pendingSubmit.current = false;
      activate(true);
    }
  }, [pendingSubmit, activate]);

  useEffect(() => {
    const el = formRef.current;
    if (!el || loaded) return;
    if (typeof IntersectionObserver === "undefined") return activate();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && activate(), { rootMargin: NEAR_VIEWPORT });
    observer.observe(el);
    return () => observer.disconnect();
  }, [activate, loaded]);

  // Prefill from the URL (read after hydration: the prerendered HTML has no query string).
  useEffect(() => {
    if (!prefill?.length) return;
    const values = prefillValues(prefill, new URLSearchParams(location.search), form);
    if (Object.keys(values).length === 0) return;
    const anchor = location.hash.length > 1 ? safeDecode(location.hash.slice(1)) : undefined;
    setFilled({ key: location.key, values, ...(anchor && { anchor }) });
    activate();
  }, [location.key, location.search, location.hash, prefill, form, activate]);

  if (loaded && Interactive) {
    // Read the prerendered form while rendering, not when the code arrived: render and commit
    // run in one task, so no keystroke falls between this reading and the swap.
    handoff.current ??= capture(formRef.current, wantsSubmit.current);
    return <Interactive form={form} layout={layout} inverted={inverted} handoff={handoff.current} prefill={filled} />;
  }
  return (
    <FormLayout
      form={form}
      layout={layout}
      inverted={inverted}
      control={(name) => ({ name })}
      formProps={{
        ref: formRef,
        // Without scripts the browser posts the fields to the endpoint itself.
        action: formEndpoint(form.endpoint),
        method: "post",
        onSubmit: (event) => {
          event.preventDefault();
          activate(true);
        },
        onFocus: () => activate(),
        onPointerDown: () => activate(),
      }}
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

/** Reads the prerendered form's values and focus, so the interactive form starts where it left off. */
export function capture(form: HTMLFormElement | null, submit: boolean): Handoff {
  const values: FormValues = {};
  if (!form) return { values, submit };
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  const active = document.activeElement;
  const focused =
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) && form.contains(active) && active.name
      ? active
      : undefined;
  let focus: Handoff["focus"];
  if (focused) {
    let start: number | null = null;
    let end: number | null = null;
    try {
      if (!(focused instanceof HTMLSelectElement)) [start, end] = [focused.selectionStart, focused.selectionEnd];
    } catch {
      // type=email inputs have no selection API.
    }
    focus = { name: focused.name, start, end };
  }
  return { values, submit, ...(focus && { focus }) };
}

/** The values the URL asks for; unknown keys and values that do not fit the field are ignored. */
export function prefillValues(rules: PrefillRule[], query: URLSearchParams, form: Pick<ResolvedForm, "fields">): FormValues {
  const values: FormValues = {};
  for (const rule of rules) {
    const field = form.fields.find((f) => f.name === rule.field);
    const raw = query.get(rule.param)?.trim();
    if (!field || !raw) continue;
    const value = rule.values ? (Object.hasOwn(rule.values, raw) ? rule.values[raw] : undefined) : raw;
    if (typeof value !== "string" || value.length > field.maxLength || /[\r\n]/.test(value)) continue;
    if (field.options && !field.options.includes(value)) continue;
    values[field.name] = value;
  }
  return values;
}
