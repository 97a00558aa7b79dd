/**
 * The legal documents' translations (content/translations/<locale>/legal/<id>.md): each is the
 * whole document in the locale, with the hash of the text it was translated from. The checker
 * counts a document as three texts (title, summary, text) in the locale's figure, says which
 * documents are not translated and which translations are stale, and refuses a translation of
 * a document that does not exist. A page showing an untranslated document is a fallback
 * (i18n/page-language.ts): its body is most of the page.
 */
import type { LegalDocument } from "../../../schemas/collections/legal.ts";
import type { LocaleRegistry } from "../../../schemas/locales.ts";
import { errors as catalogue } from "../../errors/catalogue.ts";
import { at, type ContentError } from "../../content-files/errors.ts";
import { sourceHash } from "../i18n/source-hash.ts";
import type { Completeness } from "./translations-check.ts";
import { TRANSLATIONS_DIR } from "./read.ts";

export const legalFile = (id: string) => `content/legal/${id}.md`;
export const legalTranslationFile = (locale: string, id: string) => `${TRANSLATIONS_DIR}/${locale}/legal/${id}.md`;

/** What a translation records of the document it was made from: a change to its title, summary or text makes it stale. */
export const legalSourceHash = (doc: Pick<LegalDocument, "title" | "summary" | "body">): string => sourceHash([doc.title, doc.summary, doc.body].join("\n"));

/** The texts a document counts for in a locale's figure. */
const TEXTS_PER_DOCUMENT = 3;

export interface LegalTranslationsCheck {
  errors: ContentError[];
  warnings: ContentError[];
  completeness: Completeness[];
  /** Each locale's translated documents by id (stale ones included: they are still shown). */
  translations: Map<string, Map<string, LegalDocument>>;
}

export function checkLegalTranslations(
  documents: readonly LegalDocument[],
  read: Readonly<Record<string, { items: Record<string, unknown>[]; errors: ContentError[] }>>,
  registry: LocaleRegistry,
): LegalTranslationsCheck {
  const result: LegalTranslationsCheck = { errors: [], warnings: [], completeness: [], translations: new Map() };
  const ids = new Set(documents.map((d) => d.id));
  for (const [locale, { items, errors }] of Object.entries(read)) {
    result.errors.push(...errors);
    const label = (id: string) => `Legal document ${id}, ${locale} translation`;
    if (locale === registry.default.code || !registry.locales.some((l) => l.code === locale)) {
      for (const item of items) result.errors.push(at(legalTranslationFile(locale, String(item.id)), { line: 1, column: 1 }, label(String(item.id)), catalogue.UnknownTranslationLocale(locale)));
      continue;
    }
    for (const item of items.filter((i) => !ids.has(String(i.id)))) {
      result.errors.push(at(legalTranslationFile(locale, String(item.id)), { line: 1, column: 1 }, label(String(item.id)), catalogue.TranslationForMissingPage(legalFile(String(item.id)))));
    }
  }
  for (const locale of registry.locales) {
    if (locale.code === registry.default.code) continue;
    const translated = new Map<string, LegalDocument>();
    result.translations.set(locale.code, translated);
    for (const doc of documents) {
      const file = legalTranslationFile(locale.code, doc.id);
      const hash = legalSourceHash(doc);
      const translation = read[locale.code]?.items.find((i) => i.id === doc.id) as (LegalDocument & { source: string }) | undefined;
      const current = translation?.source === hash;
      if (!translation) {
        result.warnings.push(at(legalFile(doc.id), { line: 1, column: 1 }, `Legal document ${doc.id}`, catalogue.LegalNotTranslated(locale.code, registry.default.name, file, hash)));
      } else {
        const { source: _source, ...document } = translation;
        translated.set(doc.id, document);
        if (!current) result.warnings.push(at(file, { line: 1, column: 1 }, `Legal document ${doc.id}, ${locale.code} translation`, catalogue.LegalTranslationStale(locale.code, hash), "/source"));
      }
      const count = current ? TEXTS_PER_DOCUMENT : 0;
      if (locale.requireComplete && !current) {
        result.errors.push(at(translation ? file : legalFile(doc.id), { line: 1, column: 1 }, `Legal document ${doc.id}`, catalogue.TranslationIncomplete(locale.name, 0)));
      }
      result.completeness.push({
        locale: locale.code,
        page: legalFile(doc.id),
        ...(translation && { translationFile: file }),
        translated: count,
        total: TEXTS_PER_DOCUMENT,
        percent: Math.floor((count * 100) / TEXTS_PER_DOCUMENT),
        texts: [],
      });
    }
  }
  return result;
}
