/**
 * A content form whose code is not part of the page's first load (the footer's newsletter
 * sign-up, on every page). The prerendered HTML stays as it is: React leaves a Suspense
 * boundary that suspends during hydration "dehydrated", showing the server's markup. Its
 * code (ContentForm and the input components) is requested only when the form comes near
 * the viewport or the visitor reaches for it; then React hydrates the same DOM, so focus
 * and anything typed meanwhile stay where they are.
 */
import { type ComponentType, Suspense, use, useEffect, useRef, useState } from "react";
import type { ContentFormProps } from "./ContentForm.tsx";

let ContentForm: ComponentType<ContentFormProps> | undefined;
let loading: Promise<void> | undefined;
/**
 * Loads the form's code. The prerenderer awaits this before rendering (entry.server.tsx):
 * a form that suspended there would be streamed as a hidden segment needing a script.
 */
export const preloadDeferredForm = () =>
  (loading ??= import("./ContentForm.tsx").then(
    (m) => void (ContentForm = m.ContentForm),
    (error: unknown) => {
      loading = undefined; // let the next attempt try again
      throw error;
    },
  ));

/** How far below the viewport the form starts loading its code. */
const NEAR_VIEWPORT = "400px 0px";

interface Gate {
  opened: Promise<void>;
  open: () => void;
  /** The visitor submitted before the code was there: send once it is. */
  submitted: { current: boolean };
}

function createGate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open, submitted: { current: false } };
}

export function DeferredForm(props: ContentFormProps) {
  const [gate] = useState(createGate);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Plain DOM listeners: the form inside is not hydrated yet, so React's handlers are not there.
    const reach = () => gate.open();
    const submit = (event: Event) => {
      if (el.querySelector("form[data-ready]")) return; // the working form handles it
      event.preventDefault();
      gate.submitted.current = true;
      gate.open();
    };
    el.addEventListener("focusin", reach);
    el.addEventListener("pointerdown", reach);
    el.addEventListener("submit", submit);
    const observer = typeof IntersectionObserver === "undefined" ? undefined : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach(), { rootMargin: NEAR_VIEWPORT });
    if (observer) observer.observe(el);
    else reach();
    return () => {
      observer?.disconnect();
      el.removeEventListener("focusin", reach);
      el.removeEventListener("pointerdown", reach);
      el.removeEventListener("submit", submit);
    };
  }, [gate]);

  return (
    <div ref={box}>
      <Suspense fallback={null}>
        <Gated gate={gate} {...props} />
      </Suspense>
    </div>
  );
}

/** In the browser, suspends until the gate opens; until then React keeps the prerendered HTML. */
function Gated({ gate, ...props }: ContentFormProps & { gate: Gate }) {
  // At build time the form renders straight away: that is the HTML the page ships with.
  if (typeof document !== "undefined") use(gate.opened);
  if (!ContentForm) use(preloadDeferredForm());
  const Form = ContentForm!;
  return <Form {...props} pendingSubmit={gate.submitted} />;
}
