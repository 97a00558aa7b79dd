/**
 * Hydrates one island in the browser: its module (and, for a styled one, the Chakra system)
 * loaded, the same root rendered as at build time (IslandRoot), its static slot kept as the
 * HTML it is, and what was typed into its fields before kept (typed-values.ts). Loaded by the
 * runtime only when a page hydrates its first island, so React DOM is not part of a page's start-up.
 */
import type { ComponentType, ReactNode } from "react";
import { flushSync } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import { lazyModule } from "../../page/lazy.ts";
import { IslandRoot, StaticSlot } from "../../page/Island.tsx";
import { ATTR, ISLAND_TAG, SLOT_TAG } from "../../page/island-markup.ts";
import type { IslandRegistry } from "../../page/define-island.ts";
import { noteTyped, typeAgain } from "./typed-values.ts";

const styles = lazyModule(() => import("../../styles/provider.tsx"), (m) => m.IslandStyles);

/** The island's own slot: the first one below it that no island nested in it owns. */
function ownSlot(island: HTMLElement): HTMLElement | undefined {
  for (const slot of island.querySelectorAll<HTMLElement>(SLOT_TAG)) {
    if (slot.parentElement?.closest(ISLAND_TAG) === island) return slot;
  }
  return undefined;
}

/** Resolves once the island's root has committed: its handlers are live. */
export async function hydrateIsland(element: HTMLElement, islands: IslandRegistry): Promise<void> {
  const name = element.getAttribute(ATTR.name) ?? "";
  const definition = islands.get(name);
  if (!definition) throw new Error(`Unknown island "${name}"`);
  const [Component, Wrap] = await Promise.all([definition.load(), definition.styled ? styles.load() : undefined]);
  const props = JSON.parse(element.getAttribute(ATTR.props) ?? "{}") as Record<string, unknown>;
  const slot = ownSlot(element);
  const children: ReactNode = slot ? <StaticSlot html={slot.innerHTML} /> : undefined;
  const typed = noteTyped(element);
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <IslandRoot Component={Component as ComponentType<Record<string, unknown>>} props={props} slot={children} Wrap={Wrap} onCommit={resolve} />,
      {
        identifierPrefix: element.getAttribute(ATTR.id) ?? undefined,
        // A mismatch means the island's build-time HTML and its first render in the browser differ: a bug to see.
        onRecoverableError: (error) => console.error(`Island "${name}" did not hydrate cleanly:`, error),
      },
    );
  });
  // Rendered at once, so a submission kept from before (played next) reads the typed values.
  if (typed.size > 0) flushSync(() => typeAgain(typed));
}
