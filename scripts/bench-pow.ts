/**
 * npm run bench:pow — what a form's proof of work (docs/forms.md) costs a phone: the page's own
 * solver (src/forms/proof-of-work.ts) in real Chromium at 4x CPU throttling (devtools', over
 * CDP), solving challenges the server's code makes (altcha-lib, at POW_MAX_NUMBER). A report,
 * not a test. Prints the median of the runs for random challenges (what a visitor meets) and
 * for the worst case (the number at maxnumber). Needs no build: a blank page on localhost
 * (crypto.subtle wants a secure context) and the solver bundled by esbuild.
 *
 *   --runs N       runs (default 5)
 *   CHROME_PATH (default /usr/bin/chromium)
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium } from "@playwright/test";
import { createChallenge } from "altcha-lib/v1";
import { build } from "esbuild";
import { POW_MAX_NUMBER } from "../server/plugins/form-pow.ts";
import type { PowChallenge } from "../src/forms/proof-of-work.ts";
import { CHROME_ARGS, CHROME_PATH } from "./lib/chrome.ts";
import { median } from "./lib/median.ts";

const args = process.argv.slice(2);
const runs = args.includes("--runs") ? Number(args[args.indexOf("--runs") + 1]) || 5 : 5;

const bundle = await build({
  entryPoints: [path.resolve(import.meta.dirname, "../src/forms/proof-of-work.ts")],
  bundle: true,
  write: false,
  format: "iife",
  globalName: "pow",
  target: "es2022",
});
const solver = bundle.outputFiles[0]!.text;
const server = createServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>pow</title>"));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });

/** Milliseconds the page takes to solve each challenge, throttled like a phone. */
async function solveTimes(challenges: PowChallenge[]): Promise<number[]> {
  const times: number[] = [];
  for (const challenge of challenges) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(origin);
    await page.addScriptTag({ content: solver });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    times.push(
      await page.evaluate(async (c) => {
        const { solvePow } = (window as unknown as { pow: typeof import("../src/forms/proof-of-work.ts") }).pow;
        const started = performance.now();
        if ((await solvePow(c)) === undefined) throw new Error("not solved");
        return Math.round(performance.now() - started);
      }, challenge),
    );
    await context.close();
  }
  return times;
}

const challengeWith = async (number?: number): Promise<PowChallenge> => {
  const c = await createChallenge({ hmacKey: "bench", maxNumber: POW_MAX_NUMBER, number });
  return { algorithm: "SHA-256", challenge: c.challenge, maxnumber: POW_MAX_NUMBER, salt: c.salt, signature: c.signature };
};

try {
  const random = await solveTimes(await Promise.all(Array.from({ length: runs }, () => challengeWith())));
  const worst = await solveTimes(await Promise.all(Array.from({ length: runs }, () => challengeWith(POW_MAX_NUMBER))));
  console.log(`proof of work at maxnumber ${POW_MAX_NUMBER}, Chromium at 4x CPU throttling, ${runs} runs`);
  console.log(`  random challenge (what a visitor meets): median ${median(random)} ms  [${random.join(", ")}]`);
  console.log(`  worst case (number = maxnumber):         median ${median(worst)} ms  [${worst.join(", ")}]`);
} finally {
  await browser.close();
  server.close();
}
