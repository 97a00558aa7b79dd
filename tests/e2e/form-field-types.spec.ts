/**
 * The date, radio group, checkbox group, number and url fields in a real browser, stored and read back
 * through the export CLI:
 *
 * - without JavaScript: the prerendered form as the site renders it, posted by Chromium itself
 *   to the real server (its own encoding: a date input's YYYY-MM-DD, one radio's value, a
 *   checkbox group's name once per ticked box), or refused with the Validation Error page
 *   naming the field;
 * - with JavaScript: the built contact page with the test form in its form's island, rendered
 *   as the build renders an island, so the site's own runtime hydrates it: the form's script
 *   checks the values before sending (messages at the fields, nothing sent) and sends them.
 *
 * The site's content has no form with these types, so this spec serves a test form: a server
 * of the current build (BUILD_DIR: the build's files, its forms.json with the test form added)
 * on a port of its own, and the form's pages served on that server's origin. The same fields
 * are tested in the DOM too (tests/unit/form-date.test.ts, form-radio.test.tsx, form-checkboxes.test.tsx).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ChakraProvider } from "@chakra-ui/react";
import type { Page } from "@playwright/test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Collections } from "../../schemas/collections/index.ts";
import { formSchema } from "../../schemas/forms.ts";
import site from "../../src/page/site-settings.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { contentForm } from "../../src/forms/ContentForm.island.ts";
import { Island, IslandCollectorContext, type PendingIsland } from "../../src/page/Island.tsx";
import { type PageIslands, renderIslands } from "../../src/runtime/islands/render.server.tsx";
import { createStyleCache } from "../../src/styles/provider.tsx";
import { resolveForm } from "../../src/forms/resolve.ts";
import { system } from "../../src/styles/theme.ts";
import { testNotices } from "../contract/fixtures/test-forms.ts";
import { expect, expectNoAxeViolations, test, waitForHydration } from "./fixtures.ts";
import { countRequests, expectToast, readyForm } from "./forms.ts";
import { FieldErrors } from "../../src/forms/field-errors.ts";
import { type ServerProcess, startServerProcess } from "./server-process.ts";
import { PORTS } from "./ports.ts";

const PORT = PORTS.fieldTypes;
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
      { name: "teamSize", label: "Team size", type: "number", min: 1, max: 500, step: 1 },
      // "website", the name a honeypot once took (issue 27): a field like any other.
      { name: "website", label: "Your website", type: "url", maxLength: 200 },
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

/** An attribute's text as HTML escapes it, read back. */
const unescapeAttribute = (text: string) =>
  text.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">", amp: "&" })[name]!);

/**
 * The built contact page with the test form where the contact form's island was: the island
 * rendered as the build renders one (its own React root under the same id, so its ids stay
 * unique in the page), given the contact form's props but for the form itself.
 */
async function contactPageWithTestForm(): Promise<string> {
  const response = await fetch(`${origin}/contact`);
  const html = await response.text();
  const open = [...html.matchAll(/<site-island\b[^>]*>/g)].find((m) => m[0].includes('data-island="content-form"') && m[0].includes("&quot;id&quot;:&quot;contact&quot;"));
  // What was served instead, to tell a server that answered early from a page that changed (CI saw this once, on a retry it passed).
  if (!open) throw new Error(`The built contact page has no contact form island: HTTP ${response.status}, ${html.length} characters: ${html.slice(0, 200)}`);
  const id = /data-id="([^"]+)"/.exec(open[0])![1]!;
  const props = JSON.parse(unescapeAttribute(/data-props="([^"]*)"/.exec(open[0])![1]!)) as Record<string, unknown>;
  const close = html.indexOf("</site-island>", open.index);
  if (html.slice(open.index + open[0].length, close).includes("<site-island")) throw new Error("The contact form's island holds another island.");
  await contentForm.load();
  const pending: PendingIsland[] = [];
  const islands: PageIslands = { cache: createStyleCache(), add: (island) => (pending.push({ ...island, id }), id), take: () => pending.splice(0) };
  const shell = renderToString(createElement(IslandCollectorContext, { value: islands }, createElement(Island, { of: contentForm, props: { ...props, form } as never })));
  return html.slice(0, open.index) + renderIslands(shell, islands) + html.slice(close + "</site-island>".length);
}

let dir: string;
let server: ServerProcess | undefined;
let jsPage: string;

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
  jsPage = await contactPageWithTestForm();
});

test.afterAll(async () => {
  const child = server?.child;
  if (child && child.exitCode === null) await new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM")));
  rmSync(dir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.route(`${origin}/book-a-call`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: formPage }));
  await page.route(`${origin}/contact`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: jsPage }));
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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a date, one radio button, two boxes of a group, a number and a web address are posted by the browser and stored as sent (the number as its shortest text)", async ({ page }) => {
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
    await form.getByLabel(/^Team size/).fill("012");
    await form.getByLabel(/^Your website/).fill("https://meera.example/shop");
    await form.getByRole("button", { name: "Book a call" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Call booked" })).toBeVisible();
    expect(stored().find((r) => r.email === "meera@example.com")).toMatchObject({ callOn: "2026-12-01", contactBy: "Phone", needs: "Website\nSEO", teamSize: "12", website: "https://meera.example/shop" });
  });

  test("a date outside its bounds, no radio chosen, too many boxes, a number out of range and no web address are the Validation Error naming each, nothing stored", async ({ page }) => {
    await page.goto(`${origin}/book-a-call`);
    const form = page.locator('form[data-form="field-types"]');
    await form.getByLabel("Work email").fill("refused@example.com");
    await form.getByLabel(/^Preferred call date/).fill("2025-12-31");
    for (const option of ["Website", "Mobile app", "SEO", "Cloud & DevOps"]) await form.getByRole("checkbox", { name: option }).check();
    await form.getByLabel(/^Team size/).fill("0");
    await form.getByLabel(/^Your website/).fill("meera.example");
    await form.getByRole("button", { name: "Book a call" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Validation Error" })).toBeVisible();
    await expect(page.getByRole("listitem")).toHaveText([
      "Preferred call date: Preferred call date must be between 1 January 2026 and 31 December 2030",
      "Best way to reach you: Please fill in all required fields.",
      "What do you need?: Choose at most 3 for What do you need?",
      `Team size: ${FieldErrors.OutOfRange.message("Team size", 1, 500)}`,
      `Your website: ${FieldErrors.InvalidUrl.message()}`,
    ]);
    expect(stored().some((r) => r.email === "refused@example.com")).toBe(false);
  });
});

test.describe("with JavaScript", () => {
  const bookingForm = async (page: Page) => {
    await page.goto(`${origin}/contact`);
    await waitForHydration(page);
    return readyForm(page, "field-types");
  };

  test("the date is a bounded day picker, the radio group one radio per option, the checkbox group one box per option, the number bounded and stepped, the web address a url input", async ({ page }) => {
    const form = await bookingForm(page);
    const date = form.getByLabel(/^Preferred call date/);
    await expect(date).toHaveAttribute("type", "date");
    await expect(date).toHaveAttribute("min", "2026-01-01");
    await expect(date).toHaveAttribute("max", "2030-12-31");
    await expect(date).toHaveJSProperty("required", true);
    const reach = form.getByRole("group", { name: /^Best way to reach you/ });
    await expect(reach.getByRole("radio")).toHaveCount(3);
    for (const option of ["Email", "Phone", "WhatsApp"]) await expect(reach.getByRole("radio", { name: option })).toHaveAttribute("value", option);
    const needs = form.getByRole("group", { name: /^What do you need\?/ });
    await expect(needs.getByRole("checkbox")).toHaveCount(4);
    for (const option of ["Website", "Mobile app", "SEO", "Cloud & DevOps"]) {
      await expect(needs.getByRole("checkbox", { name: option })).toHaveAttribute("name", "needs");
      await expect(needs.getByRole("checkbox", { name: option })).toHaveJSProperty("required", false);
    }
    const teamSize = form.getByLabel(/^Team size/);
    for (const [name, value] of [["type", "number"], ["min", "1"], ["max", "500"], ["step", "1"]]) await expect(teamSize).toHaveAttribute(name!, value!);
    await expect(form.getByLabel(/^Your website/)).toHaveAttribute("type", "url");
    // The page's ids stay unique with the test form in it.
    const ids = await page.locator("[id]").evaluateAll((elements) => elements.map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("a date out of bounds, no radio chosen, too many boxes, a number out of range and no web address are told at each field before anything is sent", async ({ page }) => {
    const form = await bookingForm(page);
    const sent = countRequests(page, "/api/field-types");
    await form.getByLabel(/^Work email/).fill("checked@example.com");
    await form.getByLabel(/^Preferred call date/).fill("2025-12-31");
    const needs = form.getByRole("group", { name: /^What do you need\?/ });
    for (const option of ["Website", "Mobile app", "SEO", "Cloud & DevOps"]) await needs.getByRole("checkbox", { name: option }).check();
    await form.getByLabel(/^Team size/).fill("0");
    await form.getByLabel(/^Your website/).fill("meera.example");
    await form.getByRole("button", { name: "Book a call" }).click();

    await expect(page.getByTestId("toast").locator('[data-part="title"]')).toHaveText("Validation Error");
    const date = form.getByLabel(/^Preferred call date/);
    await expect(date).toHaveAttribute("aria-invalid", "true");
    await expect(date).toHaveAccessibleDescription(/Preferred call date must be between 1 January 2026 and 31 December 2030/);
    await expect(form.getByRole("group", { name: /^Best way to reach you/ })).toHaveAccessibleDescription(/Please fill in all required fields\./);
    await expect(needs).toHaveAccessibleDescription(/Choose at most 3 for What do you need\?/);
    await expect(form.getByLabel(/^Team size/)).toHaveAccessibleDescription(FieldErrors.OutOfRange.message("Team size", 1, 500));
    await expect(form.getByLabel(/^Your website/)).toHaveAccessibleDescription(FieldErrors.InvalidUrl.message());
    await expectNoAxeViolations(page);
    expect(sent).toEqual([]);
    expect(stored().some((r) => r.email === "checked@example.com")).toBe(false);
  });

  test("a valid booking is sent by the form's script and stored: the day as YYYY-MM-DD, the radio's option, the boxes one per line, the number and the address", async ({ page }) => {
    const form = await bookingForm(page);
    await form.getByLabel(/^Work email/).fill("ravi@example.com");
    await form.getByLabel(/^Preferred call date/).fill("2027-03-15");
    await form.getByRole("group", { name: /^Best way to reach you/ }).getByRole("radio", { name: "WhatsApp" }).check();
    const needs = form.getByRole("group", { name: /^What do you need\?/ });
    await needs.getByRole("checkbox", { name: "Cloud & DevOps" }).check();
    await needs.getByRole("checkbox", { name: "Mobile app" }).check();
    await form.getByLabel(/^Team size/).fill("7");
    await form.getByLabel(/^Your website/).fill("https://ravi.example");
    const request = page.waitForRequest((r) => r.url() === `${origin}/api/field-types` && r.method() === "POST");
    await form.getByRole("button", { name: "Book a call" }).click();

    expect((await request).postDataJSON()).toMatchObject({ callOn: "2027-03-15", contactBy: "WhatsApp", needs: "Mobile app\nCloud & DevOps" });
    await expectToast(page, "Call booked", "We will call you on the day you chose.");
    // Sent, the form is empty again.
    await expect(needs.getByRole("checkbox", { name: "Mobile app" })).not.toBeChecked();
    expect(stored().find((r) => r.email === "ravi@example.com")).toMatchObject({ callOn: "2027-03-15", contactBy: "WhatsApp", needs: "Mobile app\nCloud & DevOps", teamSize: "7", website: "https://ravi.example" });
  });
});
