/**
 * The UI string catalogues (content/translations/<locale>/ui.json), checked per locale other
 * than the default as page texts are (translations-check.ts): a key with no translation (a
 * warning naming the locale shown instead), a stale one (the source text changed since), a
 * key the runtime does not have (a warning); a translation whose placeholders are not its
 * source's, or with a plural or select without `other`, is an error.
 */
import { fallbackChain, type LocaleRegistry } from "../../../schemas/locales.ts";
import { uiTranslationFile, uiTranslationSchema, parseUiTranslationFile } from "../../../schemas/translations.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError, located } from "../../content-files/errors.ts";
import { fileLabeller, issueToError } from "../../content-files/issues.ts";
import { parseJsonSource } from "../../content-files/source.ts";
import { casesWithoutOther, messagePlaceholders } from "../../page/messages.ts";
import { sourceHash } from "../i18n/source-hash.ts";
import { isUiKey, UI_STRINGS, type UiKey } from "../../page/ui-strings.ts";

export interface UiStringsCheck {
  errors: ContentError[];
  warnings: ContentError[];
  /** Each locale's translated texts by key (stale ones too: shown until updated, as on pages). */
  translated: ReadonlyMap<string, Partial<Record<UiKey, string>>>;
}

export function checkUiStrings(json: ReadonlyMap<string, string>, registry: LocaleRegistry): UiStringsCheck {
  const errors: ContentError[] = [];
  const warnings: ContentError[] = [];
  const translated = new Map<string, Partial<Record<UiKey, string>>>();
  const nameOf = (code: string) => {
    const locale = registry.locales.find((l) => l.code === code);
    return locale ? `${locale.name} (${code})` : code;
  };
  const targets = registry.locales.filter((l) => l.code !== registry.default.code);

  for (const [file, text] of json) {
    const locale = parseUiTranslationFile(file);
    // A folder of an unknown locale is reported once, for its pages (translations-check.ts).
    if (!locale || !targets.some((l) => l.code === locale)) continue;
    const label = fileLabeller(file.replace(/^content\//, ""));
    const { source, errors: syntax } = parseJsonSource(file, text, `UI strings ${locale}`);
    errors.push(...syntax);
    if (!source) continue;
    const result = uiTranslationSchema.safeParse(source.data);
    if (!result.success) {
      errors.push(...result.error.issues.map((i) => issueToError(i, source, label)));
      continue;
    }
    const own: Partial<Record<UiKey, string>> = {};
    for (const [key, entry] of Object.entries(result.data.strings)) {
      const where = ["strings", key];
      if (!isUiKey(key)) {
        warnings.push(located(source, where, label, catalogue.UiStringUnknown(key)));
        continue;
      }
      const sourceText = UI_STRINGS[key];
      if (entry.hash !== sourceHash(sourceText)) warnings.push(located(source, where, label, catalogue.TranslationStale(nameOf(locale), entry.source, sourceText, sourceHash(sourceText))));
      if (messagePlaceholders(entry.text).join() !== messagePlaceholders(sourceText).join()) {
        errors.push(located(source, [...where, "text"], label, catalogue.TranslationPlaceholders(messagePlaceholders(sourceText), messagePlaceholders(entry.text))));
        continue;
      }
      const withoutOther = casesWithoutOther(entry.text);
      if (withoutOther.length > 0) {
        errors.push(located(source, [...where, "text"], label, catalogue.UiStringWithoutOther(withoutOther)));
        continue;
      }
      own[key] = entry.text;
    }
    translated.set(locale, own);
  }

  for (const locale of targets) {
    const file = uiTranslationFile(locale.code);
    const chain = fallbackChain(registry, locale.code);
    const keys = Object.keys(UI_STRINGS) as UiKey[];
    if (!translated.has(locale.code) && !json.has(file)) {
      // A locale just added: one warning, not one per key.
      const shown = [...new Set(keys.map((key) => nameOf(chain.find((c) => translated.get(c)?.[key] !== undefined) ?? registry.default.code)))].join(" or ");
      warnings.push(at(file, { line: 1, column: 1 }, `UI strings ${locale.code}`, catalogue.UiStringsNotTranslated(nameOf(locale.code), keys.length, shown, file)));
      continue;
    }
    for (const key of keys) {
      if (translated.get(locale.code)?.[key] !== undefined) continue;
      const shown = chain.find((c) => translated.get(c)?.[key] !== undefined) ?? registry.default.code;
      warnings.push(at(file, { line: 1, column: 1 }, `UI strings ${locale.code}`, catalogue.TranslationMissing(nameOf(locale.code), nameOf(shown), file, key)));
    }
  }
  return { errors, warnings, translated };
}
