/** The project's own content, read and checked: what a content test changes a copy of (withFile). */
import { checkSite, type SiteCheck } from "../../src/runtime/content/check.ts";
import { readContent, type ContentFiles } from "../../src/runtime/content/read.ts";

export async function realSite(): Promise<{ files: ContentFiles; checked: SiteCheck }> {
  const files = await readContent(process.cwd());
  const checked = await checkSite(files);
  expect(checked.errors).toEqual([]);
  return { files, checked };
}
