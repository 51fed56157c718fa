// CSV in both directions. Writing: one writer for every CSV file the project writes (the exports, client/<game>/
// export.ts, and the class sheet's list), csv-stringify with the rule below, so that anyone rebuilding a file from the
// chain gets the same bytes (docs/class.md, "Exports", says it in words):
//   - RFC 4180 quoting: a field holding a comma, a double quote, a carriage return or a line feed is quoted (its
//     quotes doubled); so is one holding a semicolon or a tab, which some spreadsheets split on;
//   - formula neutralising (OWASP's "CSV Injection"): a text cell starting with =, +, -, @, a tab, a carriage return
//     or their full-width forms (＝ ＋ － ＠) gets a leading apostrophe, so a spreadsheet shows it as text and never
//     runs it; numeric cells (numbers, bigints) are written as numbers, a negative one with its minus sign;
//   - a header line in the columns' fixed order, `\n` after every line (the last one too), numbers and bigints as plain
//     decimal strings, booleans as `true` / `false`, null and undefined as an empty field; rows keep the order they
//     are given in (callers sort them).
// Reading is in csv-read.ts (re-exported here), apart from the writer: pages that only read (the session's seat list)
// do not carry the CSV library in their bundle.
import { stringify, type Options } from "csv-stringify/sync";

export { csvFields, parseCsv } from "./csv-read";

/** A cell's value before it is written. */
export type Cell = string | number | bigint | boolean | null | undefined;

/** The text of one cell (unquoted, before the formula rule). Numbers must be finite: NaN and Infinity are a caller's
 *  bug. */
export function cellText(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`a CSV cell cannot hold ${value}`);
    // Integers in full (no exponent); fractions as JavaScript prints them shortest.
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  return value;
}

/** csv-stringify's settings for the rule above (its `escape_formulas` leaves numeric cells alone). */
const WRITER: Options = {
  escape_formulas: true,
  quoted_match: /[;\t]/,
  record_delimiter: "unix",
  // A carriage return or line feed anywhere in a field is quoted, whatever the line end.
  quote_record_delimiter: true,
  eof: true,
  cast: { number: cellText, bigint: cellText, boolean: cellText },
};

/** Lines of cells as CSV text, every line ended with `\n`. */
function writeLines(lines: readonly (readonly Cell[])[]): string {
  return lines.length === 0 ? "" : stringify(lines as Cell[][], WRITER);
}

/** A field as the writer writes it (quoted when needed, a formula-leading text neutralised). */
export function csvField(value: Cell): string {
  return csvLine([value]);
}

/** One CSV line (no line end). */
export function csvLine(values: readonly Cell[]): string {
  return writeLines([values]).slice(0, -1);
}

/**
 * A whole CSV file: the header (`columns`, in this order), then one line per row with the row's values in the same
 * order (a key the row lacks is an empty field). Every line ends with `\n`.
 */
export function toCsv<K extends string>(columns: readonly K[], rows: readonly Partial<Record<K, Cell>>[]): string {
  return writeLines([columns, ...rows.map((row) => columns.map((c) => row[c]))]);
}

/** JSON as the exports write it: two-space indentation, bigints as decimal strings, a final `\n`. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2) + "\n";
}
