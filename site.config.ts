/**
 * Who the agency is and what every page shares: contact facts, navigation, footer, chat
 * button, notices, theme and the four headline claims. Checked by `npm run content:check`
 * against schemas/site.ts; the browser reads this file as plain data.
 */
import { defineSiteConfig } from "./schemas/define.ts";

export default defineSiteConfig({
  name: "Arcbyte Technologies",
  tagline: "Software, cloud and growth for ambitious businesses",
  description:
    "Arcbyte Technologies builds web and mobile products, AI solutions and cloud platforms for growing businesses, from strategy and design to launch and support.",
  url: "https://www.arcbyte.in",
  locale: "en",
  timeZone: "Asia/Kolkata",
  contact: {
    email: "hello@arcbyte.in",
    legalEmail: "legal@arcbyte.in",
    phone: "+91 98290 12345",
    phoneE164: "+919829012345",
    address: {
      street: "2nd Floor, Station Road",
      locality: "Sanchore",
      region: "Rajasthan",
      postalCode: "343041",
      country: "IN",
    },
  },
  hours: [
    { label: "Mon-Fri 8:00 AM-5:00 PM", days: ["Mo", "Tu", "We", "Th", "Fr"], opens: "08:00", closes: "17:00" },
    { label: "Saturday 9:00 AM-2:00 PM", days: ["Sa"], opens: "09:00", closes: "14:00" },
    { label: "Sunday Closed", days: ["Su"] },
  ],
  social: [
    { label: "Arcbyte on Facebook", href: "https://www.facebook.com/arcbytetech", icon: "facebook" },
    { label: "Arcbyte on Instagram", href: "https://www.instagram.com/arcbytetech", icon: "instagram" },
    { label: "Arcbyte on X", href: "https://x.com/arcbytetech", icon: "x" },
    { label: "Arcbyte on GitHub", href: "https://github.com/arcbyte", icon: "github" },
    { label: "Arcbyte on YouTube", href: "https://www.youtube.com/@arcbytetech", icon: "youtube" },
  ],
  claims: [
    { value: "15+", label: "Years Experience" },
    { value: "500+", label: "Projects Completed" },
    { value: "200+", label: "Happy Clients" },
    { value: "50+", label: "Team Members" },
  ],
  navigation: {
    links: [
      { label: "Home", href: "/" },
      { label: "About", href: "/about" },
      { label: "Services", href: "/services", menu: "services" },
      { label: "Blog", href: "/blog" },
      { label: "Contact", href: "/contact" },
    ],
    mobileLinks: [{ label: "SEO Services", href: "/services/seo-services" }],
    cta: { label: "Get Quote", href: "/contact", notice: "not-implemented", variant: "solid" },
    translucentAfterPx: 50,
  },
  footer: {
    quickLinksTitle: "Quick Links",
    quickLinks: [
      { label: "Home", href: "/" },
      { label: "About Us", href: "/about" },
      { label: "Services", href: "/services" },
      { label: "SEO Services", href: "/services/seo-services" },
      { label: "Blog", href: "/blog" },
      { label: "Contact", href: "/contact" },
    ],
    servicesTitle: "Our Services",
    serviceCount: 6,
    contactTitle: "Contact Info",
    legalLinks: [
      { label: "Privacy Policy", href: "/privacy" },
      { label: "Terms of Service", href: "/terms" },
    ],
    copyright: "© {year} {name}. All rights reserved.",
    newsletter: {
      title: "Subscribe to our newsletter",
      text: "Practical notes on software, cloud, AI and growth from our team, about once a month.",
      form: "newsletter",
    },
  },
  chat: {
    label: "Chat with us on WhatsApp",
    greeting: "Hi! I'm interested in your tech services.",
    delayMs: 2000,
  },
  notices: {
    notImplemented: { title: "Coming Soon", description: "This feature isn't implemented yet. It's coming soon!" },
  },
  errorPage: {
    title: "Something went wrong",
    text: "This page could not be shown. Please try again, or start again from the home page.",
    back: { label: "Back to Home", href: "/" },
  },
  loading: { label: "Loading..." },
  loadError: {
    title: "Couldn't load this page",
    message: "The content could not be fetched. Your connection or our content service may be down for a moment.",
    hint: "Check your connection and try again. If it keeps failing, come back in a few minutes.",
    retry: "Retry",
  },
  theme: { brand: "#2f4fd9", accent: "#f59e0b" },
});
