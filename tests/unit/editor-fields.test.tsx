// @vitest-environment jsdom
/**
 * A block type the editor has never seen gets its form with no editor code: a "quote" block
 * defined only here, with the shared field types, is edited through the generated fields,
 * each labelled with its property name in words and helped by its .describe() text, with the
 * checker's errors on the field they concern.
 */
import "@testing-library/jest-dom/vitest";
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { z } from "zod";
import { action, heading, href, icon, image, text, tone } from "../../schemas/fields.ts";
import { reference } from "../../schemas/references.ts";
import { defineBlock } from "../../src/blocks/define.tsx";
import { setAt } from "../../src/editor/document/paths.ts";
import { describeSchema } from "../../src/editor/schema/describe.ts";
import { Field, FieldEnv, type FieldEnvironment } from "../../src/editor/ui/Field.tsx";
import type { ContentError } from "../../src/content-files/errors.ts";
import { system } from "../../src/styles/theme.ts";

const quote = defineBlock({
  schema: z
    .strictObject({
      quote: text(400).describe("The quotation, without quotation marks"),
      author: text(80),
      showPortrait: z.boolean().default(false).describe("Show the author's portrait"),
      heading: heading.optional(),
      icon: icon.optional(),
      sizes: z.union([z.literal(1), z.literal(2)]).default(1),
      link: z.strictObject({ label: text(40), href }).optional(),
      cta: action.optional(),
      faq: reference("faqs").optional(),
      portrait: image.optional(),
      tags: z.array(text(20)).max(3).default([]),
      tone,
    })
    .describe("A quotation from a client"),
});

function Harness({ initial, errors = [] }: { initial: Record<string, unknown>; errors?: ContentError[] }) {
  const [value, setValue] = useState<unknown>(initial);
  const env: FieldEnvironment = {
    errorsAt: (pointer) => errors.filter((e) => e.pointer === pointer),
    onChange: (path, next) => setValue((v: unknown) => setAt(v, path.slice(2), next)),
    routes: ["/", "/about", "/contact"],
    items: { faqs: [{ id: "project-cost", label: "How much does a project cost?" }] },
    media: [{ id: "portrait-asha", alt: "Asha Verma, smiling" }, { id: "dots-pattern" }],
  };
  return (
    <ChakraProvider value={system}>
      <FieldEnv.Provider value={env}>
        <Field spec={describeSchema(quote.schema)} label="Block 1: quote" path={["blocks", 0]} value={value} bare />
      </FieldEnv.Provider>
      <output data-testid="value">{JSON.stringify(value)}</output>
    </ChakraProvider>
  );
}

const value = () => JSON.parse(screen.getByTestId("value").textContent!) as Record<string, unknown>;

describe("a block type the editor has never seen", () => {
  it("gets a labelled field for every prop, with its help text", () => {
    render(<Harness initial={{ quote: "They shipped on time.", author: "Asha" }} />);
    expect(screen.getByLabelText("Quote")).toHaveValue("They shipped on time.");
    expect(screen.getByText("The quotation, without quotation marks")).toBeInTheDocument();
    expect(screen.getByLabelText("Author")).toHaveValue("Asha");
    expect(screen.getByLabelText("Show portrait")).not.toBeChecked();
    expect(screen.getByLabelText("Sizes")).toHaveDisplayValue("Default (1)");
    expect(screen.getByLabelText("Tone")).toHaveDisplayValue("Default (plain)");
    expect(screen.getByRole("button", { name: "Add heading" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add link" })).toBeInTheDocument();
  });

  it("edits texts, yes/no, choices and references into the block's value", () => {
    render(<Harness initial={{ quote: "Q", author: "A" }} />);
    fireEvent.change(screen.getByLabelText("Author"), { target: { value: "Asha Verma" } });
    fireEvent.click(screen.getByLabelText("Show portrait"));
    fireEvent.change(screen.getByLabelText("Sizes"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("FAQ"), { target: { value: "project-cost" } });
    expect(value()).toEqual({ quote: "Q", author: "Asha Verma", showPortrait: true, sizes: 2, faq: "project-cost" });
    // Back to the default: the property leaves the file again.
    fireEvent.click(screen.getByLabelText("Show portrait"));
    fireEvent.change(screen.getByLabelText("Sizes"), { target: { value: "" } });
    expect(value()).toEqual({ quote: "Q", author: "A".replace("A", "Asha Verma"), faq: "project-cost" });
  });

  it("adds an optional group with what it requires, and removes it", () => {
    render(<Harness initial={{ quote: "Q", author: "A" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Add link" }));
    expect(value().link).toEqual({ label: "", href: "" });
    const group = screen.getByRole("group", { name: "Link" });
    fireEvent.change(within(group).getByLabelText("Label"), { target: { value: "Read the case" } });
    fireEvent.change(within(group).getByLabelText("Link"), { target: { value: "/about" } });
    expect(within(group).getByLabelText("Link")).toHaveAttribute("list", "editor-routes");
    expect(value().link).toEqual({ label: "Read the case", href: "/about" });
    fireEvent.click(within(group).getByRole("button", { name: "Remove link" }));
    expect(value().link).toBeUndefined();
  });

  it("adds, moves and removes list items", () => {
    render(<Harness initial={{ quote: "Q", author: "A", tags: ["one", "two"] }} />);
    fireEvent.click(screen.getByRole("button", { name: "Move down: Tag 1" }));
    expect(value().tags).toEqual(["two", "one"]);
    fireEvent.click(screen.getByRole("button", { name: "Add tag" }));
    expect(value().tags).toEqual(["two", "one", ""]);
    expect(screen.getByRole("button", { name: "Add tag" })).toBeDisabled(); // at most 3
    fireEvent.click(screen.getByRole("button", { name: "Remove: Tag 1" }));
    expect(value().tags).toEqual(["one", ""]);
  });

  it("picks an icon from the icon set", () => {
    render(<Harness initial={{ quote: "Q", author: "A" }} />);
    const select = screen.getByLabelText("Icon");
    expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(expect.arrayContaining(["code", "rocket", "star"]));
    fireEvent.change(select, { target: { value: "rocket" } });
    expect(value().icon).toBe("rocket");
  });

  it("picks an image from the media library for an image field, by its kind: its name and alt text, then this use's own alt text, or decorative", () => {
    render(<Harness initial={{ quote: "Q", author: "A" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Add portrait" }));
    const group = screen.getByRole("group", { name: "Portrait" });
    const picker = within(group).getByLabelText("Picture");
    expect(picker.tagName).toBe("SELECT");
    expect(within(picker).getAllByRole("option").map((o) => o.textContent)).toEqual(expect.arrayContaining(["portrait-asha: Asha Verma, smiling", "dots-pattern"]));
    fireEvent.change(picker, { target: { value: "portrait-asha" } });
    fireEvent.change(within(group).getByLabelText("Alt"), { target: { value: "Asha at the launch" } });
    expect(value().portrait).toEqual({ asset: "portrait-asha", alt: "Asha at the launch" });
    // Or the use only decorates: the choice the image field's kind gives it, beside the alt text.
    fireEvent.change(within(group).getByLabelText("Alt"), { target: { value: "" } });
    fireEvent.click(within(group).getByRole("checkbox", { name: "Decorative" }));
    expect(value().portrait).toEqual({ asset: "portrait-asha", decorative: true });
    fireEvent.click(within(group).getByRole("checkbox", { name: "Decorative" }));
    expect(value().portrait).toEqual({ asset: "portrait-asha" });
  });

  it("shows the checker's error on the field it concerns, with its message and hint", () => {
    const error: ContentError = {
      code: "BrokenLink",
      title: "Broken link",
      message: "No page or redirect has the path /contcat.",
      hint: "Did you mean /contact?",
      file: "content/pages/home.json",
      line: 9,
      column: 9,
      pointer: "/blocks/0/link/href",
      label: "Page Home → block 1 (quote) → link.href",
    };
    render(<Harness initial={{ quote: "Q", author: "A", link: { label: "Go", href: "/contcat" } }} errors={[error]} />);
    const input = within(screen.getByRole("group", { name: "Link" })).getByLabelText("Link");
    expect(input).toHaveAttribute("aria-invalid", "true");
    const shown = document.querySelector('[data-pointer="/blocks/0/link/href"] [data-error-code="BrokenLink"]')!;
    expect(shown).toHaveTextContent("Broken link");
    expect(shown).toHaveTextContent("No page or redirect has the path /contcat.");
    expect(shown).toHaveTextContent("Hint: Did you mean /contact?");
    expect(input.getAttribute("aria-describedby")).toContain(shown.parentElement!.id);
  });

  it("keeps a block's type and key to itself: neither is a field nor an unknown property", () => {
    render(<Harness initial={{ type: "quote", key: "quote-2", quote: "Q", author: "A" }} />);
    expect(screen.queryByText(/Unknown property/)).not.toBeInTheDocument();
  });

  it("shows a property the schema does not know, with a way to remove it", () => {
    render(<Harness initial={{ quote: "Q", author: "A", autor: "typo" }} />);
    expect(screen.getByText('Unknown property "autor"')).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Remove it" }));
    expect(value()).toEqual({ quote: "Q", author: "A" });
  });
});
