/**
 * A form's proof of work in the page (docs/forms.md, Proof of work): fetch the form's
 * challenge and solve it in the background, so the solution is usually ready before the
 * visitor presses Send. The island hydrates on the visitor's first interaction with the form,
 * so starting at mount is starting then.
 */
import { useCallback, useEffect, useRef } from "react";
import type { ResolvedForm } from "../../schemas/forms.ts";
import { formEndpoint } from "./endpoint.ts";
import { type PowChallenge, powPayload, solvePow } from "./proof-of-work.ts";

/** The pow_solution for a fresh challenge; undefined when none could be had (the server then says what is missing). */
async function solveFresh(endpoint: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${formEndpoint(endpoint)}/challenge`, { headers: { Accept: "application/json" } });
    if (!response.ok) return undefined;
    const challenge = (await response.json()) as PowChallenge;
    const number = await solvePow(challenge);
    return number === undefined ? undefined : powPayload(challenge, number);
  } catch {
    return undefined;
  }
}

/**
 * `solution()` is the pending or finished solution (undefined for a form without proofOfWork);
 * `renew()` drops it once a submission may have spent it and starts the next.
 */
export function useProofOfWork(form: Pick<ResolvedForm, "endpoint" | "proofOfWork">) {
  const pending = useRef<Promise<string | undefined>>(undefined);
  const solution = useCallback(() => {
    if (!form.proofOfWork) return Promise.resolve(undefined);
    pending.current ??= solveFresh(form.endpoint).then((found) => {
      // None had (offline, say): the next submission tries again.
      if (found === undefined) pending.current = undefined;
      return found;
    });
    return pending.current;
  }, [form.endpoint, form.proofOfWork]);
  const renew = useCallback(() => {
    pending.current = undefined;
    void solution();
  }, [solution]);
  useEffect(() => void solution(), [solution]);
  return { solution, renew };
}
