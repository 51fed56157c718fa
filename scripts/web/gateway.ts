// The class stack's gateway: one HTTP server, one origin, for the laptop and the room's phones alike.
//   /            the built app (web/dist); index.html carries the runtime config (window.__STACK__) so that one
//                bundle works on the laptop and from a phone, on whatever address the stack was started on
//   /stack.json  the runtime config: chain id, rpc and indexer paths, faucet, block time, whether the caller is the host
//   /rpc         a same-origin JSON-RPC proxy to the node with an allowlist (scripts/web/rpc-policy.ts): the host
//                (loopback) reaches everything, the phones what the app needs; batches checked item by item; request
//                size, batch size, log range and a request rate per client are limited; refusals are JSON-RPC errors
//                with a sentence, and the proxy keeps serving
//   /heads       server-sent events: the node's head and the indexer's indexed block, polled ONCE for every open
//                page (scripts/web/heads.ts): the pages' shared chain clock, no node request of their own when idle
//   /indexer/*   the indexer's reads the app makes (SQL reads, status, exports), pinned to the indexer's own address
//                (scripts/web/indexer-proxy.ts); its SQL reads are answered once per indexed block for all pages
//                (scripts/web/read-cache.ts)
//   /faucet      POST {"address": "0x…"}: play ETH for a burner account (local chains only; scripts/web/faucet.ts)
// No request stops it: whatever a handler throws answers that request with a 500 and the rest go on. Connections are
// capped per device and in total, a refused one answered with a sentence (503). Plain Node http: no framework (Hono
// was weighed: the caps work on sockets, the pinning on the raw path, the proxy is a few lines), no Hardhat import.
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import type stream from "node:stream";
import type { StackConfig } from "../../client/common/stack";
import type { Faucet } from "./faucet";
import {
  BodyTooLarge,
  ConnectionCounter,
  RateLimiter,
  readBody,
  Turns,
  type ConnectionLimit,
  type RateLimit,
} from "./limits";
import { indexerRequest, indexerRoute, passedBack, readIndexer } from "./indexer-proxy";
import {
  isLoopback,
  isRequestObject,
  LOG_RANGE_METHODS,
  logRangeVerdict,
  methodVerdict,
  rawTransactionVerdict,
  rpcError,
  RpcCode,
  type RpcRequest,
} from "./rpc-policy";
import { IndexerReadCache } from "./read-cache";
import { HeadsHub } from "./heads";
import { freePort, rpc } from "./stack";
import { nodeRpc, postJson } from "./upstream";

export type { StackConfig };

export interface GatewayLimits {
  /** Largest request body, bytes (JSON-RPC and indexer requests alike). */
  maxBodyBytes: number;
  /** Most calls in one JSON-RPC batch. */
  maxBatch: number;
  /** Most blocks one eth_getLogs / eth_newFilter may cover (client/logs.ts pages its reads). */
  maxLogRange: number;
  /** Requests per client (each call of a batch counts); the host is exempt unless `limitHost`. */
  rate: RateLimit;
  /** Connections held open at once (streams such as /heads included), per device and for the whole room. */
  connections: ConnectionLimit;
  /** Indexer requests of one device sent at once; its next ones (up to 32) wait their turn, more are refused. */
  indexerPerDevice: number;
  /** How long the indexer or the node may take to answer a page before the page is told it does not (ms). */
  upstreamTimeoutMs: number;
  /** Whether the host (loopback) is limited too (rate and connections). */
  limitHost: boolean;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  maxBodyBytes: 128 * 1024,
  maxBatch: 100,
  maxLogRange: 10_000,
  // A game page makes a few calls per block; a burst covers a page's first load.
  rate: { perSecond: 50, burst: 500 },
  // A phone's browser keeps up to six connections to one origin (and a page or two open): 32 leaves room for that.
  // A room of 200 phones at six each is 1,200.
  connections: { perDevice: 32, total: 2_000 },
  // PGlite answers one query at a time, for everyone; PostgreSQL's read pool has nine connections.
  indexerPerDevice: 4,
  upstreamTimeoutMs: 60_000,
  limitHost: false,
};

export interface GatewayOptions {
  /** The node's JSON-RPC URL (on loopback). */
  nodeUrl: string;
  /** The built app to serve (index.html at its root), if any. */
  appDir?: string;
  /** The indexer's base URL (its HTTP API), if the stack runs one. */
  indexerUrl?: string | null;
  faucet?: Faucet | null;
  /** More accounts no phone may send from or sign an EIP-7702 authorization for (the node's own always count). */
  protect?: readonly string[];
  blockTime?: number | null;
  /** Address to listen on: 127.0.0.1 (default) or 0.0.0.0 for the room's network. */
  bind?: string;
  /** Port (default: a free one). */
  port?: number;
  /** The URL phones open (printed and given in /stack.json). */
  publicUrl?: string | null;
  limits?: Partial<GatewayLimits>;
}

export interface GatewayHandle {
  /** The URL on this machine (http://127.0.0.1:port/). */
  url: string;
  port: number;
  chainId: number;
  config(host: boolean): StackConfig;
  /** The shared chain clock behind /heads (its node requests are counted). */
  heads: HeadsHub;
  /** The indexer's SQL reads, shared per indexed block (read-cache.ts; its hits and misses are counted). */
  reads: IndexerReadCache;
  /** The connections it holds open, by device (the host's are not counted unless limitHost). */
  connections: ConnectionCounter;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Starts the gateway; resolves once it listens. */
export async function startGateway(opts: GatewayOptions): Promise<GatewayHandle> {
  const limits: GatewayLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const limiter = new RateLimiter(limits.rate);
  const chainId = Number(await rpc<string>(opts.nodeUrl, "eth_chainId"));
  // The accounts no phone may act for, even with a signature (rpc-policy.ts rawTransactionVerdict): the node's own
  // (deployer, teacher), the faucet's, and any the caller names.
  const protectedAccounts = new Set(
    [
      ...(await rpc<string[]>(opts.nodeUrl, "eth_accounts").catch(() => [] as string[])),
      ...(opts.faucet ? [opts.faucet.options.from] : []),
      ...(opts.protect ?? []),
    ].map((a) => a.toLowerCase()),
  );
  const appDir = opts.appDir ? path.resolve(opts.appDir) : undefined;
  const indexer = opts.indexerUrl ? new URL(opts.indexerUrl) : null;
  // With blocks mined on a timer (the class stack's one a second) every move waits for the next block: the clock asks
  // every 50 ms (a local node's eth_blockNumber, one poller for all pages) so that pages hear of it that much sooner.
  const heads = new HeadsHub({ nodeUrl: opts.nodeUrl, indexerUrl: indexer, intervalMs: opts.blockTime ? 50 : 150 });
  const reads = new IndexerReadCache(() => heads.indexedNow());

  const config = (host: boolean): StackConfig => ({
    chainId,
    rpc: "/rpc",
    heads: "/heads",
    indexer: indexer ? "/indexer" : null,
    faucet: opts.faucet
      ? {
          path: "/faucet",
          amount: opts.faucet.options.amount.toString(),
          perAddress: opts.faucet.options.perAddress.toString(),
        }
      : null,
    blockTime: opts.blockTime ?? null,
    host,
    url: opts.publicUrl ?? null,
  });

  // The head, for log-range checks: the clock's while it runs (it asks the node every 50 ms on a chain mined by the
  // clock, else every 150 ms), else asked at most every 250 ms.
  let head = { block: 0, at: 0 };
  const headBlock = async () => {
    const live = heads.liveHeadBlock();
    if (live !== null) return live;
    if (Date.now() - head.at > 250)
      head = { block: Number(await nodeRpc<string>(opts.nodeUrl, "eth_blockNumber")), at: Date.now() };
    return head.block;
  };

  /** Whether `client` may spend `cost` requests now; answers 429 itself when not. */
  const admit = (
    res: http.ServerResponse,
    client: string,
    host: boolean,
    cost: number,
    rpcIds?: RpcRequest["id"][],
  ) => {
    if (host && !limits.limitHost) return true;
    if (limiter.take(client, cost)) return true;
    const wait = Math.max(1, limiter.waitSeconds(client, cost));
    const message =
      `too many requests from this device: at most ${limits.rate.perSecond} a second ` +
      `(${limits.rate.burst} at once); try again in ${wait} s`;
    const headers = { "retry-after": String(wait) };
    if (rpcIds) {
      const errors = rpcIds.map((id) => rpcError(id, RpcCode.LimitExceeded, message));
      sendJson(res, 429, errors.length === 1 && rpcIds.length === 1 ? errors[0] : errors, headers);
    } else sendJson(res, 429, { error: message }, headers);
    return false;
  };

  async function handleRpc(req: http.IncomingMessage, res: http.ServerResponse, client: string, host: boolean) {
    if (req.method !== "POST") {
      sendJson(res, 405, rpcError(null, RpcCode.InvalidRequest, "JSON-RPC requests are POSTed to /rpc"), {
        allow: "POST",
      });
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, limits.maxBodyBytes)).toString("utf8"));
    } catch (err) {
      if (err instanceof BodyTooLarge) sendJson(res, 413, rpcError(null, RpcCode.LimitExceeded, err.message));
      else sendJson(res, 400, rpcError(null, RpcCode.ParseError, "the request is not JSON"));
      return;
    }
    const batch = Array.isArray(body);
    const items: unknown[] = batch ? (body as unknown[]) : [body];
    if (items.length === 0) {
      sendJson(res, 400, rpcError(null, RpcCode.InvalidRequest, "an empty batch"));
      return;
    }
    if (items.length > limits.maxBatch) {
      sendJson(
        res,
        413,
        rpcError(
          null,
          RpcCode.LimitExceeded,
          `a batch of ${items.length} calls is over the limit of ${limits.maxBatch}`,
        ),
      );
      return;
    }
    const ids = items.map((item) => (isRequestObject(item) ? item.id : null));
    if (!admit(res, client, host, items.length, ids)) return;

    // Each call on its own: a refusal answers that call only.
    const answers: unknown[] = new Array(items.length);
    const forward: { index: number; request: RpcRequest }[] = [];
    for (const [index, item] of items.entries()) {
      if (!isRequestObject(item)) {
        answers[index] = rpcError(null, RpcCode.InvalidRequest, "a JSON-RPC call must be an object");
        continue;
      }
      let verdict = methodVerdict(item.method, host);
      if (verdict.ok && !host && item.method === "eth_sendRawTransaction") {
        verdict = rawTransactionVerdict(item.params, protectedAccounts);
      } else if (verdict.ok && !host && LOG_RANGE_METHODS.has(String(item.method))) {
        try {
          verdict = logRangeVerdict(String(item.method), item.params, await headBlock(), limits.maxLogRange);
        } catch {
          verdict = { ok: true }; // the node will answer (or not) for itself
        }
      }
      if (!verdict.ok) answers[index] = rpcError(item.id, verdict.code, verdict.message);
      else forward.push({ index, request: item });
    }
    let status = 200;
    if (forward.length > 0) {
      // One upstream batch with ids of our own (the caller's may repeat), mapped back to the caller's.
      const upstream = forward.map((f, k) => ({
        jsonrpc: "2.0",
        id: k,
        method: f.request.method,
        params: f.request.params ?? [],
      }));
      try {
        const results = (await postJson(opts.nodeUrl, JSON.stringify(upstream), limits.upstreamTimeoutMs)) as {
          id: number;
          result?: unknown;
          error?: unknown;
        }[];
        const byId = new Map((Array.isArray(results) ? results : [results]).map((x) => [Number(x.id), x]));
        forward.forEach((f, k) => {
          const x = byId.get(k);
          answers[f.index] = x
            ? {
                jsonrpc: "2.0",
                id: f.request.id ?? null,
                ...("error" in x ? { error: x.error } : { result: x.result }),
              }
            : rpcError(f.request.id, -32603, "the node gave no answer to this call");
        });
      } catch (err) {
        status = 502;
        const message = `the node is not answering (${err instanceof Error ? err.message : String(err)})`;
        for (const f of forward) answers[f.index] = rpcError(f.request.id, -32603, message);
      }
    }
    sendJson(res, status, batch ? answers : answers[0]);
  }

  const indexerTurns = new Turns(limits.indexerPerDevice, 32);

  /** /indexer/*: the few reads the app makes, to the indexer's own address only (indexer-proxy.ts). */
  function proxyIndexer(req: http.IncomingMessage, res: http.ServerResponse, client: string, host: boolean) {
    if (!indexer) {
      sendJson(res, 404, { error: "this stack runs no indexer: the app reads the chain directly" });
      return;
    }
    const route = indexerRoute(req.method ?? "GET", req.url ?? "/");
    if (!route.ok) {
      sendJson(res, route.status, { error: route.message }, route.status === 405 ? { allow: "GET, HEAD" } : {});
      return;
    }
    if (!admit(res, client, host, 1)) return;
    if (host && !limits.limitHost) {
      forwardIndexer(req, res, indexer, route);
      return;
    }
    // Each device's indexer requests take turns: one device cannot queue the indexer's time ahead of everyone else.
    const leave = indexerTurns.take(client, () => forwardIndexer(req, res, indexer, route));
    if (!leave) {
      sendJson(
        res,
        429,
        { error: "this device has too many indexer reads waiting for their turn: wait for their answers" },
        { "retry-after": "1" },
      );
      return;
    }
    res.once("close", leave);
  }

  /** Sends a routed request to the indexer and its answer back. */
  function forwardIndexer(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    indexer: URL,
    route: { path: string; read: boolean },
  ) {
    if (res.destroyed) return; // its client left while it waited for its turn
    const unreachable = (err: Error) => {
      if (res.headersSent) res.destroy();
      else sendJson(res, 502, { error: `the indexer is not answering (${err.message})` });
    };
    // A SQL read: answered once per indexed block for every page that asks it (read-cache.ts).
    if (route.read) {
      reads
        .get(route.path, heads.liveIndexedBlock(), () => readIndexer(indexer, route.path, limits.upstreamTimeoutMs))
        .then((a) => {
          res.writeHead(a.status, a.headers);
          res.end(a.body);
        }, unreachable);
      return;
    }
    const upstream = indexerRequest(indexer, route.path, req.method ?? "GET", limits.upstreamTimeoutMs, (up) => {
      res.writeHead(up.statusCode ?? 502, passedBack(up.headers));
      up.on("error", () => res.destroy());
      up.pipe(res);
    });
    upstream.on("error", unreachable);
    // A client that leaves closes its upstream request too.
    res.on("close", () => upstream.destroy());
    upstream.end();
  }

  async function handleFaucet(req: http.IncomingMessage, res: http.ServerResponse, client: string, host: boolean) {
    if (!opts.faucet) {
      sendJson(res, 404, {
        error: "no faucet on this network: it is not a local development chain (the class sheet funds the seats)",
      });
      return;
    }
    if (req.method !== "POST") {
      sendJson(res, 405, { error: 'POST {"address": "0x…"} to /faucet' }, { allow: "POST" });
      return;
    }
    if (!admit(res, client, host, 1)) return;
    let address: unknown;
    try {
      address = (JSON.parse((await readBody(req, 4096)).toString("utf8")) as { address?: unknown }).address;
    } catch (err) {
      sendJson(res, err instanceof BodyTooLarge ? 413 : 400, {
        error: err instanceof BodyTooLarge ? err.message : 'the faucet takes JSON: {"address": "0x…"}',
      });
      return;
    }
    const r = await opts.faucet.fund(address, client, host);
    if (!r.ok) sendJson(res, r.status, { error: r.message });
    else
      sendJson(res, 200, {
        address: r.address,
        sent: r.sent.toString(),
        balance: r.balance.toString(),
        txHash: r.txHash,
      });
  }

  function serveApp(req: http.IncomingMessage, res: http.ServerResponse, urlPath: string, host: boolean) {
    if (!appDir || (req.method !== "GET" && req.method !== "HEAD")) {
      sendJson(res, 404, { error: `nothing at ${urlPath}` });
      return;
    }
    const file = path.resolve(appDir, "." + (urlPath.endsWith("/") ? urlPath + "index.html" : urlPath));
    if (!file.startsWith(appDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    if (path.basename(file) === "index.html") {
      // The runtime config before the app's scripts: the page reads it synchronously (web/src/shared/deployments.ts).
      const json = JSON.stringify(config(host)).replace(/</g, "\\u003c");
      const html = fs
        .readFileSync(file, "utf8")
        .replace("<head>", `<head>\n    <script>window.__STACK__ = ${json};</script>`);
      res.writeHead(200, { "content-type": TYPES[".html"], "cache-control": "no-cache" });
      res.end(req.method === "HEAD" ? undefined : html);
      return;
    }
    const hashed = /[\\/]assets[\\/]/.test(file);
    res.writeHead(200, {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
    });
    if (req.method === "HEAD") res.end();
    else
      fs.createReadStream(file)
        .on("error", () => res.destroy())
        .pipe(res);
  }

  function route(req: http.IncomingMessage, res: http.ServerResponse, fail: (err: unknown) => void) {
    const client = req.socket.remoteAddress ?? "unknown";
    const host = isLoopback(client);
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? "/", "http://gateway").pathname);
    } catch {
      sendJson(res, 400, { error: "a malformed path" });
      return;
    }
    if (urlPath === "/rpc") void handleRpc(req, res, client, host).catch(fail);
    else if (urlPath === "/stack.json") sendJson(res, 200, config(host));
    else if (urlPath === "/heads") {
      if (admit(res, client, host, 1)) heads.serve(req, res);
    } else if (urlPath === "/faucet") void handleFaucet(req, res, client, host).catch(fail);
    else if (urlPath === "/indexer" || urlPath.startsWith("/indexer/")) proxyIndexer(req, res, client, host);
    else serveApp(req, res, urlPath, host);
  }

  const server = http.createServer((req, res) => {
    if (refused.has(req.socket)) return; // answered 503 on connection (see below)
    // A stream's error with nobody listening would end the process: each request's streams are listened to.
    req.on("error", () => res.destroy());
    res.on("error", () => req.destroy());
    // The last resort: whatever a handler throws answers this request alone, and the gateway goes on.
    const fail = (err: unknown) => {
      console.error(`gateway: ${req.method} ${String(req.url).slice(0, 200)} failed:`, err);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: "the gateway could not answer this request (it goes on serving the others)" });
    };
    try {
      route(req, res, fail);
    } catch (err) {
      fail(err);
    }
  });
  // Connections per device and in total (limits.ts ConnectionCounter); the host's are not counted unless limitHost.
  const connections = new ConnectionCounter(limits.connections);
  const refused = new WeakSet<net.Socket>();
  server.on("connection", (socket: net.Socket) => {
    socket.setNoDelay(true);
    socket.on("error", () => socket.destroy());
    const device = socket.remoteAddress ?? "unknown";
    if (isLoopback(device) && !limits.limitHost) return;
    const why = connections.admit(device);
    if (why === null) {
      socket.once("close", () => connections.release(device));
      return;
    }
    refused.add(socket);
    socket.pause();
    const body = `${why}\n`;
    socket.end(
      "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\n" +
        `connection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
  // A request Node's parser refuses (malformed, headers too large): a sentence, not a silent close.
  server.on("clientError", (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: stream.Duplex) => {
    if (!socket.writable || refused.has(socket as net.Socket)) return void socket.destroy();
    const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
    const body = tooLarge ? "the request's headers are too large\n" : "a malformed HTTP request\n";
    // (The answer to a HEAD request has no body, or its client would read the body as the next answer.)
    const head = err.rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
        `content-type: text/plain; charset=utf-8\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n` +
        (head ? "" : body),
    );
  });
  const port = opts.port ?? (await freePort());
  const bind = opts.bind ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    const failed = (err: Error) => reject(err);
    server.once("error", failed);
    server.listen(port, bind, () => {
      server.off("error", failed);
      // Errors of the listening socket itself (out of file descriptors on accept): said, never fatal.
      server.on("error", (err) => console.error(`gateway: ${err.message}`));
      resolve();
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    chainId,
    config,
    heads,
    reads,
    connections,
    stop: () =>
      new Promise<void>((resolve) => {
        heads.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
