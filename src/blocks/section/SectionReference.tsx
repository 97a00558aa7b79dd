import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/**
 * Never drawn: a page's data holds the section's own blocks in the reference's place
 * (src/runtime/sections.ts), so a visitor's browser loads nothing for it.
 */
export default function SectionReference(_props: BlockProps<typeof definition>) {
  return <></>;
}
