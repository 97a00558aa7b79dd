/**
 * How hard a new password is to guess: zxcvbn's estimate (Wheeler, USENIX Security 2016), the
 * guesses of an attacker who tries leaked passwords first with the usual changes, read as the
 * cheapest sequence of pieces (listed words in any case or l33t, years, runs like "12345",
 * keyboard patterns, repeats). @zxcvbn-ts/core with the common lists (49,000 leaked passwords,
 * the diceware words). Made on first use: the lists cost start-up time nothing else needs.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

let estimator: ZxcvbnFactory | undefined;

/** zxcvbn's score: 0 below 10^3 guesses, 1 below 10^6, 2 below 10^8, 3 below 10^10, 4 above. */
export function passwordScore(password: string, userInputs: string[] = []): number {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator.check(password, userInputs).score;
}
