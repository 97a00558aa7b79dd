/**
 * The brand's colour scale, from the site settings' brand and accent: the theme's tokens and the
 * site's drawn artwork (scripts/artwork/) share it, so a new brand colour repaints both.
 */
import site from "../page/site-settings.ts";

export const brandScale = {
  50: "#eef4ff",
  100: "#dbe6fe",
  200: "#bfd3fe",
  300: "#93b4fd",
  400: "#608bfa",
  500: "#3b66f5",
  600: site.theme.brand,
  700: "#1d3fc4",
  800: "#1e379f",
  900: "#1e327d",
  950: "#17214c",
} as const;

export const accentColour = site.theme.accent;
