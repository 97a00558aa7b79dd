/** What the publish gate answers about a page's draft (server/studio/publish-gate.ts), as the editor shows it. */
import type { ErrorData } from "../../errors/define.ts";
import type { Snippet } from "./snippet.ts";

export interface Finding extends ErrorData {
  /** Errors stop a publish (an admin may publish anyway, with a reason); warnings inform. */
  severity: "error" | "warning";
  /** The text of the heading or link it is about, or the link's address: where the editor looks for its field. */
  text?: string;
  href?: string;
  /** A link's address in the site's language, found on a page in another (/contact for /hi/sampark): where its label's translation is filed. */
  sourceHref?: string;
  /** The page it was found on, named with its address and language, when it is not the draft's own page in the site's language. */
  page?: string;
  /** The key of the block it is in: a finding of the preview's own check (./axe-findings.ts). */
  block?: string;
  /** A finding of the preview's own check: axe's words for the rule, and the element's text (for the audit log when an admin publishes anyway). */
  axe?: string;
}

export interface GateReport {
  findings: Finding[];
  /** A page's search result and shared card (its own, in the site's language); none for a section's or a collection's draft. */
  snippet?: Snippet;
  /** The pages checked, each in each language it is published in: what the draft changes. */
  pages: string[];
  /** The pages checked are a sample of a language's: a change of the site settings' translation shows the same on every page. */
  sample?: true;
  /** Set once the preview's own accessibility check (axe) is in: the dialog's, not the server's (./axe-findings.ts). */
  axe?: true;
  /** How many findings stop the publish. */
  blocking: number;
}
