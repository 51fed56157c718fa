// Issue 33, the property test of the gateway's routing: thousands of random requests from a phone on the room's
// network (a network namespace, test/helpers/netns.ts), with paths built from dangerous fragments (`//`, `%2f`, `\`,
// `http:`, `file:`, `@`, `..`, `?`, `#`, NUL, unicode, the addresses of the node, the indexer and a canary), random
// methods, headers and bodies (JSON-RPC calls of every kind among them), sent to the real gateway in a process of its
// own (test/web/gateway-process.ts) in front of upstreams that record what reaches them. Shown: the node receives only
// the methods phones may call, the indexer only the app's reads, the canary nothing, no answer carries a file that is
// not the app's, every answer is a status the gateway gives on purpose, and the gateway's process never stops.
// Bounded: 200 runs of 8 to 16 requests (about 2,400) in `npm test` (a fresh seed each run), 2,000 runs under
// TEST_FULL=1.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import fc from "fast-check";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PUBLIC_METHODS, ACCOUNT_METHODS } from "../../scripts/web/rpc-policy";
import { freePort } from "../../scripts/web/stack";
import { runs } from "../helpers/coverage";
import { createNetns, type Netns } from "../helpers/netns";
import { spawnGateway, type GatewayProcess } from "./gateway-process";

interface Recorder {
  port: number;
  seen: string[];
  stop(): Promise<void>;
}

/** A server on 127.0.0.1 that records each request (`answer` also says what to record) and answers it. */
async function recorder(
  answer: (req: http.IncomingMessage, body: string, seen: string[]) => unknown,
): Promise<Recorder> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const out = answer(req, body, seen);
      res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
      res.end(JSON.stringify(out));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the node stand-in answers: enough for the gateway's own reads (chain id, head); null for everything else. */
function nodeAnswer(method: unknown): unknown {
  if (method === "eth_chainId") return "0x7a69";
  if (method === "eth_accounts") return ["0x" + "d".repeat(40)];
  if (method === "eth_blockNumber") return "0x10";
  if (method === "eth_getBlockByNumber") return { number: "0x10", timestamp: "0x1", hash: "0x" + "0".repeat(64) };
  return null;
}

/** The indexer paths the gateway may ask: the app's SQL reads, status, ready and the exports. */
const INDEXER_READS =
  /^(GET|HEAD) \/(sql\/db\?sql=[^&]+|status|ready|export\/(snatch\/tournament|snatch\/session|hex\/game|catamm\/game)\/[\w-][\w.-]*\/[\w-][\w.-]*)$/;

describe("web: the gateway's routing under random requests from a phone (issue 33, property) [no-coverage]", function () {
  this.timeout(180_000);
  let node: Recorder;
  let indexer: Recorder;
  let canary: Recorder;
  let gateway: GatewayProcess;
  let phone: Netns;
  let appDir: string;
  let secret: string;
  const appFiles = new Map<string, string>();

  before(async function () {
    node = await recorder((req, body, seen) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        seen.push("(not JSON)");
        return { jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } };
      }
      const calls = (Array.isArray(parsed) ? parsed : [parsed]) as { id?: unknown; method?: unknown }[];
      const answers = calls.map((c) => {
        seen.push(String(c?.method));
        return { jsonrpc: "2.0", id: c?.id ?? null, result: nodeAnswer(c?.method) };
      });
      return Array.isArray(parsed) ? answers : answers[0];
    });
    indexer = await recorder((req, _body, seen) => {
      seen.push(`${req.method} ${req.url}`);
      return req.url === "/status" ? { games: { id: 31337, block: { number: 16, timestamp: 1 } } } : { rows: [] };
    });
    canary = await recorder((req, _body, seen) => {
      seen.push(`${req.method} ${req.url}`);
      return { canary: "reached" };
    });
    // The app's files, and beside them (outside the app's folder) a file no answer may carry.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-property-"));
    appDir = path.join(root, "dist");
    fs.mkdirSync(path.join(appDir, "assets"), { recursive: true });
    secret = `secret-${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(path.join(root, "secret.txt"), secret);
    const files: Record<string, string> = {
      "index.html": "<!doctype html><html><head></head><body>app</body></html>",
      "assets/app-1.js": "console.log('app')",
      "manifest.webmanifest": '{"name":"games"}',
    };
    for (const [name, text] of Object.entries(files)) {
      fs.writeFileSync(path.join(appDir, name), text);
      appFiles.set(name, text);
    }
    gateway = await spawnGateway({
      nodeUrl: `http://127.0.0.1:${node.port}`,
      indexerUrl: `http://127.0.0.1:${indexer.port}`,
      appDir,
      bind: "0.0.0.0",
      // Routing is under test, not the rate limit: high enough that it never answers instead.
      limits: { rate: { perSecond: 100_000, burst: 100_000 }, indexerPerDevice: 1_000 },
    });
    phone = await createNetns();
  });

  after(async function () {
    await phone?.remove();
    await gateway?.stop();
    await node?.stop();
    await indexer?.stop();
    await canary?.stop();
    if (appDir) fs.rmSync(path.dirname(appDir), { recursive: true, force: true });
  });

  it("sends thousands of random paths, methods, headers and bodies: nothing reaches anything else, and it never stops", async function () {
    node.seen.length = 0; // the gateway's own reads at its start
    const elsewhere = [
      `127.0.0.1:${canary.port}`,
      `localhost:${canary.port}`,
      `127.0.0.1:${node.port}`,
      `127.0.0.1:${indexer.port}`,
      `[::1]:${canary.port}`,
      `0x7f000001:${canary.port}`,
    ];
    const fragments = [
      ...["indexer", "rpc", "faucet", "stack.json", "sql", "db", "live", "status", "ready", "export", "graphql"],
      ...["metrics", "snatch", "tournament", "hex", "game", "1", "rounds.csv", "moves.csv", "index.html", "assets"],
      ...["app-1.js", "secret.txt", "..", "%2e%2e", ".", "//", "/", "%2f", "%2F", "\\", "%5c", "%5C", "http:"],
      ...["https:", "file:", "ftp:", "@", "?", "#", "%23", "%3f", "&", "=", "sql=", "%00", "%E2%80%AE", "%C0%AF"],
      ...["%FF", "%", "%zz", "%C3%A9", "~", ";", ":", "*", "%20", "+", ...elsewhere],
    ];
    const piece = fc.constantFrom(...fragments);
    // Paths the gateway serves, each maybe with fragments put in anywhere, and paths of fragments alone.
    const served = [
      ...["/rpc", "/stack.json", "/faucet", "/", "/index.html", "/assets/app-1.js", "/manifest.webmanifest"],
      ...["/indexer/status", "/indexer/ready", "/indexer/export/hex/game/1/moves.csv", "/indexer/sql/db?sql=x"],
      ...["/indexer/export/snatch/session/2/session.json", "/indexer/sql/db?sql=%7B%22json%22%3A1%7D"],
    ];
    // (After the leading slash: a request's path starts with one, the phone's client needs it.)
    const insert = (text: string, at: number, what: string) => {
      const i = 1 + (at % text.length);
      return text.slice(0, i) + what + text.slice(i);
    };
    const rawPath = fc.oneof(
      fc.constantFrom(...served),
      fc
        .tuple(fc.constantFrom(...served), fc.array(fc.tuple(fc.nat(), piece), { minLength: 1, maxLength: 3 }))
        .map(([path, inserts]) => inserts.reduce((p, [at, what]) => insert(p, at, what), path)),
      fc
        .tuple(fc.constantFrom("/", "/indexer/", "/indexer", "//", "/rpc/"), fc.array(piece, { maxLength: 8 }))
        .map(([start, parts]) => start + parts.join("")),
    );
    const methods = [...PUBLIC_METHODS, ...ACCOUNT_METHODS, "anvil_setBalance", "anvil_mine", "evm_mine"];
    const rpcMethod = fc.oneof(
      fc.constantFrom(...methods),
      fc.constantFrom(...methods).map((m) => m.toUpperCase()),
      fc.constantFrom(...methods).map((m) => ` ${m}`),
      fc.constantFrom(...methods).map((m) => `${m}\u0000`),
      fc.string({ maxLength: 12 }),
    );
    const call = fc.record({ jsonrpc: fc.constant("2.0"), id: fc.nat(), method: rpcMethod, params: fc.constant([]) });
    const body = fc.oneof(
      fc.constant(undefined),
      call.map((c) => JSON.stringify(c)),
      fc.array(call, { maxLength: 4 }).map((b) => JSON.stringify(b)),
      fc.constantFrom(...elsewhere).map((e) => JSON.stringify({ address: `http://${e}/` })),
      fc.string({ maxLength: 40 }),
    );
    const headerValue = fc.oneof(
      fc.constantFrom(...elsewhere),
      fc.constantFrom(...elsewhere).map((e) => `http://${e}/`),
      fc.constantFrom("127.0.0.1", "::1", "localhost", "*", "websocket", "application/json"),
    );
    const headerName = fc.constantFrom(
      ...["host", "origin", "referer", "x-forwarded-for", "x-forwarded-host", "forwarded", "x-real-ip"],
      ...["x-original-url", "x-rewrite-url", "content-type", "accept", "cookie", "authorization", "upgrade"],
    );
    const headers = fc.dictionary(headerName, headerValue, { maxKeys: 3 });
    const request = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"),
          path: rawPath,
          headers,
          body,
        }),
      },
      // JSON-RPC calls to /rpc itself, of every kind.
      {
        weight: 1,
        arbitrary: fc.record({
          method: fc.constant("POST"),
          path: fc.constant("/rpc"),
          headers,
          body: fc.oneof(
            call.map((c) => JSON.stringify(c)),
            fc.array(call, { maxLength: 4 }).map((b) => JSON.stringify(b)),
          ),
        }),
      },
    );
    const base = `http://${phone.hostIp}:${gateway.port}`;
    const statuses = new Map<number, number>();
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 8, maxLength: 16 }), async (batch) => {
        const answers = await Promise.all(
          batch.map(async (r) => {
            const hasBody = r.body !== undefined && r.method !== "GET" && r.method !== "HEAD";
            // A body is framed (Node's client sends an OPTIONS or DELETE body unframed, and the gateway rightly
            // reads its bytes as the next request on the connection).
            const length: Record<string, string> = hasBody
              ? { "content-length": String(Buffer.byteLength(r.body!)) }
              : {};
            const a = await phone.fetch(base + r.path, {
              method: r.method,
              headers: { ...r.headers, ...length },
              body: hasBody ? r.body : undefined,
              timeoutMs: 10_000,
            });
            return { ...r, ...a, sentHeaders: r.headers };
          }),
        );
        sent += batch.length;
        for (const a of answers) {
          const what = `${a.method} ${a.path}`;
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          expect(a.status, `${what}: ${a.body}`).to.be.oneOf([200, 400, 404, 405, 413]);
          expect(a.body, what).to.not.contain(secret);
          expect(a.body, what).to.not.contain("canary");
          if (a.status === 200 && a.headers["content-type"]?.startsWith("text/html"))
            expect(a.body, what).to.satisfy((b: string) => b === "" || b.includes("<body>app</body>"));
          else if (a.status === 200 && a.method === "GET" && !/json/.test(a.headers["content-type"] ?? ""))
            expect([...appFiles.values()], what).to.include(a.body);
        }
        expect(gateway.child.exitCode, gateway.stderr()).to.equal(null);
      }),
      { numRuns: runs(200, 2_000) },
    );
    expect(canary.seen, "requests that reached the canary").to.deep.equal([]);
    const methodsSeen = [...new Set(node.seen)];
    expect(
      methodsSeen.filter((m) => !PUBLIC_METHODS.has(m)),
      "methods that reached the node",
    ).to.deep.equal([]);
    expect(
      indexer.seen.filter((p) => !INDEXER_READS.test(p)),
      "paths that reached the indexer",
    ).to.deep.equal([]);
    // The gateway still answers, and the property did reach every upstream it may.
    expect((await phone.fetch(`${base}/stack.json`)).status).to.equal(200);
    expect(gateway.child.exitCode).to.equal(null);
    expect(sent).to.be.at.least(runs(200, 2_000) * 8);
    // And the requests that may pass did: the property reached both upstreams.
    expect(methodsSeen.length, "methods that reached the node").to.be.greaterThan(5);
    expect(indexer.seen.length, "reads that reached the indexer").to.be.greaterThan(10);
    console.log(
      `      ${sent} requests; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `node methods ${methodsSeen.length}, indexer reads ${indexer.seen.length}`,
    );
  });

  it("sends requests with raw bytes Node's client would not send (NUL, unicode, spaces in the path): each answered, none forwarded", async function () {
    node.seen.length = 0;
    indexer.seen.length = 0;
    const raw = fc.tuple(
      fc.constantFrom("GET", "POST", "G\u0000ET", "GET /x", "\u202eGET"),
      fc.constantFrom("/indexer/", "/", "/rpc", "//"),
      fc.array(
        fc.constantFrom("\u0000", "\u202e", "é", " ", "\t", "status", "..", "/", `127.0.0.1:${canary.port}`, "\u00ff"),
        {
          maxLength: 6,
        },
      ),
    );
    await fc.assert(
      fc.asyncProperty(raw, async ([method, start, parts]) => {
        const line = `${method} ${start}${parts.join("")} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
        const held = await phone.hold(gateway.port, 1, line, 5_000);
        await phone.release();
        expect(held.firstBytes.join(""), JSON.stringify(line)).to.match(/^HTTP\/1\.1 [2-5][0-9][0-9] /);
        expect(gateway.child.exitCode, gateway.stderr()).to.equal(null);
      }),
      { numRuns: runs(60, 300) },
    );
    expect(canary.seen).to.deep.equal([]);
    expect(node.seen).to.deep.equal([]);
    expect(indexer.seen.filter((p) => !INDEXER_READS.test(p))).to.deep.equal([]);
    expect((await phone.fetch(`http://${phone.hostIp}:${gateway.port}/stack.json`)).status).to.equal(200);
  });
});
