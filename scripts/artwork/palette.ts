/** The artwork's colours: the brand's scale and accent, plus the few neutrals and signals drawings need. */
import { accentColour, brandScale } from "../../src/styles/brand-colours.ts";

export const c = {
  brand: brandScale,
  accent: accentColour,
  accentSoft: "#fde68a",
  white: "#ffffff",
  paper: "#f8fafc",
  line: "#e2e8f0",
  muted: "#cbd5e1",
  ink: "#334155",
  good: "#22c55e",
  bad: "#ef4444",
  teal: "#14b8a6",
  shadow: brandScale[950],
} as const;
