/**
 * Sending a form and turning the answer into the notice the spec's error catalogue names.
 * Every form (newsletter, contact, careers, any new one) goes through these two functions,
 * so they all treat a misbehaving backend the same way. No zod or React here: this runs in
 * the lazily loaded form chunk and in unit tests.
 */
import type { ResolvedForm } from "../../schemas/forms.ts";
import { formEndpoint } from "./endpoint.ts";
import type { FormAnswer, FormValues } from "./values.ts";

export type SubmitOutcome =
  | { kind: "success" }
  /** The server answered without success; `error` is its text, when it gave one. */
  | { kind: "failed"; error?: string; fields?: Record<string, string> }
  /** The request failed, or the answer was not JSON. */
  | { kind: "network" };

export interface SubmitOptions {
  fetch?: typeof fetch;
  /** A form with files: how much has been sent, 0 to 1, as the upload goes. */
  onProgress?: (sent: number) => void;
  /** Resolves after `ms`; tests replace it to skip the minimum submitting time. */
  wait?: (ms: number) => Promise<void>;
  now?: () => number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Posts the values to the form's endpoint: as JSON, or, for a form with files, as
 * multipart/form-data with the upload's progress reported; never throws.
 */
export async function submitForm(form: Pick<ResolvedForm, "endpoint" | "minSubmitMs">, values: FormValues | FormData, options: SubmitOptions = {}): Promise<SubmitOutcome> {
  const { fetch: send = fetch, wait = sleep, now = Date.now } = options;
  const started = now();
  let outcome: SubmitOutcome;
  try {
    const endpoint = formEndpoint(form.endpoint);
    if (values instanceof FormData) {
      outcome = readAnswer(await postMultipart(endpoint, values, options.onProgress));
    } else {
      const response = await send(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      outcome = readAnswer(await response.json());
    }
  } catch {
    outcome = { kind: "network" };
  }
  // Some forms show their submitting state for a minimum time (careers: 1200 ms, spec §9).
  const left = form.minSubmitMs - (now() - started);
  if (left > 0) await wait(left);
  return outcome;
}

/**
 * A multipart post by XMLHttpRequest, whose upload reports its progress (fetch cannot); the
 * browser writes the boundary. Resolves with the JSON answer, rejects when there is none.
 */
function postMultipart(endpoint: string, data: FormData, onProgress?: (sent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", endpoint);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => (request.response === null ? reject(new Error("no JSON answer")) : resolve(request.response)));
    request.addEventListener("error", () => reject(new Error("network")));
    request.addEventListener("abort", () => reject(new Error("aborted")));
    request.send(data);
  });
}

/** Reads an answer of the documented shape {success, error?, fields?}; anything else is a failure. */
export function readAnswer(answer: unknown): SubmitOutcome {
  const a = (answer && typeof answer === "object" ? answer : {}) as Partial<Record<keyof FormAnswer, unknown>>;
  if (a.success === true) return { kind: "success" };
  const error = typeof a.error === "string" && a.error.trim() !== "" ? a.error.trim() : undefined;
  const fields =
    a.fields && typeof a.fields === "object"
      ? Object.fromEntries(Object.entries(a.fields).filter((e): e is [string, string] => typeof e[1] === "string"))
      : undefined;
  return { kind: "failed", ...(error !== undefined && { error }), ...(fields && Object.keys(fields).length > 0 && { fields }) };
}

export interface Notice {
  type: "success" | "error";
  title: string;
  description: string;
}

/** The notice for an outcome, with the form's texts (spec §8). */
export function noticeFor(form: Pick<ResolvedForm, "notices">, outcome: SubmitOutcome): Notice {
  const { notices } = form;
  switch (outcome.kind) {
    case "success":
      return { type: "success", title: notices.success.title, description: notices.success.description };
    case "failed":
      return { type: "error", title: notices.failed.title, description: outcome.error ?? notices.failed.fallback };
    case "network":
      return { type: "error", title: notices.network.title, description: notices.network.description };
  }
}

/** Whether a value is blank: nothing typed, a checkbox left unticked (false), a checkbox group with none ticked, a file input with no file chosen. */
const isBlank = (value: unknown) => {
  if (typeof value === "object" && value !== null && "length" in value) return (value as ArrayLike<unknown>).length === 0;
  return value !== true && (typeof value !== "string" || value.trim() === "");
};

/** The required fields left blank (a required checkbox: left unticked). */
export const blankRequired = (form: Pick<ResolvedForm, "fields">, values: Record<string, unknown>) =>
  form.fields.filter((f) => f.required && isBlank(values[f.name])).map((f) => f.name);

/**
 * The notice for values the form refused before sending. A required field left blank gives
 * the form's own text (e.g. Please enter your email.); any other problem (an email that is
 * not an address) shows its message under the same title.
 */
export function invalidNotice(form: Pick<ResolvedForm, "notices" | "fields">, values: Record<string, unknown>, messages: string[]): Notice {
  const { invalid } = form.notices;
  const description = blankRequired(form, values).length > 0 ? invalid.description : (messages[0] ?? invalid.description);
  return { type: "error", title: invalid.title, description };
}
