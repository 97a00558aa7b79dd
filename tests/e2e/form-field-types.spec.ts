/**
 * The date, radio group and checkbox group fields in a real browser without JavaScript: the
 * prerendered form as the site renders it, posted by Chromium itself to the real server (its
 * own encoding: a date input's YYYY-MM-DD, one radio's value, a checkbox group's name once per
 * ticked box), stored and read back through the export CLI, or refused with the Validation
 * Error page naming the field. The site's content has no form with these types, so this spec
 * serves a test form: a server of the current build (BUILD_DIR: the build's files, its
 * forms.json with the test form added) on a port of its own, and the form's page rendered by
 * ContentForm, served on that server's origin. With JavaScript, the same fields are tested in
 * the DOM (tests/unit/form-date.test.ts, form-radio.test.tsx, form-checkboxes.test.tsx).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ChakraProvider } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Collections } from "../../schemas/collections/index.ts";
import { formSchema } from "../../schemas/forms.ts";
import site from "../../site.config.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { resolveForm } from "../../src/forms/resolve.ts";
import { system } from "../../src/styles/theme.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";
import { expect, test } from "./fixtures.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 6;
const origin = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, "../..");

const form = resolveForm(
  formSchema.parse({
    id: "field-types",
    endpoint: "/api/field-types",
    submitLabel: "Book a call",
    submittingLabel: "Booking...",
    fields: [
      { name: "email", label: "Work email", type: "email", required: true, maxLength: 254 },
      { name: "callOn", label: "Preferred call date", type: "date", required: true, min: "2026-01-01", max: "2030-12-31" },
      { name: "contactBy", label: "Best way to reach you", type: "radio", required: true, options: ["Email", "Phone", "WhatsApp"] },
      { name: "needs", label: "What do you need?", type: "checkboxes", required: true, max: 3, options: ["Website", "Mobile app", "SEO", "Cloud & DevOps"] },
    ],
    notices: testNotices({ title: "Call booked", description: "We will call you on the day you chose." }),
  }),
  {} as Collections,
  site,
);
/** The form's page, prerendered as the site renders a form block (no scripts: the browser posts it). */
const formPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book a call</title></head><body><main>${renderToString(
  createElement(ChakraProvider, { value: system, children: createElement(ContentForm, { form, layout: "stacked" }) }),
)}</main></body></html>`;

let dir: string;
let server: ServerProcess | undefined;

test.use({ javaScriptEnabled: false });
// One server for the file's tests, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(path.join(os.tmpdir(), "field-types-e2e-"));
  const build = path.join(dir, "build");
  const source = path.join(root, "build");
  mkdirSync(build);
  for (const entry of readdirSync(source).filter((e) => e !== "forms.json")) symlinkSync(path.join(source, entry), path.join(build, entry));
  const manifest = JSON.parse(readFileSync(path.join(source, "forms.json"), "utf8"));
  writeFileSync(path.join(build, "forms.json"), JSON.stringify({ ...manifest, forms: [...manifest.forms, form] }));
  const env = { ...process.env, BUILD_DIR: build, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATABASE_URL: `file:${path.join(dir, "site.db")}`, FORM_RATE_LIMIT: "0" };
  server = await startServerProcess("field-types server", [path.join(root, "build/server.js")], env, `${origin}/readyz`);
});

test.afterAll(async () => {
  const child = server?.child;
  if (child && child.exitCode === null) await new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")));
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.route(`${origin}/book-a-call`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: formPage }));
});

/** What the server stored, read as an administrator would: the export CLI, as JSON. */
const stored = (): Record<string, string>[] =>
  JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", "scripts/submissions.ts", "export", "field-types", "--format", "json"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "site.db")}` },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );

test("without JavaScript, a date, one radio button and two boxes of a group are posted by the browser and stored as sent", async ({ page }) => {
  await page.goto(`${origin}/book-a-call`);
  const form = page.locator('form[data-form="field-types"]');
  await form.getByLabel("Work email").fill("meera@example.com");
  const date = form.getByLabel(/^Preferred call date/);
  await expect(date).toHaveAttribute("type", "date");
  await expect(date).toHaveAttribute("min", "2026-01-01");
  await expect(date).toHaveAttribute("max", "2030-12-31");
  await date.fill("2026-12-01");
  const reach = form.getByRole("group", { name: /^Best way to reach you/ });
  await reach.getByRole("radio", { name: "Phone" }).check();
  const needs = form.getByRole("group", { name: /^What do you need\?/ });
  await needs.getByRole("checkbox", { name: "SEO" }).check();
  await needs.getByRole("checkbox", { name: "Website" }).check();
  await form.getByRole("button", { name: "Book a call" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Call booked" })).toBeVisible();
  expect(stored().find((r) => r.email === "meera@example.com")).toMatchObject({ callOn: "2026-12-01", contactBy: "Phone", needs: "Website\nSEO" });
});

test("without JavaScript, a date outside its bounds, no radio chosen and too many boxes are the Validation Error naming each, nothing stored", async ({ page }) => {
  await page.goto(`${origin}/book-a-call`);
  const form = page.locator('form[data-form="field-types"]');
  await form.getByLabel("Work email").fill("refused@example.com");
  await form.getByLabel(/^Preferred call date/).fill("2025-12-31");
  for (const option of ["Website", "Mobile app", "SEO", "Cloud & DevOps"]) await form.getByRole("checkbox", { name: option }).check();
  await form.getByRole("button", { name: "Book a call" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Validation Error" })).toBeVisible();
  await expect(page.getByRole("listitem")).toHaveText([
    "Preferred call date: Preferred call date must be between 1 January 2026 and 31 December 2030",
    "Best way to reach you: Please fill in all required fields.",
    "What do you need?: Choose at most 3 for What do you need?",
  ]);
  expect(stored().some((r) => r.email === "refused@example.com")).toBe(false);
});
