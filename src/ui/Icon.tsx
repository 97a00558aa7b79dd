import { Icon as ChakraIcon, type IconProps } from "@chakra-ui/react";
import { type IconName, iconSymbolId } from "../../schemas/icons.ts";
import sprite from "./icons.svg?url";

/**
 * An icon by name, drawn from one cached SVG sprite (src/ui/icons.svg, built by
 * `npm run icons`), so icons cost no JavaScript. A built page carries the symbols its icons
 * use and points them there instead (src/ui/inline-icons.server.ts). Decorative unless
 * `label` is given; `filled` fills outline icons (e.g. rating stars).
 */
export function Icon({ name, label, filled, ...props }: { name: IconName; label?: string; filled?: boolean } & IconProps) {
  return (
    <ChakraIcon {...props} asChild aria-hidden={label ? undefined : true} aria-label={label} role={label ? "img" : undefined}>
      <svg viewBox="0 0 24 24" style={filled ? ({ "--icon-fill": "currentColor" } as React.CSSProperties) : undefined}>
        <use href={symbolHref(name)} />
      </svg>
    </ChakraIcon>
  );
}

/**
 * Where an icon's symbol is: in the page, on a built page that draws this icon, where the
 * browser finds it at once (so an island hydrates with the page's own `href`); else in the
 * sprite file (the server's render, which the build then points at the page; an icon only a
 * browser draws, such as the services menu's, loads the file once).
 */
function symbolHref(name: IconName): string {
  const id = iconSymbolId(name);
  return typeof document !== "undefined" && document.getElementById(id) ? `#${id}` : `${sprite}#${id}`;
}
