/**
 * How many guesses a password would take an attacker who tries common passwords first with the
 * usual changes, after zxcvbn's model (Wheeler, USENIX Security 2016): the password is read as the
 * sequence of pieces that is cheapest to guess, each piece a word of the zxcvbn project's lists
 * (@zxcvbn-ts/language-common: 49,000 passwords from leaked sets and the 7,776 diceware words)
 * in any case and with l33t letters, a year, a run like "12345" or "cba", one piece repeated, or
 * else any characters at 10 guesses each. "password12345" is a common password and a run: a few
 * thousand guesses. Only the estimator of @zxcvbn-ts/core is missing from the project's
 * dependencies; this is the part of it the studio needs, offline and with the same lists.
 */
import { dictionary } from "@zxcvbn-ts/language-common";

/** zxcvbn's scores: 0 below 10^3 guesses, 1 below 10^6, 2 below 10^8, 3 below 10^10, 4 above. */
const SCORE_LIMITS = [3, 6, 8, 10];
/** An unmatched character costs 10 guesses (zxcvbn's BRUTEFORCE_CARDINALITY). */
const BRUTEFORCE = 10;
/** A piece that is not the whole password costs at least this much (zxcvbn's MIN_SUBMATCH_GUESSES). */
const MIN_PIECE = { single: 10, multi: 50 };
/** Each extra piece adds at least this factor (zxcvbn's MIN_GUESSES_BEFORE_GROWING_SEQUENCE). */
const PER_PIECE = 10_000;
/** A diceware word is one of 6^5 equally likely words (zxcvbn-ts's rating of that list). */
const DICEWARE = 7776 / 2;
const REFERENCE_YEAR = 2026;

/** Each word's guesses: its rank in the passwords list, or a diceware word's flat rate. */
const RANKS = new Map<string, number>();
dictionary["diceware-common"].forEach((word) => RANKS.set(word.toLowerCase(), DICEWARE));
dictionary["passwords-common"].forEach((word, i) => {
  const key = word.toLowerCase();
  RANKS.set(key, Math.min(RANKS.get(key) ?? Infinity, i + 1));
});
const LONGEST_WORD = Math.max(...[...RANKS.keys()].map((word) => [...word].length));
const L33T: Record<string, string> = { "4": "a", "@": "a", "8": "b", "(": "c", "3": "e", "6": "g", "1": "i", "!": "i", "|": "l", "0": "o", "$": "s", "5": "s", "7": "t", "+": "t", "2": "z" };

/** A piece of the password, chars [start, end), and log10 of its guesses. */
interface Piece { start: number; end: number; log: number }

const log10 = Math.log10;
const binomial = (n: number, k: number) => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};

/** Capitals anywhere but first, last or everywhere multiply the guesses (zxcvbn's uppercase variations). */
function caseVariations(token: string): number {
  if (token === token.toLowerCase()) return 1;
  if (/^[A-Z][^A-Z]+$/.test(token) || /^[^A-Z]+[A-Z]$/.test(token) || token === token.toUpperCase()) return 2;
  const upper = [...token].filter((c) => c !== c.toLowerCase()).length;
  const lower = [...token].filter((c) => c !== c.toUpperCase()).length;
  let sum = 0;
  for (let i = 1; i <= Math.min(upper, lower); i++) sum += binomial(upper + lower, i);
  return sum;
}

function dictionaryPieces(chars: string[]): Piece[] {
  const pieces: Piece[] = [];
  for (let start = 0; start < chars.length; start++) {
    for (let end = start + 1; end <= Math.min(chars.length, start + LONGEST_WORD); end++) {
      const token = chars.slice(start, end).join("");
      const lower = token.toLowerCase();
      const plain = RANKS.get(lower);
      if (plain !== undefined) pieces.push({ start, end, log: log10(plain * caseVariations(token)) });
      const unl33t = [...lower].map((c) => L33T[c] ?? c).join("");
      const swapped = [...lower].filter((c) => c in L33T).length;
      const rank = unl33t === lower ? undefined : RANKS.get(unl33t);
      if (rank !== undefined) pieces.push({ start, end, log: log10(rank * caseVariations(token) * 2 ** swapped) });
    }
  }
  return pieces;
}

/** Runs with a constant step ("12345", "cba", "2468"), and recent years. */
function patternPieces(chars: string[]): Piece[] {
  const pieces: Piece[] = [];
  const codes = chars.map((c) => c.codePointAt(0)!);
  for (let start = 0; start < chars.length - 2; ) {
    const step = codes[start + 1]! - codes[start]!;
    let end = start + 2;
    while (end < chars.length && codes[end]! - codes[end - 1]! === step) end++;
    if (step !== 0 && Math.abs(step) <= 5 && end - start >= 3) {
      const first = chars[start]!;
      const base = /[aAzZ019]/.test(first) ? 4 : /\d/.test(first) ? 10 : 26;
      pieces.push({ start, end, log: log10(base * (end - start) * (step < 0 ? 2 : 1)) });
    }
    start = end - 1;
  }
  const text = chars.join("");
  for (const year of text.matchAll(/(?:19|20)\d\d/g)) {
    const start = [...text.slice(0, year.index)].length;
    pieces.push({ start, end: start + 4, log: log10(Math.max(Math.abs(Number(year[0]) - REFERENCE_YEAR), 20)) });
  }
  return pieces;
}

/**
 * One piece said again and again ("abcabcabc", "🙂🙂🙂"): the piece's guesses times the count,
 * read left to right as zxcvbn does, taking the longer of the greedy and the lazy reading.
 */
function repeatPieces(chars: string[], estimated: Map<string, number>): Piece[] {
  const text = chars.join("");
  const greedy = /(.+)\1+/gu;
  const lazy = /(.+?)\1+/gu;
  const pieces: Piece[] = [];
  for (let from = 0; from < text.length; ) {
    greedy.lastIndex = lazy.lastIndex = from;
    const long = greedy.exec(text);
    const short = lazy.exec(text);
    if (!long || !short) break;
    const match = long[0].length > short[0].length ? long : short;
    const unit = /^(.+?)\1+$/u.exec(match[0])![1]!;
    const start = [...text.slice(0, match.index)].length;
    const size = [...match[0]].length;
    pieces.push({ start, end: start + size, log: log10Guesses([...unit], estimated) + log10(size / [...unit].length) });
    from = match.index + match[0].length;
  }
  return pieces;
}

/**
 * log10 of the guesses for the cheapest reading of the password (zxcvbn's most guessable
 * sequence). `estimated` holds the repeated pieces already read, for this one password only.
 */
function log10Guesses(chars: string[], estimated = new Map<string, number>()): number {
  const n = chars.length;
  if (n === 0) return 0;
  const key = chars.join("");
  const known = estimated.get(key);
  if (known !== undefined) return known;
  const pieces = [...dictionaryPieces(chars), ...patternPieces(chars), ...(n > 1 ? repeatPieces(chars, estimated) : [])];
  for (let start = 0; start < n; start++) for (let end = start + 1; end <= n; end++) pieces.push({ start, end, log: (end - start) * log10(BRUTEFORCE) });
  const byEnd: Piece[][] = Array.from({ length: n + 1 }, () => []);
  for (const piece of pieces) {
    const floor = piece.end - piece.start === n ? 0 : log10(piece.end - piece.start === 1 ? MIN_PIECE.single : MIN_PIECE.multi);
    byEnd[piece.end]!.push({ ...piece, log: Math.max(piece.log, floor) });
  }
  // best[end][count]: the smallest log10 of the product of `count` pieces' guesses covering [0, end).
  const best: number[][] = Array.from({ length: n + 1 }, () => []);
  best[0]![0] = 0;
  for (let end = 1; end <= n; end++) {
    for (const piece of byEnd[end]!) {
      best[piece.start]!.forEach((log, count) => {
        if (log === undefined) return;
        const total = log + piece.log;
        if (!(total >= best[end]![count + 1]!)) best[end]![count + 1] = total;
      });
    }
  }
  // guesses = count! · product + PER_PIECE^(count - 1), in logs.
  let least = Infinity;
  best[n]!.forEach((log, count) => {
    if (log === undefined) return;
    let a = log;
    for (let i = 2; i <= count; i++) a += log10(i);
    const b = (count - 1) * log10(PER_PIECE);
    least = Math.min(least, Math.max(a, b) + log10(1 + 10 ** (Math.min(a, b) - Math.max(a, b))));
  });
  estimated.set(key, least);
  return least;
}

/** zxcvbn's score of a password, 0 (guessed at once) to 4 (very hard to guess). */
export function passwordScore(password: string): number {
  const log = log10Guesses([...password]);
  return SCORE_LIMITS.filter((limit) => log >= limit).length;
}
