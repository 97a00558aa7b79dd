/** What the publish gate answers about a page's draft (server/studio/publish-gate.ts), as the editor shows it. */
import type { ErrorData } from "../../errors/define.ts";
import type { Snippet } from "./snippet.ts";

export interface Finding extends ErrorData {
  /** Errors stop a publish (an admin may publish anyway, with a reason); warnings inform. */
  severity: "error" | "warning";
  /** The text of the heading or link it is about, or the link's address: where the editor looks for its field. */
  text?: string;
  href?: string;
}

export interface GateReport {
  findings: Finding[];
  snippet: Snippet;
  /** How many findings stop the publish. */
  blocking: number;
}
