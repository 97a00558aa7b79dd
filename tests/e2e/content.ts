/** Content the e2e tests expect on screen, read from the same files the site is built from. */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Service } from "../../schemas/collections/services.ts";

const root = path.resolve(import.meta.dirname, "../..");
const items = <T>(name: string): T[] => JSON.parse(readFileSync(path.join(root, "content/collections", `${name}.json`), "utf8")).items;

export const services = items<{ id: string; title: string }>("services");
export const testimonials = items<{ id: string; name: string; text: string }>("testimonials");
export const faqs = items<{ id: string; question: string; answer: string }>("faqs");
export const jobs = items<{ id: string; title: string; location: string; type: string; description: string }>("jobs");
export const seoServices = items<{ id: string; title: string; description: string }>("seo-services");
export const redirects = items<{ from: string; to: string }>("redirects");
export const serviceDetails = items<Service>("services");
