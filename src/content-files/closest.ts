/** Suggestions for a mistyped name: a path of the site, a section's id. */

/** The known word closest to a mistyped one, when it is close enough to be what was meant. */
export function closest(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best && bestDistance <= Math.max(3, word.length / 3) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

