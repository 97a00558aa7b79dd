/** mapAtOnce: never more than its limit running, results in the items' order whatever finishes first. */
import { mapAtOnce } from "../../src/runtime/at-once.ts";

it("runs at most `limit` at once and keeps the items' order", async () => {
  let running = 0;
  let most = 0;
  const results = await mapAtOnce([30, 5, 20, 1, 10], 2, async (ms) => {
    most = Math.max(most, ++running);
    await new Promise((r) => setTimeout(r, ms));
    running--;
    return ms * 2;
  });
  expect(results).toEqual([60, 10, 40, 2, 20]);
  expect(most).toBe(2);
  expect(await mapAtOnce([], 4, async () => 1)).toEqual([]);
});
