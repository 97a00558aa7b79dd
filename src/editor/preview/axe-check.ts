/**
 * The preview's accessibility check, asked for by the Publish dialog: axe (axe-core, the engine
 * of the e2e tests' checks) on the blocks as the preview shows them, WCAG 2.x A and AA. Each
 * element it faults is marked in red in the preview, and named by its block (the editor's Show
 * goes there) and its text. axe is loaded only when asked: the preview's bundle stays as it was.
 */
import type { AxeProblem } from "./messages.ts";

const MARK = "data-axe-problem";
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const TEXT_LENGTH = 60;

export async function checkPreview(root: Element): Promise<AxeProblem[]> {
  const { default: axe } = await import("axe-core");
  for (const marked of document.querySelectorAll<HTMLElement>(`[${MARK}]`)) {
    marked.removeAttribute(MARK);
    marked.style.removeProperty("outline");
  }
  const { violations } = await axe.run(root, { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] });
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const element = document.querySelector<HTMLElement>(String(node.target[0]));
      if (element) {
        element.setAttribute(MARK, violation.id);
        // The CSSOM, not a style attribute: the studio's CSP allows it.
        element.style.setProperty("outline", "3px solid #c53030");
      }
      const text = (element?.textContent ?? "").replace(/\s+/g, " ").trim();
      return {
        rule: violation.id,
        help: violation.help,
        impact: violation.impact ?? "serious",
        ...(element?.closest<HTMLElement>("[data-editor-block]") && { block: element.closest<HTMLElement>("[data-editor-block]")!.dataset.editorBlock! }),
        ...(text && { text: text.length > TEXT_LENGTH ? `${text.slice(0, TEXT_LENGTH - 1)}…` : text }),
      };
    }),
  );
}
