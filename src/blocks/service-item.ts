import type { Service } from "../../schemas/collections/services.ts";
import type { LoadContext } from "./define.tsx";

/** The service a service-page block is rendered for; a clear error if the block is used elsewhere. */
export function serviceOf(context: LoadContext, block: string): Service {
  if (!context.item) {
    throw new Error(`The ${block} block shows one service: use it on the service template page ("path": "/services/:id").`);
  }
  return context.item as Service;
}
