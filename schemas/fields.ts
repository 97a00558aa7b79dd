/**
 * Field schemas shared by the site config, pages, blocks and collections.
 * Every link field is called `href`: the content checker resolves each internal `href`
 * against the route table, so the name is part of the contract.
 */
import { z } from "zod";
import { fieldKinds, translation } from "./field-kinds.ts";
import { iconNames } from "./icons.ts";
import { checkImageUse, cropRect, focalPoint } from "./media-use.ts";

/** Non-empty, trimmed text with an upper bound that keeps layouts sane. */
export const text = (max = 200) =>
  z.string().trim().min(1, { error: "Must not be empty" }).max(max, { error: `Must be at most ${max} characters` });

/** A text that reads the same in every language (a company's name, a form field's name): not translated. */
export const shared = <T extends z.ZodType>(schema: T): T => {
  translation.add(schema, { translate: false });
  return schema;
};

export const longText = (max = 2000) => text(max).register(fieldKinds, { kind: "multiline" });

/** A stable, URL-safe id such as "web-development". */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "Use lowercase letters, digits and single hyphens, e.g. web-development" });

/**
 * A list item's key: its name in its list, unique there, which its translations are filed
 * under (["blocks", "values", "items[key=mission].title"]), as a block's are under its own key:
 * moved, the item keeps its translations; edited, only its own go stale. The page editor gives
 * a new item one (editor/schema/initial.ts) and never shows it as a field.
 */
export const itemKey = slug.describe("The item's name in its list, unique there: its translations are filed under it").register(fieldKinds, { kind: "item-key" });

/** A list of written items (cards, steps, figures) whose translations follow each item, by its key, wherever it moves. */
export const keyedList = <Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(item: z.ZodObject<Shape, Config>) =>
  // Typed by hand: zod cannot check a key added to a shape it does not know yet.
  z.array(item.safeExtend({ key: itemKey.optional() } as never) as unknown as z.ZodObject<Shape & { key: z.ZodOptional<typeof itemKey> }, Config>);

export const sitePath = z
  .string()
  .regex(/^\/(?:[a-z0-9._~-]+(?:\/[a-z0-9._~-]+)*)?$/, {
    error: "A site path starts with / and has no trailing slash, query or fragment, e.g. /services/web-development",
  });

export const href = z
  .string()
  .regex(/^(?:\/|#|https:\/\/|mailto:|tel:)/, {
    error: "Use a site path (/about), an anchor (#apply), or an https:, mailto: or tel: URL",
  })
  .describe("A site path such as /about (checked to exist), an anchor such as #apply, or an https:, mailto: or tel: URL")
  .register(fieldKinds, { kind: "href" });

export const icon = z.enum(iconNames).describe("Name of an icon from the site's icon set").register(fieldKinds, { kind: "icon" });

/**
 * An image: an asset of content/media/ by id (schemas/media.ts), with what this use says
 * differently. Every image has alt text (its own, or the asset's) unless it is marked
 * decorative, the only way to have none. Inside the checker (withKnownMedia) the asset must
 * exist and the alt text must not be a file name. Rendered by src/ui/Picture.tsx.
 */
export const image = z
  .strictObject({
    asset: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "An asset id: lowercase letters, digits and single hyphens, e.g. team-at-work" })
      .describe("The picture, chosen from the media library by its name"),
    alt: text(250).optional().describe("Alt text for this use, when it should say something other than the image's own"),
    decorative: z.literal(true).optional().describe("The image only decorates: screen readers skip it (no alt text)"),
    focal: focalPoint.optional().describe("A focal point for this use, instead of the image's own"),
    crop: cropRect.optional().describe("Show only this part of the image"),
  })
  .superRefine((use, ctx) => {
    if (use.decorative && use.alt !== undefined) ctx.addIssue({ code: "custom", message: "A decorative image has no alt text: remove one of the two", path: ["alt"] });
    checkImageUse(use, (media, path) => ctx.addIssue({ code: "custom", message: media.problem, path, params: { media } }));
  })
  .describe("An image from the media library, with its alt text")
  .register(fieldKinds, { kind: "image" });

export type ImageUse = z.infer<typeof image>;

export const link = z.strictObject({
  label: text(80).describe("Visible link text"),
  href,
});

/**
 * A call to action: it goes somewhere (`href`), shows a notice (`notice`, such as the
 * spec's "not implemented yet" message for Get Started), or both (Get Quote).
 */
export const action = z
  .object({
    label: text(60).describe("Button text"),
    href: href.optional(),
    notice: z.enum(["not-implemented"]).optional().describe("Show this site notice instead of navigating"),
    variant: z.enum(["solid", "outline"]).default("solid").describe("solid for the main action, outline for the second"),
  })
  .refine((a) => a.href !== undefined || a.notice !== undefined, {
    error: "An action needs an href, a notice, or both",
  });

export const heading = z.strictObject({
  eyebrow: text(60).optional().describe("Small label above the heading"),
  title: text(120).describe("Section heading"),
  intro: text(400).optional().describe("One or two sentences under the heading"),
});

/** Background of a block's section. */
export const tone = z.enum(["plain", "muted", "brand"]).default("plain").describe("Section background: plain, muted (light grey) or brand (dark)");

export type Action = z.infer<typeof action>;
export type Link = z.infer<typeof link>;
export type SectionHeading = z.infer<typeof heading>;
