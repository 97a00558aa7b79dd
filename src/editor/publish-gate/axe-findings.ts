/**
 * The preview's accessibility check (axe, ../preview/axe-check.ts) as publish gate findings,
 * beside the server's: a serious or critical problem stops publishing as the server's errors do
 * (in the dialog; the server does not run axe), a lesser one is worth a look. Each names the
 * block it is in, where Show goes.
 */
import { errors } from "../../errors/catalogue.ts";
import type { AxeProblem } from "../preview/messages.ts";
import type { Finding, GateReport } from "./report.ts";

const STOPS = new Set<AxeProblem["impact"]>(["serious", "critical"]);

export function axeFindings(problems: readonly AxeProblem[]): Finding[] {
  return problems.map((p) => ({ severity: STOPS.has(p.impact) ? "error" : "warning", ...errors.GateAccessibility(p.help, p.text ?? ""), ...(p.block && { block: p.block }) }));
}

/** The server's report with the preview's findings added (`report` undefined: the server has no gate, as on the dev server). */
export function withAxeFindings(report: GateReport | undefined, problems: readonly AxeProblem[]): GateReport {
  const findings = [...(report?.findings ?? []), ...axeFindings(problems)];
  return { ...report, findings, pages: report?.pages ?? [], axe: true, blocking: findings.filter((f) => f.severity === "error").length };
}
