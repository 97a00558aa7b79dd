// @vitest-environment jsdom
/**
 * The Publish dialog's accessibility check of the preview (issue 42): axe on the blocks as the
 * preview shows them, each problem marked in red there and named by its block, and made a
 * publish gate finding (serious and critical ones stop publishing, lesser ones inform).
 */
import { checkPreview } from "../../src/editor/preview/axe-check.ts";
import { axeFindings, withAxeFindings } from "../../src/editor/publish-gate/axe-findings.ts";

test("a link without text in a block is found, marked in the preview and named by its block; a clean block is not", async () => {
  document.documentElement.lang = "en";
  document.body.innerHTML =
    '<main><div data-testid="preview-page">' +
    '<div data-editor-block="hero"><h1>Engineers who care</h1><a href="/contact">Contact us</a></div>' +
    '<div data-editor-block="cta"><h2>Ready?</h2><a href="/start"><svg aria-hidden="true"></svg></a></div>' +
    "</div></main>";
  const problems = await checkPreview(document.querySelector('[data-testid="preview-page"]')!);
  expect(problems).toEqual([expect.objectContaining({ rule: "link-name", impact: "serious", block: "cta" })]);
  const marked = document.querySelector<HTMLElement>("[data-axe-problem]")!;
  expect(marked.getAttribute("href")).toBe("/start");
  expect(marked.style.outline).toContain("3px solid");

  // Fixed, and checked again: the mark goes.
  marked.setAttribute("aria-label", "Start your project");
  expect(await checkPreview(document.querySelector('[data-testid="preview-page"]')!)).toEqual([]);
  expect(document.querySelector("[data-axe-problem]")).toBeNull();
});

test("serious and critical problems stop publishing beside the server's findings; lesser ones are worth a look", () => {
  const findings = axeFindings([
    { rule: "link-name", help: "Links must have discernible text", impact: "serious", block: "cta" },
    { rule: "list", help: "Lists must only directly contain li elements", impact: "moderate" },
  ]);
  expect(findings).toEqual([
    expect.objectContaining({ severity: "error", code: "GateAccessibility", block: "cta", message: expect.stringMatching(/^Links must have discernible text\. /) }),
    expect.objectContaining({ severity: "warning", code: "GateAccessibility" }),
  ]);
  const server = { findings: [{ severity: "warning" as const, code: "GateTitleCut", title: "", message: "", hint: "" }], pages: ["About Us (/about)"], blocking: 0 };
  expect(withAxeFindings(server, [{ rule: "link-name", help: "Links must have discernible text", impact: "critical" }])).toMatchObject({ pages: ["About Us (/about)"], axe: true, blocking: 1 });
  expect(withAxeFindings(undefined, [])).toEqual({ findings: [], pages: [], axe: true, blocking: 0 });
});
