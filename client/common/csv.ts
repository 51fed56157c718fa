// CSV in both directions. Writing (the exports, client/<game>/export.ts): RFC 4180 quoting (a field holding a
// comma, a double quote, a carriage return or a line feed is quoted, its quotes doubled), a header line in the
// columns' fixed order, `\n` after every line (the last one too), numbers and bigints as plain decimal strings,
// booleans as `true` / `false`, null and undefined as an empty field; rows keep the order they are given in (callers
// sort them). Reading: whole files as written here (parseCsv), and a line of a sheet as a teacher's spreadsheet may
// save it (csvFields: comma, semicolon or tab; shared by the class sheet page and the session task).

/** A cell's value before it is written. */
export type Cell = string | number | bigint | boolean | null | undefined;

/** The text of one cell (unquoted). Numbers must be finite: NaN and Infinity are a caller's bug. */
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

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote, CR or LF (quotes doubled). */
export function csvField(value: Cell): string {
  const text = cellText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (no line end). */
export function csvLine(values: readonly Cell[]): string {
  return values.map(csvField).join(",");
}

/**
 * A whole CSV file: the header (`columns`, in this order), then one line per row with the row's values in the same
 * order (a key the row lacks is an empty field). Every line ends with `\n`.
 */
export function toCsv<K extends string>(columns: readonly K[], rows: readonly Partial<Record<K, Cell>>[]): string {
  const lines = [csvLine(columns), ...rows.map((row) => csvLine(columns.map((c) => row[c])))];
  return lines.join("\n") + "\n";
}

/** Reads a CSV file written by {@link toCsv} (or any RFC 4180 text) back into lines of fields (tests, checks). */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || (ch === "\r" && text[i + 1] === "\n")) {
      if (ch === "\r") i++;
      row.push(field);
      out.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    out.push(row);
  }
  return out;
}

/** JSON as the exports write it: two-space indentation, bigints as decimal strings, a final `\n`. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2) + "\n";
}

/** Splits one CSV line (RFC 4180 quotes: "a, b" and "say ""hi"""). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (ch === "," || ch === ";" || ch === "\t") {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out.map((f) => f.trim());
}
