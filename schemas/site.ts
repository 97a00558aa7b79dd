/**
 * The site settings (content/site.json, edited in the studio's Site settings): identity,
 * navigation, footer, contact facts and hours, chat button, notices, theme, claims.
 * SiteConfig is the type every consumer reads them with (src/page/site-settings.ts).
 */
import { z } from "zod";
import { action, href, icon, link, shared, text } from "./fields.ts";
import { isTimeZone } from "./form-date.ts";

/** Where the settings are, from the project root. */
export const SITE_SETTINGS = "content/site.json";

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "A colour as #rrggbb, e.g. #2f4fd9" });

const openingHours = z.strictObject({
  label: text(60).describe('How the hours read on the page, e.g. "Mon-Fri 8:00 AM-5:00 PM"'),
  days: z.array(z.enum(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"])).describe("Days these hours apply to (for structured data)"),
  opens: z.string().regex(/^\d\d:\d\d$/).optional().describe("24-hour time, e.g. 08:00; omit when closed"),
  closes: z.string().regex(/^\d\d:\d\d$/).optional(),
});

export const siteConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  name: shared(text(80).describe("Company name as shown in the navigation bar and titles, the same in every language")),
  tagline: text(160),
  description: text(300).describe("Default meta description and footer blurb"),
  url: z.url({ protocol: /^https$/, error: "Use the public https:// address of the site" }).describe("Canonical origin, without trailing slash"),
  locale: shared(z.string().describe("Language of the site, e.g. en")),
  timeZone: shared(
    z
      .string()
      .refine(isTimeZone, { error: "An IANA time zone, e.g. Asia/Kolkata" })
      .describe('Where the agency works, e.g. Asia/Kolkata: a date field\'s "today" is the day it is there'),
  ),
  contact: z.strictObject({
    email: z.email().describe("Where visitors write to; contact enquiries are sent here"),
    legalEmail: z.email().describe("Address for legal enquiries (terms, privacy)"),
    phone: shared(text(30).describe("Phone number as displayed")),
    phoneE164: z.string().regex(/^\+\d{8,15}$/, { error: "Use international format without spaces, e.g. +919829012345" }),
    address: z.strictObject({
      street: text(120),
      locality: text(80),
      region: text(80),
      postalCode: shared(text(20)),
      country: shared(z.string().length(2).describe("ISO 3166 country code, e.g. IN")),
    }),
  }),
  hours: z.array(openingHours).min(1),
  social: z.array(z.strictObject({ label: text(40), href, icon })),
  claims: z
    .array(z.strictObject({ value: shared(text(12)), label: text(40) }))
    .length(4)
    .describe("The four headline figures, e.g. 15+ Years Experience"),
  navigation: z.strictObject({
    links: z.array(link.extend({ menu: z.enum(["services"]).optional().describe("Open the services dropdown on hover") })),
    mobileLinks: z.array(link).describe("Extra links at the end of the mobile menu"),
    cta: action.describe("The button at the right of the navigation bar"),
    translucentAfterPx: z.number().int().min(0).describe("Scroll distance after which the bar turns glass-like"),
  }),
  footer: z.strictObject({
    quickLinksTitle: text(40),
    quickLinks: z.array(link),
    servicesTitle: text(40),
    serviceCount: z.number().int().min(1).max(20).describe("How many catalogue services the footer lists"),
    contactTitle: text(40),
    legalLinks: z.array(link),
    copyright: text(120).describe("Copyright line; {year} and {name} are filled in"),
    newsletter: z
      .strictObject({
        title: text(60),
        text: text(200),
        form: shared(z.string().describe("Id of the form (forms collection) the footer shows, e.g. newsletter")),
      })
      .optional()
      .describe("The newsletter sign-up in the footer; leave out to show none"),
  }),
  chat: z.strictObject({
    label: text(60).describe("Accessible name of the floating chat button"),
    greeting: text(300).describe("Message prefilled in the chat"),
    delayMs: z.number().int().min(0).describe("Delay before the chat button appears"),
  }),
  notices: z.strictObject({
    notImplemented: z.strictObject({ title: text(60), description: text(200) }),
  }),
  errorPage: z
    .strictObject({ title: text(80), text: text(300), back: link })
    .describe("Shown if a page fails unexpectedly in the browser"),
  loading: z.strictObject({ label: text(40) }).describe("Shown with a spinner while a page's data loads in the browser"),
  loadError: z
    .strictObject({ title: text(80), message: text(200), hint: text(200), retry: text(30) })
    .describe("Shown when a page's data could not be fetched (offline, server or blog down), with a Retry button"),
  theme: z.strictObject({
    brand: colour.describe("Main brand colour: the background of buttons, under white text (at least 4.5:1 against white)"),
    accent: colour.describe("The reading-progress bar's colour"),
  }),
});

// The settings have no defaults, so what content/site.json says is exactly what the site uses:
// the browser can import the file as plain data, without zod.
export type SiteConfig = z.infer<typeof siteConfigSchema>;
