/**
 * Copy and Paste of a page's blocks through the system clipboard (../document/clipboard.ts
 * says what is written and what is accepted), told to the marketer in a toast.
 */
import { type Dispatch, useCallback } from "react";
import { notify } from "../../ui/toaster.ts";
import { copyText, readPasted } from "../document/clipboard.ts";
import { entryName } from "../document/places.ts";
import type { EditorAction } from "../document/reducer.ts";
import { texts } from "../texts.ts";

const words = texts.notices;

/** `page`: the open page's name, which the copy carries; `insertAt`: where pasted blocks go. */
export function useBlockClipboard(page: string, blocks: readonly unknown[], insertAt: number, dispatch: Dispatch<EditorAction>) {
  const copy = useCallback(
    (index: number) => {
      navigator.clipboard.writeText(copyText([blocks[index]], page)).then(
        () => notify("success", words.copied.title, words.copied.text(entryName(blocks, index, "blocks"))),
        () => notify("error", words.copyRefused.title, words.copyRefused.text),
      );
    },
    [blocks, page],
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
      const pasted = await readPasted(text, taken);
      if (!pasted.ok) return notify("error", pasted.error.title, pasted.error.message);
      dispatch({ type: "paste", index: insertAt, entries: pasted.blocks });
      notify("success", words.pasted.title, words.pasted.text(pasted.blocks.length, pasted.from));
    },
    [blocks, insertAt, dispatch],
  );
  return { copy, paste };
}
