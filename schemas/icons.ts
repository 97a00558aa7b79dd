/**
 * Icon names content may use. The UI maps each name to an SVG component
 * (src/ui/Icon.tsx), and the type checker makes sure every name has one.
 */
export const iconNames = [
  "code", "smartphone", "cpu", "brain", "shopping-cart", "megaphone", "gamepad", "cloud",
  "palette", "shield-check", "lightbulb", "dollar-sign", "apple", "target", "search",
  "target-arrow", "heart-handshake", "rocket", "award", "users", "clock", "mail", "phone",
  "map-pin", "calendar", "facebook", "instagram", "x", "github", "youtube",
  "trending-up", "settings", "file-text", "link", "bar-chart", "star", "zap", "layers",
  "chevron-down", "menu", "x-close", "check",
] as const;

export type IconName = (typeof iconNames)[number];

/**
 * The id of an icon's symbol in the sprite. Prefixed, because a page carries the symbols it
 * uses beside its own ids (src/ui/inline-icons.server.ts).
 */
export const iconSymbolId = (name: IconName) => `icon-${name}`;
