// The gateway's JSON-RPC requests to the node on loopback (the phones' calls it forwards, the clock's polls): plain
// http.request on kept-alive sockets. Node's fetch (a Request, web streams and an AbortSignal per call) was about a
// tenth of the gateway's CPU in a 200-player class.
import http from "node:http";
import { RpcError } from "./stack";

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs `body` (JSON text) to `url` and parses the answer as JSON, whatever its status (as the node answers). */
export function postJson(url: string, body: string): Promise<unknown> {
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
        res.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** One JSON-RPC call to the node at `url` (stack.ts rpc, on kept-alive sockets); an error answer throws RpcError. */
export async function nodeRpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const body = (await postJson(url, JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }))) as {
    result?: T;
    error?: { message: string; data?: unknown };
  };
  if (body.error) throw new RpcError(method, body.error.message, body.error.data);
  return body.result as T;
}
