// Hash routing, so the static bundle works from any folder or file server: `#/<section>/<part>/<part>?k=v`.
// Each game owns its section (`hex`, `snatch`, `catamm`) and parses its own parts.

export interface Route {
  /** First path segment ("" for the home page). */
  section: string;
  /** The remaining segments, decoded. */
  parts: string[];
  query: URLSearchParams;
}

/** Parses `#/hex/3/17?x=1` (with or without `#`, leading or trailing slashes). */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, "");
  const [pathPart, queryPart = ""] = raw.split("?", 2);
  const segments = pathPart
    .split("/")
    .filter((s) => s !== "")
    .map((s) => decodeURIComponent(s));
  return { section: segments[0] ?? "", parts: segments.slice(1), query: new URLSearchParams(queryPart) };
}

/** The hash for a route: `href("hex", 3, 17)` → `#/hex/3/17`. */
export function href(section: string, ...parts: (string | number | bigint)[]): string {
  const segments = [section, ...parts.map((p) => encodeURIComponent(String(p)))].filter((s) => s !== "");
  return `#/${segments.join("/")}`;
}

/** A decimal id segment (game ids, position ids), or undefined when the segment is absent or not an id. */
export function idPart(part: string | undefined): bigint | undefined {
  return part !== undefined && /^\d{1,77}$/.test(part) ? BigInt(part) : undefined;
}
