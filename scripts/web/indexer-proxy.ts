// The gateway's way to the indexer (/indexer/*), pinned. A request names one of the few reads the app makes, and the
// gateway builds the indexer's path itself from that name: the request's path is matched as received (no decoding, no
// URL joining), so `//host`, `http://host`, `%2f`, `\`, `@` or `..` can only miss, never lead anywhere else. Forwarded:
//   GET /indexer/sql/db?sql=…                      SQL reads (@ponder/client; judged by indexer/src/api/sql-gate.ts)
//   GET /indexer/status, /indexer/ready            how far the indexer has read
//   GET /indexer/export/<game>/<id>/<file>         the exports (client/common/export.ts EXPORTS)
// (HEAD too). Everything else is a 404 with a sentence: live queries (the app reads once per block, told by /heads),
// GraphQL and GraphiQL, /metrics and /health stay on the laptop, at the indexer's own loopback address. Only the
// indexer's content headers come back (none of its CORS headers: no other site's page may read through the gateway).
import http from "node:http";
import { EXPORTS } from "../../client/common/export";
import type { IndexerAnswer } from "./read-cache";

/** Where a request under /indexer goes: the indexer's path, or why nowhere. */
export type IndexerRoute =
  | { ok: true; path: string; /** a SQL read (answered through the read cache) */ read: boolean }
  | { ok: false; status: number; message: string };

const FORWARDED =
  "the gateway forwards the indexer's SQL reads (/indexer/sql/db?sql=…), /indexer/status, /indexer/ready and the " +
  "exports (/indexer/export/<game>/<id>/<file>)";

/**
 * The exports' paths: `export/<route>/<id>/<file>` with a known route (EXPORTS) and two plain segments (letters,
 * digits, `.`, `_`, `-`; not starting with a dot): the indexer answers an unknown id or file with its own sentence.
 */
const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}";
const EXPORT_PATH = new RegExp(
  `^export/(${Object.values(EXPORTS)
    .map((e) => e.route)
    .join("|")})/${SEGMENT}/${SEGMENT}$`,
);

/** Paths the laptop reaches at the indexer's own address, with why they are not served here. */
const LAPTOP_ONLY: Record<string, string> = {
  "sql/live":
    "live queries are not served through the gateway: pages read once per block, when the gateway's /heads clock " +
    "says the indexer has indexed one",
  graphql:
    "GraphQL (and GraphiQL) is not served through the gateway: on the laptop, open the indexer's own address " +
    "(npm run web prints it)",
  "": "GraphQL (and GraphiQL) is not served through the gateway: on the laptop, open the indexer's own address",
  metrics: "the indexer's metrics are for the laptop: open the indexer's own address there",
  health: "the indexer's health check is for the laptop: ask /indexer/ready here",
};

/**
 * The indexer path for request target `rawUrl` (as received: `/indexer/…?…`), or a refusal with its status and
 * sentence. Pure: the whole of what a request can make the gateway ask the indexer.
 */
export function indexerRoute(method: string, rawUrl: string): IndexerRoute {
  if (method !== "GET" && method !== "HEAD")
    return { ok: false, status: 405, message: "the indexer is read through the gateway with GET (or HEAD) only" };
  const q = rawUrl.indexOf("?");
  const pathPart = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const search = q < 0 ? "" : rawUrl.slice(q + 1);
  if (!pathPart.startsWith("/indexer/"))
    return { ok: false, status: 404, message: `nothing at this address: ${FORWARDED}` };
  const rest = pathPart.slice("/indexer/".length);
  if (rest === "sql/db") {
    const params = new URLSearchParams(search);
    const keys = [...params.keys()];
    const sql = params.get("sql");
    if (keys.length !== 1 || !sql)
      return { ok: false, status: 400, message: "an indexer read is /indexer/sql/db?sql=<query>: one parameter, sql" };
    return { ok: true, path: `/sql/db?sql=${encodeURIComponent(sql)}`, read: method === "GET" };
  }
  if (rest === "status" || rest === "ready") return { ok: true, path: `/${rest}`, read: false };
  if (EXPORT_PATH.test(rest)) return { ok: true, path: `/${rest}`, read: false };
  if (rest.startsWith("export/")) return { ok: false, status: 404, message: `no such export: ${FORWARDED}` };
  const laptop = LAPTOP_ONLY[rest.replace(/\/$/, "")];
  return { ok: false, status: 404, message: laptop ?? `nothing at this address: ${FORWARDED}` };
}

/** The indexer's response headers that pass back to the page: what a download or a JSON read needs, nothing more. */
const PASSED_BACK = ["content-type", "content-length", "content-disposition", "cache-control", "etag", "retry-after"];

export function passedBack(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const name of PASSED_BACK) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}

/** A request to the indexer at `origin` (its own URL, fixed when the gateway starts) for a routed `path`. */
export function indexerRequest(
  origin: URL,
  path: string,
  method: string,
  timeoutMs: number,
  onResponse: (res: http.IncomingMessage) => void,
): http.ClientRequest {
  const upstream = http.request(
    {
      protocol: "http:",
      hostname: origin.hostname,
      port: origin.port,
      path: origin.pathname.replace(/\/$/, "") + path,
      method,
      headers: { accept: "application/json, text/plain, */*" },
    },
    onResponse,
  );
  upstream.on("socket", (s) => s.setNoDelay(true));
  upstream.setTimeout(timeoutMs, () =>
    upstream.destroy(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`)),
  );
  return upstream;
}

/** One GET of the indexer, buffered (a SQL read's answer is small). */
export function readIndexer(origin: URL, path: string, timeoutMs: number): Promise<IndexerAnswer> {
  return new Promise((resolve, reject) => {
    const upstream = indexerRequest(origin, path, "GET", timeoutMs, (up) => {
      const chunks: Buffer[] = [];
      up.on("data", (c: Buffer) => chunks.push(c));
      up.on("end", () =>
        resolve({ status: up.statusCode ?? 502, headers: passedBack(up.headers), body: Buffer.concat(chunks) }),
      );
      up.on("error", reject);
    });
    upstream.on("error", reject);
    upstream.end();
  });
}
