/**
 * Publishing never stops (issue 36): one studio server, never restarted, publishes twelve times.
 * Every publish makes a release and pruning keeps three, so the release the server started
 * from (whose code it keeps importing lazily) and the one its rebuild worker runs are gone from
 * the newest three after the fourth: they must stay on disk while those processes live. The
 * fourth, tenth and twelfth publish are made in the editor as a person makes them, the others
 * over the API as the editor sends them, each waited for until the public page serves it; then
 * a preview link still renders. The long version (200 publishes and reverts, memory and disk
 * reported, two hosts too) is `npm run soak:publish`. Twelve is four times the releases kept,
 * and keeps this one inside the default suite's time.
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { versionOf } from "../../src/editor/server/store.ts";
import { ignoreConsoleErrors, test } from "./studio-server.ts";
import { checked, expect, fields, opened, sharedPreview, signedInEditor, signedOutAtFirst, status } from "./studio-editing.ts";

test.describe.configure({ timeout: 420_000 });
test.use({ publishing: true });

// A page no other studio spec opens: the worker's server is shared, and another spec counts who is editing /about.
const FILE = "content/pages/seo-services.json";
const PAGE = "/services/seo-services";
const PUBLISHES = 12;
const IN_THE_EDITOR = new Set([4, 10, PUBLISHES]);

test("twelve publishes on one server, never restarted: each is live, the fourth, tenth and twelfth made in the editor, and a preview link renders after them", async ({ page, browser, studio, consoleErrors }) => {
  const root = studio.contentRoot!;
  // The release the server started from (studio-server.ts copies this worktree's under its own
  // name): its code, server.js and the chunks it imports lazily, is there. The worker's server may
  // have published for other tests before this one.
  const started = path.basename(realpathSync("build"));
  await signedInEditor(page, studio, "Meera", "editor", "?page=seo-services");
  const { csrfToken } = (await (await page.request.get(`${studio.url}/api/studio/me`)).json()) as { csrfToken: string };
  const served = (text: string) =>
    expect.poll(async () => (await (await page.request.get(studio.url + PAGE, { headers: { "cache-control": "no-cache" } })).text()).includes(text), { timeout: 60_000, intervals: [200] }).toBe(true);

  for (let i = 1; i <= PUBLISHES; i++) {
    if (IN_THE_EDITOR.has(i)) {
      // The editor opened afresh: the API's publishes since are its starting point.
      await page.goto(`${studio.url}/admin/pages?page=seo-services`);
      await opened(page);
      await fields(page).getByLabel("Title", { exact: true }).fill(`Engineers, take ${i}`);
      await checked(page);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await page.getByTestId("publish-confirm").getByRole("button", { name: "Publish now" }).click();
      await expect(status(page)).toHaveText("No unpublished changes");
      await served(`>Engineers, take ${i}</h1>`);
      continue;
    }
    const text = readFileSync(path.join(root, FILE), "utf8");
    const data = JSON.parse(text) as { meta: { title: string } };
    data.meta.title = `SEO, take ${i}`;
    const answer = await page.request.post(`${studio.url}/api/studio/publish`, { headers: { "x-csrf-token": csrfToken, origin: studio.url }, data: { file: FILE, base: versionOf(text), data } });
    expect(answer.status(), `publish ${i}: ${await answer.text()}`).toBe(200);
    await served(`<title>SEO, take ${i} |`);
  }

  // Pruning kept up: the newest three and those a running process loaded code from, the
  // server's own among them, whole.
  const releases = readdirSync(path.join(root, "build-releases")).filter((name) => !name.startsWith("."));
  expect(releases.length).toBeLessThanOrEqual(6);
  expect(releases).toContain(started);

  // A preview link after them all renders the draft, and shows no server path.
  await fields(page).getByLabel("Title", { exact: true }).fill("A draft after twelve publishes");
  await checked(page);
  const { stranger, visitor } = await sharedPreview(page, browser, studio);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("A draft after twelve publishes");
  expect(await visitor.content()).not.toContain(root);
  await stranger.close();
  ignoreConsoleErrors(consoleErrors, signedOutAtFirst);
});
