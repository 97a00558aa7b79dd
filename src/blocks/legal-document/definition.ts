import { z } from "zod";
import { text } from "../../../schemas/fields.ts";
import { reference } from "../../../schemas/references.ts";
import { fillSitePlaceholders, renderMarkdown } from "./markdown.ts";
import { formatDate } from "../../page/format.ts";
import { defineBlock, pageLocale } from "../define.tsx";

/** A legal document (content/legal/{id}.md) with its last-updated date and a table of contents. */
export default defineBlock({
  schema: z.strictObject({
    document: reference("legal").describe("The file name in content/legal/ without .md, e.g. privacy"),
    updatedLabel: text(40).default("Last updated").describe("Shown before the date: Last updated January 15, 2024"),
    tocTitle: text(40).default("On this page").describe("Heading of the table of contents"),
  }).describe("A legal document (privacy policy, terms) with its table of contents"),
  // Markdown becomes HTML here, at build time: the browser gets no Markdown parser.
  load: ({ document }, context) => {
    const { collections, site } = context;
    const doc = collections.legal.find((d) => d.id === document)!;
    const { html, toc } = renderMarkdown(doc.body, site);
    return {
      title: doc.title,
      summary: fillSitePlaceholders(doc.summary, site),
      lastUpdated: doc.lastUpdated,
      lastUpdatedText: formatDate(doc.lastUpdated, pageLocale(context)),
      html,
      toc,
    };
  },
});
