/**
 * The build's patch of Chakra's createSystem: the global CSS is written on first use, not
 * while the system is built; and a Chakra whose code no longer fits fails the build.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lazyChakraGlobalCss } from "../../scripts/lib/lazy-chakra-global-css.ts";

const id = path.join(path.dirname(createRequire(import.meta.url).resolve("@chakra-ui/react/package.json")), "dist/esm/styled-system/system.js");
const installed = readFileSync(id, "utf8");

function transform(code: string, file = id) {
  const plugin = lazyChakraGlobalCss();
  const context = { error: (message: string) => { throw new Error(message); } };
  return (plugin.transform as (this: typeof context, code: string, id: string) => string | undefined).call(context, code, file);
}

describe("the lazy global CSS patch", () => {
  it("turns the installed Chakra's eager global CSS into a getter that writes it once", () => {
    const patched = transform(installed)!;
    expect(patched).not.toContain("const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];");
    expect(patched).toContain("get _global() {");
    expect(patched).toContain("return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];");
    // The rest of the module is untouched.
    expect(patched.replace(/let _global;|get _global\(\) \{[\s\S]*?\n\s*\},/g, "")).toBe(installed.replace(/const _global = .*;|_global,/g, ""));
  });

  it("leaves every other module alone", () => {
    expect(transform(installed, "/x/node_modules/@chakra-ui/react/dist/esm/styled-system/css.js")).toBeUndefined();
  });

  it("fails the build, naming the file to update, when Chakra's code has changed", () => {
    const changed = installed.replace("const _global = [", "const _global = Object.freeze([");
    expect(() => transform(changed)).toThrow(/no longer builds its global CSS[\s\S]*scripts\/lib\/lazy-chakra-global-css\.ts/);
  });
});
