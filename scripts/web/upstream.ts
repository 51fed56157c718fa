// The gateway's JSON-RPC requests to the node on loopback (the phones' calls it forwards, the clock's polls): plain
// http.request on kept-alive sockets. Node's fetch (a Request, web streams and an AbortSignal per call) was about a
// tenth of the gateway's CPU in a 200-player class.
import http from "node:http";
import { RpcError } from "./stack";

/** The phones' calls: at most 64 at once on the node's port (the per-device limits keep the rest waiting). */
const phones = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** The gateway's own reads (the clock's polls, the head for log ranges): never queued behind the phones'. */
const own = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** How long the gateway's own reads wait for the node before they fail (and the clock says the node is not answering). */
export const OWN_TIMEOUT_MS = 10_000;

/**
 * POSTs `body` (JSON text) to `url` and parses the answer as JSON, whatever its status (as the node answers). Fails
 * with a sentence when the socket is idle for `timeoutMs` (a node that took the request and never answers), and
 * when the connection breaks or the answer is not JSON.
 */
export function postJson(url: string, body: string, timeoutMs: number, agent: http.Agent = phones): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("close", () => {
          if (!res.complete) reject(new Error("the connection broke mid-answer"));
        });
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** One of the gateway's own JSON-RPC calls to the node at `url` (its own sockets, {@link OWN_TIMEOUT_MS}); an error
 * answer throws RpcError. */
export async function nodeRpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const body = (await postJson(
    url,
    JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    OWN_TIMEOUT_MS,
    own,
  )) as {
    result?: T;
    error?: { message: string; data?: unknown };
  };
  if (body.error) throw new RpcError(method, body.error.message, body.error.data);
  return body.result as T;
}
