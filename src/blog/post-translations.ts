/**
 * A locale's own posts (content/blog/posts/<locale>/) linked to the default locale's by a
 * shared key, one file per translation: a post's key is its `translationKey`, else its slug,
 * so a translation named as the post it translates needs none, and one with a slug of its
 * own names the post it translates. A post whose key no default-locale post has is a post
 * only in its locale. The routes (i18n/locale-routes.ts) show each translation at its own
 * slug as a version of its source, and the source's posts without one in fallback.
 */
import type { BlogPost } from "../../schemas/blog.ts";
import { errors as catalogue, type ErrorData } from "../errors/catalogue.ts";
import { type ContentError, located } from "../content-files/errors.ts";
import { fileLabeller } from "../content-files/issues.ts";
import type { LocalBlog } from "./local-check.ts";

export const translationKeyOf = (post: Pick<BlogPost, "id" | "translationKey">): string => post.translationKey ?? post.id;

export interface PostTranslations {
  /** The locale's own posts, each with the slug of the default-locale post it translates, if it translates one. */
  own: { post: BlogPost; translates?: string }[];
  /** The default locale's posts with no translation in the locale (shown there in fallback), less any whose slug one of its own posts has. */
  untranslated: BlogPost[];
}

/** @param source the default locale's posts; @param own the locale's, newest first */
export function linkPostTranslations(source: readonly BlogPost[], own: readonly BlogPost[]): PostTranslations {
  const byKey = new Map(source.map((p) => [translationKeyOf(p), p]));
  const translated = new Set<string>();
  const linked = own.map((post) => {
    const original = byKey.get(translationKeyOf(post));
    // A second translation of one post is the checker's error; until fixed it is a post of its own.
    if (!original || translated.has(original.id)) return { post };
    translated.add(original.id);
    return { post, translates: original.id };
  });
  const taken = new Set(own.map((p) => p.id));
  return { own: linked, untranslated: source.filter((p) => !translated.has(p.id) && !taken.has(p.id)) };
}

/**
 * The links' errors, located in the locale's post files: a translationKey no default-locale
 * post has, two posts of one locale with the same key (the default's too), and a post at the
 * slug of a default-locale post it does not translate (both would be /<locale>/blog/<slug>).
 * @param own the locale's posts, or the default's own again (locale = the default) to check only their keys are unique
 */
export function checkPostTranslations(source: LocalBlog, own: LocalBlog, locale: string, isDefault = false): ContentError[] {
  const errors: ContentError[] = [];
  const sourceKeys = new Map(source.index.posts.map((p) => [translationKeyOf(p), p]));
  const sourceById = new Map(source.index.posts.map((p) => [p.id, p]));
  const seen = new Map<string, string>();
  for (const post of [...own.index.posts].sort((a, b) => a.id.localeCompare(b.id))) {
    const file = own.sources?.get(post.id);
    if (!file) continue;
    const at = (e: ErrorData) => located(file, post.translationKey === undefined ? [] : ["translationKey"], fileLabeller(`Blog post ${post.id}`), e);
    const key = translationKeyOf(post);
    const first = seen.get(key);
    if (first !== undefined) errors.push(at(catalogue.DuplicatePostTranslation(key, locale, first)));
    else seen.set(key, file.file);
    if (isDefault) continue;
    if (post.translationKey !== undefined && !sourceKeys.has(key)) {
      errors.push(at(catalogue.UnknownPostTranslationKey(key, locale)));
      continue;
    }
    const namesake = sourceById.get(post.id);
    if (namesake && translationKeyOf(namesake) !== key) errors.push(at(catalogue.PostAddressTaken(locale, sourceFile(source, namesake.id))));
  }
  return errors;
}

const sourceFile = (blog: LocalBlog, id: string): string => blog.sources?.get(id)?.file ?? id;
