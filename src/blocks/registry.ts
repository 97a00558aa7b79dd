/**
 * The block registry: one line per block type. The key is the `type` content uses.
 * Adding a block type = a folder with definition.ts and a component + one line here.
 */
import { block } from "./define.tsx";

export const blocks = {
  hero: block(() => import("./hero/definition.ts"), () => import("./hero/Hero.tsx")),
  stats: block(() => import("./stats/definition.ts"), () => import("./stats/Stats.tsx")),
  "service-grid": block(() => import("./service-grid/definition.ts"), () => import("./service-grid/ServiceGrid.tsx")),
  technologies: block(() => import("./technologies/definition.ts"), () => import("./technologies/Technologies.tsx")),
  testimonials: block(() => import("./testimonials/definition.ts"), () => import("./testimonials/Testimonials.tsx")),
  "logo-strip": block(() => import("./logo-strip/definition.ts"), () => import("./logo-strip/LogoStrip.tsx")),
  "card-grid": block(() => import("./card-grid/definition.ts"), () => import("./card-grid/CardGrid.tsx")),
  timeline: block(() => import("./timeline/definition.ts"), () => import("./timeline/Timeline.tsx")),
  cta: block(() => import("./cta/definition.ts"), () => import("./cta/Cta.tsx")),
  "not-found": block(() => import("./not-found/definition.ts"), () => import("./not-found/NotFound.tsx")),
  "process-steps": block(() => import("./process-steps/definition.ts"), () => import("./process-steps/ProcessSteps.tsx")),
  "service-hero": block(() => import("./service-hero/definition.ts"), () => import("./service-hero/ServiceHero.tsx")),
  "service-highlights": block(() => import("./service-highlights/definition.ts"), () => import("./service-highlights/ServiceHighlights.tsx")),
  "service-features": block(() => import("./service-features/definition.ts"), () => import("./service-features/ServiceFeatures.tsx")),
  "service-pricing": block(() => import("./service-pricing/definition.ts"), () => import("./service-pricing/ServicePricing.tsx")),
  "faq-list": block(() => import("./faq-list/definition.ts"), () => import("./faq-list/FaqList.tsx")),
  "contact-cards": block(() => import("./contact-cards/definition.ts"), () => import("./contact-cards/ContactCards.tsx")),
  "contact-aside": block(() => import("./contact-aside/definition.ts"), () => import("./contact-aside/ContactAside.tsx")),
  "job-list": block(() => import("./job-list/definition.ts"), () => import("./job-list/JobList.tsx")),
  "section-heading": block(() => import("./section-heading/definition.ts"), () => import("./section-heading/SectionHeadingBlock.tsx")),
  "legal-document": block(() => import("./legal-document/definition.ts"), () => import("./legal-document/LegalDocument.tsx")),
  form: block(() => import("./form/definition.ts"), () => import("./form/FormBlock.tsx")),
  "blog-feed": block(() => import("./blog-feed/definition.ts"), () => import("./blog-feed/BlogFeed.tsx")),
  "blog-list": block(() => import("./blog-list/definition.ts"), () => import("./blog-list/BlogList.tsx")),
  "blog-post": block(() => import("./blog-post/definition.ts"), () => import("./blog-post/BlogPost.tsx")),
  "blog-terms": block(() => import("./blog-terms/definition.ts"), () => import("./blog-terms/BlogTerms.tsx")),
  "blog-archive": block(() => import("./blog-archive/definition.ts"), () => import("./blog-archive/BlogArchive.tsx")),
  image: block(() => import("./image/definition.ts"), () => import("./image/ImageBlock.tsx")),
  "media-text": block(() => import("./media-text/definition.ts"), () => import("./media-text/MediaText.tsx")),
  section: block(() => import("./section/definition.ts"), () => import("./section/SectionReference.tsx")),
};

export type BlockType = keyof typeof blocks;
export const blockTypes = Object.keys(blocks).sort() as BlockType[];

export const isBlockType = (type: unknown): type is BlockType => typeof type === "string" && Object.hasOwn(blocks, type);
