/**
 * The icon sprite, src/ui/icons.svg, that every <Icon> draws from, rendered from the icon set in
 * src/ui/icon-set.tsx: what `npm run icons` writes. A test fails when the committed sprite is stale.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type IconName, iconSymbolId } from "../../schemas/icons.ts";
import { iconSet } from "../../src/ui/icon-set.tsx";

export function renderSprite(): string {
  const symbols = Object.entries(iconSet)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, Component]) => {
      const svg = renderToStaticMarkup(createElement(Component));
      const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
      // Outline icons take their look from the group; `--icon-fill` lets a user fill them.
      const group = svg.includes("data-brand")
        ? `<g fill="currentColor">${inner}</g>`
        : `<g style="fill: var(--icon-fill, none)" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</g>`;
      return `<symbol id="${iconSymbolId(name as IconName)}" viewBox="0 0 24 24">${group}</symbol>`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

