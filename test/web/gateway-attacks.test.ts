// Issue 33 ("Safe on the room's Wi-Fi"), items 1, 3, 6 and 7: the attacks a phone on the room's network made on the
// class stack's gateway, made again from a phone of our own (a network namespace joined by a veth pair:
// test/helpers/netns.ts) against the real gateway in front of a real node (anvil), an indexer stand-in that records
// what reaches it, and a canary server that counts every request: nothing reaches the canary, the node's accounts or
// any path of the indexer but the app's reads, and the gateway answers every malformed request in words and goes on.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import http from "node:http";
import { parseEther } from "ethers";
import { startGateway, type GatewayHandle } from "../../scripts/web/gateway";
import { Faucet } from "../../scripts/web/faucet";
import { freePort, startAnvil, startNode, type NodeHandle } from "../../scripts/web/stack";
import { createNetns, type Netns } from "../helpers/netns";

/** A server on 127.0.0.1 that records every request it gets (path and method) and answers `answer`. */
async function recorder(answer: (req: http.IncomingMessage) => { status: number; headers?: object; body: string }) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const a = answer(req);
    res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
    res.end(a.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, seen, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("web: the gateway attacked from a phone on the room's network (issue 33) [no-coverage]", function () {
  this.timeout(120_000);
  let node: NodeHandle;
  let gateway: GatewayHandle;
  let phone: Netns;
  let other: Netns;
  let canary: Awaited<ReturnType<typeof recorder>>;
  let indexer: Awaited<ReturnType<typeof recorder>>;
  let base: string;

  before(async function () {
    node = await startAnvil();
    canary = await recorder(() => ({ status: 200, body: '{"canary":"reached"}' }));
    // The indexer stand-in answers as Ponder does, CORS header included.
    indexer = await recorder((req) => ({
      status: 200,
      headers: { "access-control-allow-origin": "*", "x-ponder": "1" },
      body: JSON.stringify({ indexer: req.url }),
    }));
    gateway = await startGateway({
      nodeUrl: node.url,
      indexerUrl: `http://127.0.0.1:${indexer.port}`,
      bind: "0.0.0.0",
      limits: { rate: { perSecond: 10_000, burst: 10_000 } },
    });
    phone = await createNetns();
    other = await createNetns();
    base = `http://${phone.hostIp}:${gateway.port}`;
  });

  after(async function () {
    await phone?.remove();
    await other?.remove();
    await gateway?.stop();
    await canary?.stop();
    await indexer?.stop();
    await node?.stop();
  });

  it("item 1: no path under /indexer reaches another host or port, or any indexer path but the app's reads", async function () {
    const nodePort = new URL(node.url).port;
    const targets = [`127.0.0.1:${canary.port}`, `localhost:${canary.port}`, `127.0.0.1:${nodePort}`];
    const forms = (t: string) => [
      `//${t}/`,
      `///${t}/`,
      `/http://${t}/`,
      `/http:/${t}/`,
      `/https://${t}/`,
      `/file:///etc/passwd`,
      `/%2f%2f${t}/`,
      `/%2F%2F${t}%2F`,
      `/http:%2f%2f${t}/`,
      `/\\\\${t}/`,
      `/%5c%5c${t}/`,
      `/x@${t}/`,
      `/@${t}/`,
      `/status@${t}/`,
      `/../../${t}/`,
      `/sql/../../${t}/`,
      `/%2e%2e/%2e%2e/${t}/`,
      `/sql/db/..%2f..%2f${t}`,
      `/status/../graphql`,
      `/./graphql`,
      `/export/../../${t}/`,
      `/export/snatch/tournament/1/..%2f..%2fgraphql`,
      `/metrics`,
      `/graphql`,
      `/sql/live?sql=x`,
    ];
    const answers = [];
    for (const t of targets)
      for (const f of forms(t)) {
        const r = await phone.fetch(`${base}/indexer${f}`);
        answers.push({ path: f, ...r });
      }
    // And the node's own methods through every form: a JSON-RPC body posted there.
    for (const f of forms(`127.0.0.1:${nodePort}`).slice(0, 8)) {
      const r = await phone.fetch(`${base}/indexer${f}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_accounts", params: [] }),
      });
      answers.push({ path: `POST ${f}`, ...r });
    }
    for (const a of answers) {
      expect(a.status, a.path).to.be.oneOf([400, 404, 405]);
      const body = JSON.parse(a.body) as { error?: string };
      expect(body.error, a.path).to.be.a("string").with.length.greaterThan(20); // a sentence
      expect(a.body, a.path).to.not.match(/canary|result|0x[0-9a-f]{40}/i);
    }
    expect(canary.seen, "requests that reached the canary").to.deep.equal([]);
    // The indexer stand-in saw none of them either: every one was refused at the gateway.
    expect(indexer.seen, "requests that reached the indexer").to.deep.equal([]);
    // The app's reads still pass, to the indexer's own paths.
    const status = await phone.fetch(`${base}/indexer/status`);
    expect(JSON.parse(status.body)).to.deep.equal({ indexer: "/status" });
    expect(indexer.seen).to.deep.equal(["GET /status"]);
  });

  it("item 1: passes none of the indexer's CORS headers (or any header but its content's) back to the page", async function () {
    const r = await phone.fetch(`${base}/indexer/export/hex/game/7/moves.csv`, {
      headers: { origin: "http://evil.example" },
    });
    expect(r.status).to.equal(200);
    expect(JSON.parse(r.body)).to.deep.equal({ indexer: "/export/hex/game/7/moves.csv" });
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-") || h === "x-ponder")).to.deep.equal([]);
  });

  it("item 3: /indexer/https://x/ and other malformed requests are answered in words, and the gateway goes on", async function () {
    for (const path of ["/indexer/https://x/", "/indexer/file:///x", "/indexer/ftp://x/", "/%E0%A4%A"]) {
      const r = await phone.fetch(`${base}${path}`);
      expect(r.status, path).to.be.oneOf([400, 404]);
      expect((JSON.parse(r.body) as { error: string }).error, path).to.be.a("string");
    }
    // Requests Node's parser refuses: a sentence, then the connection is closed.
    const raw = await phone.hold(gateway.port, 1, "GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n", 5_000);
    expect(raw.firstBytes.join("")).to.match(/^HTTP\/1\.1 400 Bad Request[\s\S]*a malformed HTTP request/);
    await phone.release();
    const huge = await phone.hold(
      gateway.port,
      1,
      `GET / HTTP/1.1\r\nHost: x\r\nx: ${"a".repeat(20_000)}\r\n\r\n`,
      5_000,
    );
    expect(huge.firstBytes.join("")).to.match(/^HTTP\/1\.1 431[\s\S]*too large/);
    await phone.release();
    expect((await phone.fetch(`${base}/stack.json`)).status).to.equal(200);
  });

  it("item 3: a handler that throws answers that request with a 500 and the gateway serves the next", async function () {
    // A faucet whose grant throws at once, or fails later.
    const real = await Faucet.create({
      nodeUrl: node.url,
      amount: parseEther("1"),
      perAddress: parseEther("1"),
      total: parseEther("2"),
      perClient: 1,
    });
    let sync = true;
    const broken = Object.assign(Object.create(real) as Faucet, {
      fund: () => {
        if (sync) throw new Error("broken synchronously");
        return Promise.reject(new Error("broken later"));
      },
    });
    const g = await startGateway({ nodeUrl: node.url, faucet: broken, bind: "0.0.0.0" });
    try {
      const url = `http://${phone.hostIp}:${g.port}`;
      const post = () =>
        phone.fetch(`${url}/faucet`, { method: "POST", body: JSON.stringify({ address: "0x" + "1".repeat(40) }) });
      for (const mode of [true, false]) {
        sync = mode;
        const r = await post();
        expect(r.status).to.equal(500);
        expect(JSON.parse(r.body)).to.deep.equal({
          error: "the gateway could not answer this request (it goes on serving the others)",
        });
        expect((await phone.fetch(`${url}/stack.json`)).status).to.equal(200);
      }
    } finally {
      await g.stop();
    }
  });

  it("item 6: one device holding 1,500 sockets gets its cap, each refusal a sentence; another device is still served", async function () {
    const cap = 32;
    // The phone's earlier requests' keep-alive connections count too: wait for the gateway to close them (5 s idle).
    await waitFor(async () => gateway.connections.of(phone.clientIp) === 0, 15_000);
    // (Judged 3 s after connecting: the kernel completes a connection before the gateway's turn to answer it.)
    const held = await phone.hold(gateway.port, 1_500, undefined, 3_000);
    expect(gateway.connections.of(phone.clientIp)).to.equal(cap);
    expect({ open: held.open, refused: held.refused }).to.deep.equal({ open: cap, refused: 1_500 - cap });
    expect(held.firstBytes[0]).to.match(
      /^HTTP\/1\.1 503 Service Unavailable[\s\S]*this device has 32 connections open to the class stack, its limit/,
    );
    // The same device cannot open a page now; another can, and its /heads stream too.
    const mine = await phone.fetch(`${base}/stack.json`);
    expect(mine.status).to.equal(503);
    expect(mine.body).to.match(/^this device has 32 connections open/);
    const theirs = await other.fetch(`http://${other.hostIp}:${gateway.port}/stack.json`);
    expect(theirs.status).to.equal(200);
    const stream = await other.hold(gateway.port, 1, "GET /heads HTTP/1.1\r\nHost: x\r\n\r\n", 1_000);
    expect(stream.open).to.equal(1);
    expect(stream.firstBytes[0]).to.match(/^HTTP\/1\.1 200 OK[\s\S]*text\/event-stream/);
    await other.release();
    // Released, the device is served again.
    await phone.release();
    await waitFor(async () => (await phone.fetch(`${base}/stack.json`)).status === 200);
  });

  it("item 6: streams count (/heads held open), and the room's total is capped too; the laptop is always served", async function () {
    const g = await startGateway({
      nodeUrl: node.url,
      bind: "0.0.0.0",
      limits: { connections: { perDevice: 5, total: 8 } },
    });
    try {
      const heads = "GET /heads HTTP/1.1\r\nHost: x\r\n\r\n";
      const a = await phone.hold(g.port, 7, heads, 2_000);
      expect(a.open).to.equal(5);
      expect(a.refused).to.equal(2);
      const b = await other.hold(g.port, 5, undefined, 2_000);
      expect(b.open).to.equal(3);
      expect(b.firstBytes.find((x) => x.startsWith("HTTP/1.1 503"))).to.match(
        /the class stack serves 8 connections, its limit for the whole room: try again in a moment/,
      );
      const laptop = await fetch(`http://127.0.0.1:${g.port}/stack.json`);
      expect(laptop.status).to.equal(200);
    } finally {
      await phone.release();
      await other.release();
      await g.stop();
    }
  });

  it("item 4 (the gateway's part): one device's indexer reads take turns, 4 at a time; another device's go meanwhile", async function () {
    // An indexer stand-in that answers each read after 300 ms and counts how many wait at once, per device's query.
    let open = 0;
    let most = 0;
    const seen: string[] = [];
    const slow = http.createServer((req, res) => {
      seen.push(req.url ?? "");
      open++;
      most = Math.max(most, open);
      setTimeout(() => {
        open--;
        res.writeHead(200, { "content-type": "application/json" }).end('{"rows":[]}');
      }, 300);
    });
    const slowPort = await freePort();
    await new Promise<void>((resolve) => slow.listen(slowPort, "127.0.0.1", resolve));
    // (More connections per device than the default 32, so that the queue's own bound shows.)
    const g = await startGateway({
      nodeUrl: node.url,
      indexerUrl: `http://127.0.0.1:${slowPort}`,
      bind: "0.0.0.0",
      limits: { connections: { perDevice: 100, total: 200 } },
    });
    try {
      const url = (p: Netns, sql: string) => `http://${p.hostIp}:${g.port}/indexer/sql/db?sql=${sql}`;
      const flood = Promise.all(Array.from({ length: 20 }, (_, i) => phone.fetch(url(phone, `a${i}`))));
      await new Promise((r) => setTimeout(r, 100));
      const theirs = await other.fetch(url(other, "b"));
      expect(theirs.status).to.equal(200);
      // Theirs went while the flood waited its turns: fewer than all 20 had been asked before it.
      expect(seen.indexOf("/sql/db?sql=b")).to.be.lessThan(20);
      const answers = await flood;
      expect(answers.map((a) => a.status)).to.deep.equal(Array.from({ length: 20 }, () => 200));
      expect(most).to.be.at.most(5); // the phone's 4 at a time, and the other device's one
      // More than 4 + 32 at once: the rest are refused in words.
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => phone.fetch(url(phone, `c${i}`))));
      const refused = burst.filter((a) => a.status === 429);
      expect(refused.length).to.be.at.least(1);
      expect(JSON.parse(refused[0].body)).to.deep.equal({
        error: "this device has too many indexer reads waiting for their turn: wait for their answers",
      });
    } finally {
      await g.stop();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("item 7: the node's port is not reachable from the room's network (anvil and Hardhat's node listen on loopback)", async function () {
    const hardhat = await startNode({ deploy: false, quiet: true });
    try {
      for (const port of [node.port, hardhat.port]) {
        const probe = await phone.hold(port, 1);
        expect(probe, `port ${port}`).to.include({ open: 0, refused: 1 });
        await phone.release();
      }
      // The gateway's port is (the probe works).
      expect((await phone.hold(gateway.port, 1)).open).to.equal(1);
      await phone.release();
    } finally {
      await hardhat.stop();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}
