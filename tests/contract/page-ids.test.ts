/**
 * Every `id` in a built page is unique: labels, error messages and ARIA references find
 * their element by id, and with two the browser picks the first (a label naming the hidden
 * honeypot instead of the visible field, issue 27). Read from the prerendered HTML of every
 * page, as a browser parses it.
 */
import { type DefaultTreeAdapterTypes, parse } from "parse5";
import { HONEYPOT } from "../../schemas/form-names.ts";
import { builtPages } from "../site-build.ts";

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;

/** Every id attribute of a document, templates' contents included, in document order. */
function idsOf(html: string): string[] {
  const ids: string[] = [];
  const visit = (node: Node) => {
    if ("attrs" in node) ids.push(...node.attrs.filter((a) => a.name === "id").map((a) => a.value));
    if ("content" in node) visit(node.content as unknown as Node);
    if ("childNodes" in node) node.childNodes.forEach(visit);
  };
  visit(parse(html));
  return ids;
}

const repeated = (ids: string[]) => [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];

let pages: { page: string; html: string }[];
beforeAll(async () => {
  pages = await builtPages();
});

describe("the ids of every built page", () => {
  it("are read from every page, the contact page's two forms included (its own and the footer's)", () => {
    expect(pages.length).toBeGreaterThan(20);
    const contact = pages.find(({ page }) => page === "client/contact/index.html");
    expect(idsOf(contact!.html).filter((id) => id.endsWith(`-${HONEYPOT}`))).toHaveLength(2);
  });

  it("are each used once in their page", () => {
    const offending = pages.flatMap(({ page, html }) => repeated(idsOf(html)).map((id) => `${page}: id="${id}"`));
    expect(offending).toEqual([]);
  });
});
