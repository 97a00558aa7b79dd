/** The CSV every export writes: submissions' (./submissions.ts exportCsv), the studio's audit log (server/studio/audit.ts) and analytics (./analytics-export.ts), the commands', the studio's and local mode's alike. */

/**
 * RFC 4180 CSV that stays text in every spreadsheet, after a byte-order mark (CSV_BOM). A cell is quoted when it holds a quote,
 * a comma, a semicolon (the separator in many European locales), a tab or a line break, or
 * starts or ends with a space. A cell a spreadsheet would run as a formula (starting with =,
 * +, -, @, a tab or a carriage return, also after leading spaces) is prefixed with ' (OWASP's
 * CSV injection advice).
 */
export function toCsv(rows: Record<string, string>[], columns: string[]): string {
  return csvHeader(columns) + rows.map((row) => csvLine(columns.map((c) => row[c] ?? ""))).join("");
}

/**
 * The byte-order mark every export starts with: Excel reads a CSV as UTF-8 only with one (else
 * Devanagari and ₹ show as mojibake); other spreadsheets and CSV readers skip it.
 */
export const CSV_BOM = "\uFEFF";

/** How every CSV export starts: the byte-order mark, then the header line. */
export const csvHeader = (columns: readonly string[]) => CSV_BOM + csvLine(columns);

/** One CSV record, its line break included: for exports written a page at a time. */
export function csvLine(values: readonly string[]): string {
  const cell = (value: string) => {
    const safe = /^[\t\r]|^\s*[=+\-@]/.test(value) ? `'${value}` : value;
    return /[",;\t\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return values.map(cell).join(",") + "\r\n";
}

/**
 * An export as text, a piece at a time (a long one is never held whole): CSV, its header then
 * a line a row, or a JSON array, a row a line.
 */
export async function* exportPieces<T>(rows: AsyncIterable<T> | Iterable<T>, format: "csv" | "json", csv: { columns: readonly string[]; values: (row: T) => string[] }): AsyncGenerator<string> {
  if (format === "csv") {
    yield csvHeader(csv.columns);
    for await (const row of rows) yield csvLine(csv.values(row));
    return;
  }
  let first = true;
  yield "[";
  for await (const row of rows) {
    yield `${first ? "\n" : ",\n"}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}
