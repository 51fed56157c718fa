// The class stack's gateway (scripts/web/gateway.ts) in front of a real node (anvil from npm), reached as the host
// (loopback) and as a phone: the gateway listens on 0.0.0.0 and the "phone" connects through this machine's
// non-loopback address, so the gateway sees a non-loopback client exactly as it sees one on the room's Wi-Fi.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseEther, Wallet } from "ethers";
import { minedTx, type Heads } from "../../client/common/heads";
import { isRangeError } from "../../client/logs";
import { lanAddress } from "../../scripts/web/class";
import { Faucet } from "../../scripts/web/faucet";
import { startGateway, type GatewayHandle, type StackConfig } from "../../scripts/web/gateway";
import { freePort, rpc, startAnvil, type NodeHandle } from "../../scripts/web/stack";
import { waitUntil } from "../helpers/wait";
import { TestProvider } from "../helpers/provider";

interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

async function post(url: string, body: unknown): Promise<Reply> {
  const r = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: r.status, headers: r.headers, body: await r.json() };
}

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  params,
});
type RpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string } };

describe("web: the class stack's gateway (/rpc, /faucet, /stack.json, /indexer, the app) [no-coverage]", function () {
  this.timeout(60_000);
  let node: NodeHandle;
  let gateway: GatewayHandle;
  let strict: GatewayHandle;
  let stub: http.Server;
  let appDir: string;
  /** The host's and a phone's way to the gateway. */
  let host: string;
  let phone: string;
  let lan: string;

  before(async function () {
    const address = lanAddress();
    if (!address) throw new Error("this test needs a network address besides loopback (eth0 or Wi-Fi)");
    lan = address;
    node = await startAnvil();
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-app-"));
    fs.mkdirSync(path.join(appDir, "assets"));
    fs.writeFileSync(path.join(appDir, "index.html"), "<!doctype html><html><head></head><body>app</body></html>");
    fs.writeFileSync(path.join(appDir, "assets", "app-1234.js"), "console.log('app')");
    // An indexer stand-in that echoes what reached it (and, as Ponder does, allows any origin).
    stub = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
      res.end(JSON.stringify({ method: req.method, url: req.url }));
    });
    const stubPort = await freePort();
    await new Promise<void>((resolve) => stub.listen(stubPort, "127.0.0.1", resolve));
    const faucet = await Faucet.create({
      nodeUrl: node.url,
      amount: parseEther("1"),
      perAddress: parseEther("1"),
      total: parseEther("4"),
      perClient: 3,
    });
    gateway = await startGateway({
      nodeUrl: node.url,
      appDir,
      indexerUrl: `http://127.0.0.1:${stubPort}`,
      faucet,
      blockTime: 1,
      bind: "0.0.0.0",
      limits: { maxLogRange: 1_000 },
    });
    // A second gateway with a tight rate and no faucet or indexer.
    // (Its connection cap above the rate test's 100 calls at once: the rate is under test there.)
    strict = await startGateway({
      nodeUrl: node.url,
      bind: "0.0.0.0",
      limits: { rate: { perSecond: 5, burst: 8 }, connections: { perDevice: 200, total: 400 } },
    });
    host = `http://127.0.0.1:${gateway.port}`;
    phone = `http://${lan}:${gateway.port}`;
  });

  after(async function () {
    await gateway?.stop();
    await strict?.stop();
    await new Promise<void>((resolve) => (stub ? stub.close(() => resolve()) : resolve()));
    await node?.stop();
    if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
  });

  it("serves the app with its runtime config, and /stack.json, telling the host from a phone", async function () {
    const config = async (base: string) => (await (await fetch(`${base}/stack.json`)).json()) as StackConfig;
    expect(await config(host)).to.deep.equal({
      chainId: 31337,
      rpc: "/rpc",
      heads: "/heads",
      indexer: "/indexer",
      faucet: { path: "/faucet", amount: parseEther("1").toString(), perAddress: parseEther("1").toString() },
      blockTime: 1,
      host: true,
      url: null,
    });
    expect((await config(phone)).host).to.equal(false);
    const page = await (await fetch(`${phone}/`)).text();
    const injected = /window\.__STACK__ = (\{.*\});/.exec(page);
    expect(injected, page).to.not.equal(null);
    expect(JSON.parse(injected![1])).to.include({ host: false, rpc: "/rpc", chainId: 31337 });
    expect(page).to.match(/<body>app<\/body>/);
    const asset = await fetch(`${phone}/assets/app-1234.js`);
    expect(asset.headers.get("content-type")).to.match(/javascript/);
    expect(asset.headers.get("cache-control")).to.contain("immutable");
    expect((await fetch(`${phone}/..%2f..%2fetc%2fpasswd`)).status).to.equal(404);
    expect((await fetch(`${phone}/nothing-here.js`)).status).to.equal(404);
  });

  it("phones read the chain; the node's accounts and controls are the host's, refused with a sentence", async function () {
    const ok = (await post(`${phone}/rpc`, call("eth_chainId"))).body as RpcAnswer;
    expect(ok).to.deep.equal({ jsonrpc: "2.0", id: 1, result: "0x7a69" });
    const refused = async (method: string, params: unknown[] = []) =>
      ((await post(`${phone}/rpc`, call(method, params, 7))).body as RpcAnswer).error;
    expect(
      await refused("eth_sendTransaction", [{ from: "0x" + "1".repeat(40), to: "0x" + "2".repeat(40) }]),
    ).to.deep.equal({
      code: 4100,
      message: "eth_sendTransaction is only for the host: sign in the page (burner or wallet)",
    });
    expect((await refused("eth_accounts"))!.message).to.equal(
      "eth_accounts is only for the host: sign in the page (burner or wallet)",
    );
    for (const method of ["anvil_mine", "evm_mine", "hardhat_setBalance", "evm_setIntervalMining"]) {
      expect((await refused(method))!.message, method).to.equal(
        `${method} controls the node: only the host (the machine running the class stack) may call it`,
      );
    }
    expect(await refused("eth_mining_secrets")).to.deep.equal({
      code: -32601,
      message:
        "eth_mining_secrets is not served to the room's devices (the gateway forwards the methods the app needs)",
    });
    // The proxy keeps serving after refusals.
    const block = Number(((await post(`${phone}/rpc`, call("eth_blockNumber"))).body as RpcAnswer).result);
    // The host reaches everything: the node's accounts and its miner.
    const accounts = ((await post(`${host}/rpc`, call("eth_accounts"))).body as RpcAnswer).result as string[];
    expect(accounts).to.have.length(10);
    await post(`${host}/rpc`, call("evm_mine"));
    expect(Number(await rpc<string>(node.url, "eth_blockNumber"))).to.equal(block + 1);
  });

  it("checks a batch call by call, answering each under its own id", async function () {
    const batch = [
      call("eth_chainId", [], "a"),
      call("eth_accounts", [], "b"),
      call("evm_mine", [], "b"),
      call("net_version", [], 4),
    ];
    const { status, body } = await post(`${phone}/rpc`, batch);
    expect(status).to.equal(200);
    const answers = body as RpcAnswer[];
    expect(answers.map((a) => a.id)).to.deep.equal(["a", "b", "b", 4]);
    expect(answers[0].result).to.equal("0x7a69");
    expect(answers[1].error!.code).to.equal(4100);
    expect(answers[2].error!.message).to.match(/^evm_mine controls the node/);
    expect(answers[3].result).to.equal("31337");
    const bad = (await post(`${phone}/rpc`, [42, call("eth_chainId", [], 9)])).body as RpcAnswer[];
    expect(bad[0].error!.code).to.equal(-32600);
    expect(bad[1].result).to.equal("0x7a69");
  });

  it("bounds log queries to a range of blocks, in words client/logs.ts recognises (it then pages)", async function () {
    const logs = (params: unknown) => post(`${phone}/rpc`, call("eth_getLogs", [params]));
    const wide = ((await logs({ fromBlock: "0x0", toBlock: "0x7d0" })).body as RpcAnswer).error!;
    expect(wide).to.deep.equal({
      code: -32005,
      message: "eth_getLogs is limited to a range of 1,000 blocks; blocks 0 to 2,000 are 2,001: ask in pages",
    });
    expect(isRangeError(new Error(wide.message))).to.equal(true);
    expect(((await logs({ fromBlock: "earliest", toBlock: "latest" })).body as RpcAnswer).result).to.deep.equal([]);
    const latest = (await rpc<{ hash: string }>(node.url, "eth_getBlockByNumber", ["latest", false])).hash;
    expect(((await logs({ blockHash: latest })).body as RpcAnswer).result).to.deep.equal([]);
    expect(
      ((await post(`${phone}/rpc`, call("eth_newFilter", [{ fromBlock: "0x0", toBlock: "0x2710" }]))).body as RpcAnswer)
        .error!.code,
    ).to.equal(-32005);
  });

  it("refuses a request or batch over the size limits and keeps serving", async function () {
    const big = JSON.stringify(call("eth_call", [{ data: "0x" + "ab".repeat(100_000) }, "latest"]));
    const tooBig = await post(`${phone}/rpc`, big);
    expect(tooBig.status).to.equal(413);
    expect((tooBig.body as RpcAnswer).error).to.deep.equal({
      code: -32005,
      message: "the request is larger than the gateway's limit of 131,072 bytes",
    });
    const many = await post(
      `${phone}/rpc`,
      Array.from({ length: 101 }, (_, i) => call("eth_chainId", [], i)),
    );
    expect(many.status).to.equal(413);
    expect((many.body as RpcAnswer).error!.message).to.equal("a batch of 101 calls is over the limit of 100");
    expect(((await post(`${phone}/rpc`, "{not json")).body as RpcAnswer).error!.code).to.equal(-32700);
    expect(((await post(`${phone}/rpc`, call("eth_chainId"))).body as RpcAnswer).result).to.equal("0x7a69");
  });

  it("limits each phone's request rate (each call of a batch counts); the host is not limited", async function () {
    // The strict gateway: 5 calls a second, 8 at once. What the bucket holds depends on the time passed between two
    // requests (a slow machine refills it between them), so the test sends what no refill can cover.
    const phoneStrict = `http://${lan}:${strict.port}/rpc`;
    const t0 = Date.now();
    const first = await post(
      phoneStrict,
      Array.from({ length: 8 }, (_, i) => call("eth_chainId", [], i)),
    );
    expect(first.status).to.equal(200);
    // A batch of 9 is more than the bucket ever holds: refused whole, each call with the reason.
    const over = await post(
      phoneStrict,
      Array.from({ length: 9 }, (_, i) => call("eth_blockNumber", [], i)),
    );
    expect(over.status).to.equal(429);
    expect(over.headers.get("retry-after")).to.match(/^\d+$/);
    const reason = /^too many requests from this device: at most 5 a second \(8 at once\); try again in \d+ s$/;
    expect((over.body as RpcAnswer[]).map((a) => [a.id, a.error?.code])).to.deep.equal(
      Array.from({ length: 9 }, (_, i) => [i, -32005]),
    );
    for (const a of over.body as RpcAnswer[]) expect(a.error!.message).to.match(reason);
    // 100 single calls sent at once: only what refilled since the first batch emptied the bucket passes.
    const singles = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(phoneStrict, call("eth_chainId", [], i))),
    );
    const refilled = Math.floor(((Date.now() - t0) / 1000) * 5) + 1;
    const passed = singles.filter((r) => r.status === 200).length;
    expect(passed, `calls passed (at most ${refilled} tokens had come back)`).to.be.at.most(refilled);
    const refused = singles.find((r) => r.status === 429)!;
    expect(refused, "a refused call").to.not.equal(undefined);
    expect(refused.headers.get("retry-after")).to.equal("1");
    expect((refused.body as RpcAnswer).error).to.deep.include({ code: -32005 });
    expect((refused.body as RpcAnswer).error!.message).to.match(reason);
    // The host is not limited.
    for (let i = 0; i < 12; i++) {
      expect((await post(`http://127.0.0.1:${strict.port}/rpc`, call("eth_chainId"))).status).to.equal(200);
    }
    // The bucket refills: after a second's wait, a call passes again.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await post(phoneStrict, call("eth_chainId"))).status).to.equal(200);
  });

  it("a phone's burner gets play ETH from the faucet and sends its own signed transaction through /rpc", async function () {
    const burner = Wallet.createRandom();
    const funded = await post(`${phone}/faucet`, { address: burner.address });
    expect(funded.status).to.equal(200);
    expect(funded.body).to.include({ address: burner.address, sent: parseEther("1").toString() });
    const provider = new TestProvider(`${phone}/rpc`, 31337, { staticNetwork: true });
    const tx = await burner.connect(provider).sendTransaction({ to: Wallet.createRandom().address, value: 1000n });
    const receipt = await tx.wait();
    expect(receipt!.status).to.equal(1);
    // Its seat is capped: it had its 1 ETH.
    const again = await post(`${phone}/faucet`, { address: burner.address });
    expect(again.status).to.equal(403);
    expect(again.body).to.deep.equal({
      error: `${burner.address.slice(0, 6)}…${burner.address.slice(-4)} has had its 1 ETH of play ETH from this faucet already: ask your teacher`,
    });
    // The node's own accounts (here the development ones, whose keys are public): a phone may not send from them,
    // signed or not.
    const dev = Wallet.fromPhrase("test test test test test test test test test test test junk").connect(provider);
    const signed = await dev.signTransaction(await dev.populateTransaction({ to: burner.address, value: 1n }));
    expect(
      ((await post(`${phone}/rpc`, call("eth_sendRawTransaction", [signed]))).body as RpcAnswer).error,
    ).to.deep.equal({
      code: 4100,
      message:
        `${dev.address} is one of the node's own accounts (the deployer's, the faucet's or the teacher's): only the ` +
        "host sends from it; sign with your own account (burner or wallet)",
    });
    expect(
      ((await post(`${phone}/rpc`, call("eth_sendRawTransaction", ["0x1234"]))).body as RpcAnswer).error!.code,
    ).to.equal(-32602);
    // The host may (it could reach the node anyway).
    const hostSent = (await post(`${host}/rpc`, call("eth_sendRawTransaction", [signed]))).body as RpcAnswer;
    expect(hostSent.result).to.match(/^0x[0-9a-f]{64}$/);
    provider.destroy();
  });

  it("caps the faucet per device and in total, and refuses what is not an address", async function () {
    // This phone funded one address in the test above; two more, then the device's cap of 3.
    for (let i = 0; i < 2; i++) {
      expect((await post(`${phone}/faucet`, { address: Wallet.createRandom().address })).status).to.equal(200);
    }
    const fourth = await post(`${phone}/faucet`, { address: Wallet.createRandom().address });
    expect(fourth.status).to.equal(429);
    expect(fourth.body).to.deep.equal({
      error: "this device has funded 3 addresses already (the faucet's limit per device): play on one of them",
    });
    // The host is not capped per device, only in total (4 ETH: one more grant).
    expect((await post(`${host}/faucet`, { address: Wallet.createRandom().address })).status).to.equal(200);
    const empty = await post(`${host}/faucet`, { address: Wallet.createRandom().address });
    expect(empty.status).to.equal(403);
    expect(empty.body).to.deep.equal({
      error:
        "the faucet has given out its 4 ETH of play ETH: restart the class stack, or fund seats from the class sheet",
    });
    const bad = await post(`${phone}/faucet`, { address: "0x1234" });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.deep.equal({ error: '"0x1234" is not an account address (0x and 40 hex digits)' });
    expect((await fetch(`${phone}/faucet`)).status).to.equal(405);
    const none = await post(`http://${lan}:${strict.port}/faucet`, { address: Wallet.createRandom().address });
    expect(none.status).to.equal(404);
    expect((none.body as { error: string }).error).to.match(/^no faucet on this network/);
  });

  it("forwards the indexer's reads the app makes, to the indexer's own paths, and refuses the rest with a sentence", async function () {
    const get = async (path: string, init?: RequestInit) => {
      const r = await fetch(`${phone}${path}`, init);
      return { status: r.status, cors: r.headers.get("access-control-allow-origin"), body: await r.json() };
    };
    expect(await get("/indexer/status")).to.deep.equal({
      status: 200,
      cors: null, // the indexer's "any origin" stays behind the gateway
      body: { method: "GET", url: "/status" },
    });
    expect((await get("/indexer/export/snatch/tournament/3/rounds.csv")).body).to.deep.equal({
      method: "GET",
      url: "/export/snatch/tournament/3/rounds.csv",
    });
    expect((await get("/indexer/sql/db?sql=%7B%7D")).body).to.deep.equal({ method: "GET", url: "/sql/db?sql=%7B%7D" });
    expect(await get("/indexer/sql/db?sql=x&also=y")).to.deep.include({
      status: 400,
      body: { error: "an indexer read is /indexer/sql/db?sql=<query>: one parameter, sql" },
    });
    const posted = await get("/indexer/graphql", { method: "POST", body: "{}" });
    expect(posted).to.deep.include({
      status: 405,
      body: { error: "the indexer is read through the gateway with GET (or HEAD) only" },
    });
    expect((await get("/indexer/graphql")).body.error).to.match(/^GraphQL \(and GraphiQL\) is not served through/);
    expect((await get("/indexer/metrics")).status).to.equal(404);
    expect((await get("/indexer/sql/live?sql=x")).body.error).to.match(/^live queries are not served through/);
    // An unknown file or id goes to the indexer, which names the files it has (test/indexer/export.test.ts).
    expect((await get("/indexer/export/snatch/tournament/0x3/secrets.csv")).body).to.deep.equal({
      method: "GET",
      url: "/export/snatch/tournament/0x3/secrets.csv",
    });
    expect((await get("/indexer/export/snatch/rooms/3/secrets.csv")).status).to.equal(404);
    const none = await fetch(`http://${lan}:${strict.port}/indexer/status`);
    expect(none.status).to.equal(404);
    expect(await none.json()).to.deep.equal({ error: "this stack runs no indexer: the app reads the chain directly" });
  });

  it("answers each indexer SQL read once per indexed block for every page, while the clock runs", async function () {
    // An indexer whose /status says block `indexed` and whose SQL reads are counted (a read "bad" fails).
    let indexed = 5;
    const asked = new Map<string, number>();
    const stub = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/status") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ anvil: { id: 31337, block: { number: indexed, timestamp: 1 } } }));
        return;
      }
      const sql = url.searchParams.get("sql") ?? "";
      asked.set(sql, (asked.get(sql) ?? 0) + 1);
      setTimeout(() => {
        res.writeHead(sql === "bad" ? 500 : 200, { "content-type": "application/json" });
        res.end(JSON.stringify({ sql, at: indexed, n: asked.get(sql) }));
      }, 30);
    });
    const stubPort = await freePort();
    await new Promise<void>((resolve) => stub.listen(stubPort, "127.0.0.1", resolve));
    const cached = await startGateway({ nodeUrl: node.url, indexerUrl: `http://127.0.0.1:${stubPort}`, blockTime: 1 });
    const controller = new AbortController();
    try {
      await rpc(node.url, "anvil_mine", ["0x14"]); // the node ahead of the "indexed" blocks
      const read = async (sql: string) => {
        const r = await fetch(`${cached.url}indexer/sql/db?sql=${sql}`);
        return { status: r.status, body: (await r.json()) as { sql: string; at: number; n: number } };
      };
      // No page listens to the clock: nothing is cached (the indexed block it knows may be old).
      await read("a");
      await read("a");
      expect(asked.get("a")).to.equal(2);
      // A page listens: the clock knows the indexed block.
      const heads = await fetch(`${cached.url}heads`, { signal: controller.signal });
      expect(heads.status).to.equal(200);
      const indexedBlock = (n: number) =>
        waitUntil(
          `the clock's indexed block ${n}`,
          () => cached.heads.liveIndexedBlock(),
          (b) => b === n,
        );
      await indexedBlock(5);
      const three = await Promise.all([read("a"), read("a"), read("a")]);
      expect(asked.get("a")).to.equal(3); // one more read for the three at once
      expect(three.map((r) => r.body)).to.deep.equal([0, 1, 2].map(() => ({ sql: "a", at: 5, n: 3 })));
      expect((await read("a")).body.n).to.equal(3); // and for a later one at the same block
      expect((await read("b")).body).to.deep.equal({ sql: "b", at: 5, n: 1 }); // another read is its own
      // A failed read is not kept.
      expect((await read("bad")).status).to.equal(500);
      expect((await read("bad")).status).to.equal(500);
      expect(asked.get("bad")).to.equal(2);
      // The indexer indexes a block: every read is asked again, once.
      indexed = 6;
      await indexedBlock(6);
      expect((await Promise.all([read("a"), read("a")])).map((r) => r.body)).to.deep.equal([
        { sql: "a", at: 6, n: 4 },
        { sql: "a", at: 6, n: 4 },
      ]);
      expect(cached.reads.hits).to.be.greaterThan(0);
      // Other indexer requests pass through as before.
      const status = await fetch(`${cached.url}indexer/status`);
      expect(((await status.json()) as { anvil: { block: { number: number } } }).anvil.block.number).to.equal(6);
    } finally {
      controller.abort();
      await cached.stop();
      await new Promise<void>((resolve) => stub.close(() => resolve()));
    }
  });

  it("pushes the node's head, and each new block's transactions, to every open page from one shared poll (/heads)", async function () {
    const controller = new AbortController();
    // The rate test above emptied this device's bucket on `strict` (5 a second): a second refills four requests.
    await new Promise((r) => setTimeout(r, 1_000));
    // Four pages listen; each reads its stream's events as they come.
    const pages = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const r = await fetch(`http://${lan}:${strict.port}/heads`, { signal: controller.signal });
        expect(r.headers.get("content-type")).to.equal("text/event-stream");
        const reader = r.body!.getReader();
        const seen: Heads[] = [];
        void (async () => {
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
            if (done) return;
            buffer += new TextDecoder().decode(value);
            const events = buffer.split("\n\n");
            buffer = events.pop()!;
            for (const e of events) if (e.startsWith("data: ")) seen.push(JSON.parse(e.slice(6)));
          }
        })();
        return seen;
      }),
    );
    /** Waits until every page has a message for `block` (`timed`: with its timestamp); shows what each page had. */
    const everyPageHas = (block: number, timed = false) =>
      waitUntil(
        `a message for block ${block}${timed ? " with its timestamp" : ""} on all four pages`,
        () => pages.map((p) => p.filter((h) => !timed || h.timestamp > 0).map((h) => h.block)),
        (blocks) => blocks.every((b) => b.includes(block)),
      );
    const head = Number(await rpc<string>(node.url, "eth_blockNumber"));
    await everyPageHas(head);
    expect(pages[0][0].indexer).to.equal(null); // this gateway runs no indexer
    const before = strict.heads.nodeRequests;
    const receiptsBefore = strict.heads.receiptRequests;
    const started = Date.now();
    // A transfer (the node mines a block for it): the block's first message lists it, as its receipt says.
    const [from, to] = await rpc<string[]>(node.url, "eth_accounts");
    const hash = await rpc<string>(node.url, "eth_sendTransaction", [{ from, to, value: "0x1" }]);
    await everyPageHas(head + 1, true);
    for (const p of pages) {
      const first = p.find((h) => h.block === head + 1)!;
      expect(minedTx(first.mined, hash)).to.deep.equal({ hash, block: head + 1, status: 1, gasUsed: "21000" });
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
    // The block's later ticks sent nothing more (this gateway runs no indexer whose progress would be news).
    for (const p of pages) expect(p.filter((h) => h.block === head + 1)).to.have.length(1);
    // One poller for the four pages: about seven eth_getBlockByNumber a second (four pollers would ask 28), and one
    // block's receipts. Per second that passed: a busy machine makes the wait longer, never the poller quicker.
    const seconds = Math.ceil((Date.now() - started) / 1000);
    expect(strict.heads.nodeRequests - before, `node requests in ${seconds} s`).to.be.at.most(10 * seconds);
    expect(strict.heads.receiptRequests - receiptsBefore).to.equal(1);
    controller.abort();
  });
});

describe("web: the gateway before a node that stops answering [no-coverage]", function () {
  this.timeout(60_000);
  // A node stand-in: it answers the gateway's start (chain id, accounts), then, as `mode` says, holds every other
  // request without an answer (a node stuck or stopped in a debugger) or breaks the connection mid-answer.
  let mode: "silent" | "reset" = "silent";
  let node: http.Server;
  let gateway: GatewayHandle;
  let phone: string;

  before(async function () {
    node = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const { method, id } = JSON.parse(body) as { method: string; id: number };
        if (method === "eth_chainId" || method === "eth_accounts") {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? "0x7a69" : [] }));
        } else if (mode === "reset") {
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"jsonrpc":"2.0","id":0,"res');
          setTimeout(() => req.socket.destroy(), 50);
        }
        // silent: no answer, ever (the socket stays open until the gateway gives up on it)
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => node.listen(port, "127.0.0.1", resolve));
    const lan = lanAddress();
    if (!lan) throw new Error("this test needs a network address besides loopback (eth0 or Wi-Fi)");
    gateway = await startGateway({
      nodeUrl: `http://127.0.0.1:${port}`,
      bind: "0.0.0.0",
      limits: { upstreamTimeoutMs: 1_000 },
    });
    phone = `http://${lan}:${gateway.port}`;
  });

  after(async function () {
    await gateway?.stop();
    node?.closeAllConnections();
    await new Promise<void>((resolve) => (node ? node.close(() => resolve()) : resolve()));
  });

  it("answers a phone's call 502 with a sentence once the node has been silent for the upstream timeout", async function () {
    mode = "silent";
    const r = await post(`${phone}/rpc`, call("eth_blockNumber"));
    expect(r.status).to.equal(502);
    expect((r.body as RpcAnswer).error?.message).to.equal("the node is not answering (no answer within 1 s)");
  });

  it("answers 502 with a sentence when the node breaks the connection mid-answer, and keeps serving", async function () {
    mode = "reset";
    const r = await post(`${phone}/rpc`, [call("eth_blockNumber", [], 7), call("eth_gasPrice", [], 8)]);
    expect(r.status).to.equal(502);
    const answers = r.body as RpcAnswer[];
    expect(answers.map((a) => a.id)).to.deep.equal([7, 8]);
    for (const a of answers) expect(a.error?.message).to.match(/^the node is not answering \(.+\)$/);
    const config = await fetch(`${phone}/stack.json`);
    expect(config.status).to.equal(200);
  });

  it("the clock tells every open page that the node is not answering (its own reads time out too)", async function () {
    mode = "silent";
    const controller = new AbortController();
    const r = await fetch(`${phone}/heads`, { signal: controller.signal });
    const reader = r.body!.getReader();
    let seen = "";
    try {
      const said = await waitUntil(
        "a /heads message with the node's error",
        async () => {
          const { value } = await reader.read();
          seen += new TextDecoder().decode(value);
          return seen
            .split("\n\n")
            .filter((e) => e.startsWith("data: "))
            .map((e) => (JSON.parse(e.slice(6)) as Heads).nodeError)
            .find((e) => e !== null);
        },
        (error) => error !== undefined,
        { timeoutMs: 40_000 },
      );
      expect(said).to.equal("the node is not answering (no answer within 10 s)");
    } finally {
      controller.abort();
    }
  });
});
