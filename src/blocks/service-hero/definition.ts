import { z } from "zod";
import { action } from "../../../schemas/fields.ts";
import { defineBlock } from "../define.tsx";
import { serviceOf } from "../service-item.ts";

/** The top of a service's page: its icon, title, subtitle and description, with actions, and its illustration beside them. */
export default defineBlock({
  schema: z.strictObject({
    actions: z.array(action).max(3).default([]).describe("e.g. Get Free Quote and Contact Us"),
  }).describe("The page's service: its title, subtitle, description, buttons and illustration"),
  load: (_props, context) => {
    const { icon, title, subtitle, description, image } = serviceOf(context, "service-hero");
    return { icon, title, subtitle, description, image };
  },
  // The service itself, offered by the organisation the site describes.
  jsonLd: (_props, service, { site, path }) => [
    {
      "@context": "https://schema.org",
      "@type": "Service",
      "@id": `${site.url}${path}#service`,
      name: service.title,
      serviceType: service.title,
      description: service.description,
      url: site.url + path,
      provider: { "@id": `${site.url}/#organization` },
      areaServed: "Worldwide",
    },
  ],
});
