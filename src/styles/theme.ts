/**
 * The Chakra system: Chakra's base tokens plus only the recipes the site uses (the full
 * default system ships every component's styles, about 25 kB gzip more), with the brand
 * colours from the site settings (content/site.json).
 */
import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  cssVarsPrefix,
  cssVarsRoot,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  separatorRecipe,
  spinnerRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
  semanticTokens,
} from "@chakra-ui/react/theme";
import { accentColour, brandScale } from "./brand-colours.ts";
import { standInStack } from "./font-stack.ts";
import { fontSizeTokens, fontWeightTokens, headingSizes, onScale, scaleTextStyles } from "./type-scale.ts";
import { yieldToBrowser } from "./yield.ts";

// Only the colour palettes the site uses: every palette adds its CSS variables to every page.
const palettes = ["transparent", "current", "black", "white", "whiteAlpha", "blackAlpha", "gray", "red", "orange", "green"];
const pick = <T extends Record<string, unknown>>(all: T, keys: string[]) =>
  Object.fromEntries(Object.entries(all).filter(([k]) => keys.includes(k))) as T;

// The site has no dark mode: keep each semantic token's light value, so no page carries the
// dark-mode variables (a second set of every colour and shadow).
const lightOnly = <T,>(tokens: T): T =>
  JSON.parse(JSON.stringify(tokens), (_key, value) =>
    value && typeof value === "object" && "_light" in value ? value._light : value,
  );
const lightSemanticTokens = lightOnly(semanticTokens);

// Chakra's global "*" rule gives every element 25 custom properties, which each element then
// resolves at every style recalculation (about 900 elements on Home, most of them while a phone
// paints the page): the defaults of its ring, filter="auto" and backdropFilter="auto" utilities,
// which the site does not use, and values every element inherits anyway (the --global-* ones and
// the font features). Only those are kept, set once on <html> (tests/contract/page-css.test.ts
// holds both to it).
const { "*": everyElement = {}, ...chakraGlobalCss } = globalCss;
const inherited = Object.fromEntries(Object.entries(everyElement).filter(([property]) => property.startsWith("--global-") || property === "fontFeatureSettings"));

const brandConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...chakraGlobalCss,
    // An island's element and its static slot never change the layout (page/island-markup.ts).
    "site-island, site-slot": { display: "contents" },
    html: {
      ...inherited,
      scrollBehavior: "smooth",
      colorPalette: "brand",
      _motionReduce: { scrollBehavior: "auto" },
    },
    body: { bg: "white", color: "gray.800", fontFamily: "body" },
    // Bold text in the scale's heading weight (the browser's "bolder" would be a fourth weight).
    "b, strong": { fontWeight: "semibold" },
  },
  theme: {
    breakpoints,
    // Keyframes are written into every page: only the ones the site animates with.
    keyframes: pick(keyframes, ["spin", "fade-in"]),
    textStyles: scaleTextStyles,
    layerStyles,
    tokens: {
      ...tokens,
      fontSizes: fontSizeTokens,
      fontWeights: fontWeightTokens,
      colors: {
        ...pick(tokens.colors, palettes),
        brand: Object.fromEntries(Object.entries(brandScale).map(([step, value]) => [step, { value }])),
        accent: { value: accentColour },
      },
      fonts: {
        // Inter's stand-ins: a page paints in them, and Inter is turned on over them (text-face.ts;
        // a Hindi page's stacks, script-fonts.ts).
        heading: { value: standInStack() },
        body: { value: standInStack() },
        // Chakra's global CSS names it (--global-font-mono): without it the variable holds an unresolved token.
        mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
      },
    },
    semanticTokens: {
      ...lightSemanticTokens,
      colors: {
        ...pick(lightSemanticTokens.colors, ["bg", "fg", "border", ...palettes]),
        brand: {
          solid: { value: "{colors.brand.600}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.600}" },
        },
      },
    },
    // Every recipe that names a text style, on the type scale (type-scale.ts).
    recipes: {
      badge: onScale(badgeRecipe),
      button: onScale(buttonRecipe),
      container: containerRecipe,
      heading: { ...headingRecipe, variants: { size: headingSizes } },
      icon: iconRecipe,
      input: onScale(inputRecipe),
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: onScale(textareaRecipe),
    },
    slotRecipes: {
      field: onScale(fieldSlotRecipe),
      nativeSelect: onScale(nativeSelectSlotRecipe),
      tabs: onScale(tabsSlotRecipe),
      toast: onScale(toastSlotRecipe),
    },
  },
});

// Building the system is the longest piece of start-up work in the browser (tens of
// milliseconds on a phone): it gets a task of its own, apart from evaluating the modules.
await yieldToBrowser();
export const system = createSystem(defaultBaseConfig, brandConfig);
await yieldToBrowser();
