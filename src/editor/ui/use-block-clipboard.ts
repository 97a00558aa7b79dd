/**
 * Copy and Paste of a page's blocks through the system clipboard (../document/clipboard.ts
 * says what is written and what is accepted), told to the marketer in a toast. The blocks'
 * translations go with them (../document/carried-translations.ts), and what they name that
 * this site lacks is said at once.
 */
import { type Dispatch, useCallback, useMemo } from "react";
import { idField, type CollectionName } from "../../../schemas/collections/index.ts";
import { SECTIONS } from "../../../schemas/page.ts";
import { notify } from "../../ui/toaster.ts";
import { type BlocksKind, landTexts, textsOfBlocks } from "../document/carried-translations.ts";
import { copyText, type KnownHere, type MissingReference, readPasted } from "../document/clipboard.ts";
import { entryName } from "../document/places.ts";
import type { EditorAction } from "../document/reducer.ts";
import type { EditorContext } from "../model.ts";
import { fieldLabel } from "../schema/labels.ts";
import type { StudioApi } from "../studio-api.ts";
import { texts } from "../texts.ts";

const words = texts.notices;

/** The open page, section or template: its name in words (which a copy carries), and where its translations are (a template has none). */
export interface ClipboardPlace {
  kind: BlocksKind | undefined;
  name: string;
  title: string;
}

/** `insertAt`: where pasted blocks go. */
export function useBlockClipboard(place: ClipboardPlace, blocks: readonly unknown[], insertAt: number, dispatch: Dispatch<EditorAction>, api: StudioApi, context: EditorContext) {
  const translated = useMemo(() => context.locales.slice(1), [context.locales]);
  const copy = useCallback(
    (index: number) => {
      const key = (blocks[index] as { key?: unknown } | null)?.key;
      const text = (async () => copyText([blocks[index]], place.title, typeof key === "string" && place.kind ? await textsOfBlocks(api, place.kind, place.name, [key], translated.map((l) => l.code)) : {}))();
      // Written while the click still counts as the person's (a browser may refuse a write that comes later), the text to follow once its translations are read.
      const written =
        typeof ClipboardItem === "undefined"
          ? text.then((t) => navigator.clipboard.writeText(t))
          : navigator.clipboard.write([new ClipboardItem({ "text/plain": text.then((t) => new Blob([t], { type: "text/plain" })) })]).catch(async () => navigator.clipboard.writeText(await text));
      written.then(
        () => notify("success", words.copied.title, words.copied.text(entryName(blocks, index, "blocks"))),
        () => notify("error", words.copyRefused.title, words.copyRefused.text),
      );
    },
    [blocks, place, api, translated],
  );
  /** `text`: what a paste event carried; without it, the clipboard is read (the Paste button). */
  const paste = useCallback(
    async (text?: string) => {
      if (text === undefined) {
        try {
          text = await navigator.clipboard.readText();
        } catch {
          return notify("error", words.pasteRefused.title, words.pasteRefused.text);
        }
      }
      const taken = blocks.map((b) => (b as { key?: unknown } | null)?.key).filter((k): k is string => typeof k === "string");
      const pasted = await readPasted(text, taken, knownHere(context));
      if (!pasted.ok) return notify("error", pasted.error.title, pasted.error.message);
      dispatch({ type: "paste", index: insertAt, entries: pasted.blocks });
      const count = pasted.blocks.length;
      const { landed, failed } = place.kind ? await landTexts(api, place.kind, place.name, pasted.translations) : { landed: [], failed: [] };
      const languages = (codes: string[]) => codes.map((code) => translated.find((l) => l.code === code)?.name ?? code).join(", ");
      const message = [
        words.pasted.text(count, pasted.from),
        landed.length > 0 ? words.pastedTranslations(count, languages(landed)) : "",
        failed.length > 0 ? words.pastedTranslationsNotKept(count, languages(failed)) : "",
        pasted.missing.length > 0 ? words.pastedMissing(pasted.missing.map(missingWords)) : "",
      ].join("");
      notify(pasted.missing.length > 0 || failed.length > 0 ? "info" : "success", words.pasted.title, message);
    },
    [blocks, insertAt, dispatch, api, place, context, translated],
  );
  return { copy, paste };
}

/** The target site as a paste resolves against it: its translated locales, collections' and sections' ids, images. */
function knownHere(context: EditorContext): KnownHere {
  const ids: KnownHere["ids"] = Object.fromEntries(
    Object.entries(context.collections as Record<string, unknown[]>).map(([name, items]) => [name, new Set(items.map((item) => String((item as Record<string, unknown>)[idField(name as CollectionName)])))]),
  );
  ids[SECTIONS] = new Set(context.sections.map((s) => s.id));
  return { locales: context.locales.slice(1).map((l) => l.code), ids, media: context.media && new Map(context.media.map(({ id, alt }) => [id, alt === undefined ? {} : { alt }])) };
}

const missingWords = (missing: MissingReference) =>
  missing.kind === "image" ? words.missingImage(missing.id) : missing.collection === SECTIONS ? words.missingSection(missing.id) : words.missingItem(fieldLabel(missing.collection), missing.id);
