// @vitest-environment jsdom
/**
 * A form with proofOfWork in the page: it fetches its challenge and solves it in the
 * background once the island is up, sends the solution with the values, and solves a fresh
 * challenge for the next submission (the server takes each once).
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import forms from "../../content/collections/forms.json" with { type: "json" };
import services from "../../content/collections/services.json" with { type: "json" };
import type { Collections } from "../../schemas/collections/index.ts";
import { HONEYPOT, POW_FIELD } from "../../schemas/form-names.ts";
import { formSchema } from "../../schemas/forms.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { resolveForm } from "../../src/forms/resolve.ts";
import { system } from "../../src/styles/theme.ts";
import site from "../../src/page/site-settings.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify }));

const KEY = "component-test-key";
const newsletter = { ...resolveForm(formSchema.parse(forms.items.find((f) => f.id === "newsletter")), { services: services.items } as unknown as Collections, site), proofOfWork: true };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  notify.mockReset();
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/newsletter/challenge" && !init?.method) {
      const c = await createChallenge({ hmacKey: KEY, maxNumber: 1000, expires: new Date(Date.now() + 60_000) });
      return json({ ...c, maxnumber: 1000 });
    }
    if (url === "/api/newsletter" && init?.method === "POST") return json({ success: true });
    return new Response("not found", { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const challengesFetched = () => fetchMock.mock.calls.filter(([url]) => url === "/api/newsletter/challenge").length;
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(init.body) as Record<string, string>);

it("solves its challenge before Send, sends the solution, and takes a fresh one for the next submission", async () => {
  render(
    <ChakraProvider value={system}>
      <ContentForm form={newsletter} layout="inline" />
    </ChakraProvider>,
  );
  await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
  // Fetched as soon as the island is up (the visitor's first interaction), before any Send.
  await waitFor(() => expect(challengesFetched()).toBe(1));

  for (const [i, address] of ["ada@example.com", "grace@example.com"].entries()) {
    fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: address } });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(i + 1));
    expect(notify).toHaveBeenLastCalledWith("success", "Subscribed!", "Thank you for subscribing to our newsletter.");
  }
  const [first, second] = posted();
  expect(first).toEqual({ email: "ada@example.com", [HONEYPOT]: "", [POW_FIELD]: expect.any(String) });
  expect(await verifySolution(first![POW_FIELD]!, KEY)).toBe(true);
  expect(await verifySolution(second![POW_FIELD]!, KEY)).toBe(true);
  expect(second![POW_FIELD]).not.toBe(first![POW_FIELD]);
  expect(challengesFetched()).toBe(3); // one for each submission, and the next one ready
});

it("a form without proofOfWork fetches no challenge and sends no solution", async () => {
  render(
    <ChakraProvider value={system}>
      <ContentForm form={{ ...newsletter, proofOfWork: undefined }} layout="inline" />
    </ChakraProvider>,
  );
  await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
  fireEvent.change(screen.getByLabelText(/^Email address/), { target: { value: "ada@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
  await waitFor(() => expect(notify).toHaveBeenLastCalledWith("success", "Subscribed!", "Thank you for subscribing to our newsletter."));
  expect(challengesFetched()).toBe(0);
  expect(posted()).toEqual([{ email: "ada@example.com", [HONEYPOT]: "" }]);
});
