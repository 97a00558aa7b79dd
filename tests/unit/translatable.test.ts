/**
 * Which texts translate is derived from the schema (schemas/translatable.ts): text fields do;
 * links, icons, references, formatted strings, choices, numbers and booleans are shared by
 * every locale; a field's own registration overrides either way.
 */
import { z } from "zod";
import { translation } from "../../schemas/field-kinds.ts";
import { action, heading, href, icon, shared, slug, text } from "../../schemas/fields.ts";
import { price } from "../../schemas/price.ts";
import { reference } from "../../schemas/references.ts";
import { translatableTexts } from "../../schemas/translatable.ts";

const paths = (schema: z.ZodType, value: unknown) => translatableTexts(schema, value).map((t) => `${t.path.join(".")}=${t.text}`);

describe("translatable texts", () => {
  it("are the text fields, however deep, in document order", () => {
    const schema = z.strictObject({ heading, items: z.array(z.strictObject({ title: text(), note: text().optional() })), actions: z.array(action) });
    const value = {
      heading: { eyebrow: "Why", title: "Our values" },
      items: [{ title: "One" }, { title: "Two", note: "Second" }],
      actions: [{ label: "Contact", href: "/contact", variant: "solid" }],
    };
    expect(paths(schema, value)).toEqual(["heading.eyebrow=Why", "heading.title=Our values", "items.0.title=One", "items.1.title=Two", "items.1.note=Second", "actions.0.label=Contact"]);
  });

  it("leave out links, icons, references, ids and other formatted strings, choices, numbers and booleans", () => {
    const schema = z.strictObject({
      href,
      icon,
      service: reference("services"),
      id: slug.optional(),
      image: z.string().regex(/^\//),
      tone: z.enum(["plain", "muted"]),
      columns: z.union([z.literal(2), z.literal(3)]),
      limit: z.number(),
      showClaims: z.boolean(),
      jsonLd: z.array(z.record(z.string(), z.unknown())),
      title: text(),
    });
    const value = { href: "/about", icon: "rocket", service: "web", id: "apply", image: "/og.png", tone: "plain", columns: 2, limit: 3, showClaims: true, jsonLd: [{ name: "x" }], title: "Kept" };
    expect(paths(schema, value)).toEqual(["title=Kept"]);
  });

  it("follow a field's own registration: shared text stays, a formatted string that differs translates", () => {
    const slugTitle = z.string().regex(/^[a-z-]+$/);
    translation.add(slugTitle, { translate: true });
    const schema = z.strictObject({ names: z.array(shared(text(40))), field: shared(z.string()).describe("A form field's name"), slugTitle: slugTitle.optional() });
    expect(paths(schema, { names: ["Kesar Organics"], field: "position", slugTitle: "our-team" })).toEqual(["slugTitle=our-team"]);
  });

  it("translate a price's amount, a formatted text, and check a translation of it against its format", () => {
    const schema = z.strictObject({ price });
    const [amount, ...rest] = translatableTexts(schema, { price: { amount: "5000 USD", startingAt: true, per: "month" } });
    expect(rest).toEqual([]);
    expect(amount).toMatchObject({ path: ["price", "amount"], text: "5000 USD" });
    expect(amount!.formatError!("415000 INR")).toBeUndefined();
    expect(amount!.formatError!("₹4,15,000")).toMatch(/digits, then the currency's code/);
    expect(amount!.formatError!("415000 ABC")).toMatch(/three-letter code/);
    expect(translatableTexts(schema, { price: { onRequest: "Contact Us" } })).toEqual([{ path: ["price", "onRequest"], text: "Contact Us" }]);
  });

  it("follow the variant of a union that describes the value", () => {
    const block = z.discriminatedUnion("type", [
      z.strictObject({ type: z.literal("hero"), title: text() }),
      z.strictObject({ type: z.literal("link"), title: href }),
    ]);
    expect(paths(z.array(block), [{ type: "hero", title: "Hi" }, { type: "link", title: "/about" }])).toEqual(["0.title=Hi"]);
    const either = z.union([z.array(text()), z.strictObject({ href })]);
    expect(paths(either, ["a", "b"])).toEqual(["0=a", "1=b"]);
    expect(paths(either, { href: "/x" })).toEqual([]);
  });
});
