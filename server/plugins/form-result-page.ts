/**
 * The page a form answers with when it was posted by the browser itself, without
 * JavaScript (application/x-www-form-urlencoded): the same notice texts the app shows as a
 * toast, as a small standalone HTML page with a way back, in the language of the page the form
 * was on (its `lang`, its form's texts). No scripts, so the default CSP holds.
 */
import { formText } from "../../src/page/form-strings.ts";
import type { FormInLocale } from "./form-in-locale.ts";
import { isValidationError } from "./form-refusals.ts";
import type { FormAnswer } from "../../src/forms/values.ts";
import { plainLabel } from "../../schemas/form-label.ts";
import { iconLinksHtml } from "../../src/runtime/site-icons.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function formResultPage({ form, texts, lang, dir }: Pick<FormInLocale, "form" | "texts" | "lang" | "dir">, result: FormAnswer, back: string, siteName: string): string {
  const { title, description } = result.success
    ? form.notices.success
    : { title: isValidationError(result.code) ? form.notices.invalid.title : form.notices.failed.title, description: result.error ?? form.notices.failed.fallback };
  const labels = new Map(form.fields.map((f) => [f.name, plainLabel(f.label)]));
  const problems = Object.entries(result.fields ?? {}).map(([name, message]) => `<li>${escapeHtml(labels.get(name) ?? name)}: ${escapeHtml(message)}</li>`);
  return `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${iconLinksHtml}
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f9fafb}main{max-width:36rem;margin:15vh auto;padding:2rem;background:#fff;border:1px solid #e5e7eb;border-radius:1rem}h1{margin-top:0}a{color:#1d3fc4;font-weight:600}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(description)}</p>
${problems.length > 0 ? `<ul>${problems.join("")}</ul>` : ""}
<p><a href="${escapeHtml(back)}">${escapeHtml(formText(texts, result.success ? "form.result.backToPage" : "form.result.backToForm"))}</a></p>
</main>
</body>
</html>
`;
}
