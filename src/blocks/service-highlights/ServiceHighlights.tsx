import CardGrid from "../card-grid/CardGrid.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** Shown with the card grid's layout, so both kinds of cards look the same. */
export default function ServiceHighlights({ data, tone }: BlockProps<typeof definition>) {
  if (!data) return null;
  return <CardGrid heading={data.heading} data={data.items} columns={3} tone={tone} />;
}
