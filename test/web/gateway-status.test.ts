// The read cache's status reads under attack: the gateway checks each indexer answer it keeps by reading the indexer's
// /status (scripts/web/read-cache.ts, HeadsHub.indexedNow), so a phone's SQL reads make the gateway ask the indexer
// too. A phone (a network namespace, test/helpers/netns.ts) floods /indexer/sql/db with distinct, repeated and
// malformed reads, in waves while the chain stands and while it moves, and once with a few hundred at once, against the
// gateway (a process of its own) in front of a real node and a real Ponder indexer; a counting pass-through between
// the gateway and the indexer sees every request the gateway sends. The gateway's status reads stay at one in flight
// for the cache and one for the clock however many reads wait, a second phone is served meanwhile, no process stops,
// and every answer shows the rows of the block it names (a stamped read: its rows and the indexer's checkpoint in one
// statement, as the class console reads; web/src/data/class.ts stamped), never an older block than the clock's. While
// blocks come, Ponder 0.16 on PGlite answers some stamped reads with a later block's rows than its stamp (134 of 672
// asked directly, no gateway in between): on a moving chain those rows are checked to be the chain's at a block between
// the stamp and the indexer's block after the answer, and counted.
// [no-coverage]: no contract is measured here.
import { expect } from "chai";
import http from "node:http";
import { Wallet } from "ethers";
import superjson from "superjson";
import type { Heads } from "../../client/common/heads";
import { startIndexer, type IndexerHandle } from "../../scripts/web/indexer";
import { freePort, rpc, type NodeHandle } from "../../scripts/web/stack";
import { checkpointBlock } from "../../web/src/data/checkpoint";
import { connectGames, freshChain, type Games } from "../indexer/harness";
import { createNetns, type Netns, type NetnsResponse } from "../helpers/netns";
import { waitUntil } from "../helpers/wait";
import { spawnGateway, type GatewayProcess } from "./gateway-process";

/** A pass-through to the indexer that counts what the gateway asks it: /status reads (and most at once), SQL reads. */
async function countingPassThrough(target: string) {
  const to = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const count = { status: 0, statusOpen: 0, statusMost: 0, sql: 0, other: 0 };
  const server = http.createServer((req, res) => {
    const isStatus = req.url === "/status";
    if (isStatus) {
      count.status++;
      count.statusMost = Math.max(count.statusMost, ++count.statusOpen);
      // (Open until the gateway has the whole answer or gave up on it.)
      res.once("close", () => count.statusOpen--);
    } else if (req.url?.startsWith("/sql/db")) count.sql++;
    else count.other++;
    const { host: _host, ...headers } = req.headers;
    const up = http.request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    count,
    stop: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The gateway's clock as a page sees it: its /heads stream, the last message kept. */
function clockOf(url: string) {
  let last: Heads | null = null;
  let text = "";
  const stream = http.get(`${url}/heads`, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      // Messages end with a blank line; the last whole one with data is the clock's word now.
      const whole = (text += chunk).split("\n\n");
      text = whole.pop()!;
      const data = whole.filter((m) => m.startsWith("data: ")).at(-1);
      if (data) last = JSON.parse(data.slice(6)) as Heads;
    });
    res.on("error", () => undefined);
  });
  stream.on("error", () => undefined);
  return { heads: () => last, close: () => void stream.destroy() };
}

/**
 * The profiles with an id above $1, and the indexer's checkpoint in the same statement (the stamp's row). $2 (above
 * every id) only tells reads apart: each is a read of its own for the caches, whatever rows it shows.
 */
const STAMPED =
  "select id, null as stamp from snatch_profile where id > $1 and id < $2 " +
  "union all select null, coalesce(max(latest_checkpoint), '') from _ponder_checkpoint";
const readPath = (sql: string, params: unknown[]) =>
  `/indexer/sql/db?sql=${encodeURIComponent(superjson.stringify({ sql, params }))}`;

/** Reads the gateway refuses itself (400, 404, 405): each answer a JSON sentence. */
const REFUSED_AT_GATEWAY: { path: string; method?: string }[] = [
  { path: "/indexer/sql/db" },
  { path: "/indexer/sql/db?sql=" },
  { path: "/indexer/sql/db?sql=a&sql=b" },
  { path: "/indexer/sql/db?x=1" },
  { path: readPath(STAMPED, [0, 1e6]), method: "POST" },
  { path: "/indexer/sql/live?sql=x" },
];

/** Reads that reach the indexer and are refused there (400 with its sentence): never kept, never checked. */
const REFUSED_BY_INDEXER = [
  "/indexer/sql/db?sql=not-json",
  "/indexer/sql/db?sql=%7B%22json%22%3A1%7D",
  readPath("selec id from snatch_profile", []),
  readPath("delete from snatch_profile", []),
  readPath("select id from snatch_profile; select 1", []),
  readPath(
    `select count(*) from ${Array.from({ length: 10 }, (_, i) => `(values (1),(2),(3),(4),(5),(6),(7),(8),(9),(0)) t${i}(x)`).join(", ")}`,
    [],
  ),
];

describe("web: the gateway's status reads under a phone's flood of indexer reads (real indexer) [no-coverage]", function () {
  this.timeout(600_000);
  let anvil: NodeHandle;
  let indexer: IndexerHandle;
  let g: Games;
  let pass: Awaited<ReturnType<typeof countingPassThrough>>;
  let gateway: GatewayProcess;
  let clock: ReturnType<typeof clockOf>;
  let attacker: Netns;
  let other: Netns;
  /** Every profile's id and the block it was created in (those of the deployment at block 0: made before any read). */
  const profiles = new Map<number, number>();

  before(async function () {
    let folder: string;
    ({ anvil, folder } = await freshChain());
    indexer = await startIndexer({ rpcUrl: anvil.url, deploymentsDir: folder, env: { INDEXER_POLLING_MS: "100" } });
    g = await connectGames(anvil.url, folder);
    for (let id = 1; id <= Number(await g.rooms.profileCount()); id++) profiles.set(id, 0);
    pass = await countingPassThrough(indexer.url);
    // The flood is to reach the status reads: the limits that would refuse most of it earlier (a device's rate, its
    // connections, its indexer reads at once) are raised; the turns' queue of 32 stays.
    gateway = await spawnGateway({
      nodeUrl: anvil.url,
      indexerUrl: pass.url,
      bind: "0.0.0.0",
      limits: {
        rate: { perSecond: 10_000, burst: 10_000 },
        connections: { perDevice: 400, total: 800 },
        indexerPerDevice: 32,
      },
    });
    // A page listens to the clock (the cache keeps answers only while it runs).
    clock = clockOf(`http://127.0.0.1:${gateway.port}`);
    attacker = await createNetns();
    other = await createNetns();
  });

  after(async function () {
    await attacker?.remove();
    await other?.remove();
    clock?.close();
    await gateway?.stop();
    await pass?.stop();
    await indexer?.stop();
    await anvil?.stop();
  });

  /** The ids a stamped read for `k` must show at block `block`. */
  const expectedIds = (k: number, block: number) =>
    [...profiles]
      .filter(([id, at]) => id > k && at <= block)
      .map(([id]) => id)
      .sort((a, b) => a - b);

  /** A stamped read's answer: the block it names and its ids (throws if it is not one). */
  function stampedAnswer(r: NetnsResponse): { block: number; ids: number[] } {
    const rows = (JSON.parse(r.body) as { rows: { id: number | string | null; stamp: string | null }[] }).rows;
    const stamp = rows.find((row) => row.stamp !== null)?.stamp;
    if (!stamp) throw new Error(`an answer without the checkpoint's row: ${r.body.slice(0, 300)}`);
    const ids = rows.filter((row) => row.stamp === null).map((row) => Number(row.id));
    return { block: checkpointBlock(stamp), ids: ids.sort((a, b) => a - b) };
  }

  /** The indexer's block, asked directly (not through the pass-through). */
  const indexed = async () => {
    const status = (await (await fetch(`${indexer.url}/status`)).json()) as Record<
      string,
      { block: { number: number } }
    >;
    return Math.max(...Object.values(status).map((c) => c.block.number));
  };

  /** New profiles, one block each, their blocks recorded. */
  async function makeProfiles(n: number) {
    for (let i = 0; i < n; i++) {
      const receipt = await (await g.rooms.registerPlayer(Wallet.createRandom().address)).wait();
      for (const log of receipt!.logs) {
        const parsed = g.rooms.interface.parseLog(log);
        if (parsed?.name === "ProfileCreated") profiles.set(Number(parsed.args.id), receipt!.blockNumber);
      }
    }
  }

  it("a flood of SQL reads sends at most one status read of the cache's at a time; every answer shows its block's rows", async function () {
    const base = (p: Netns) => `http://${p.hostIp}:${gateway.port}`;
    const head = async () => Number(await rpc<string>(anvil.url, "eth_blockNumber"));
    await waitUntil(
      "the gateway's clock to show the indexer at the node's head",
      async () => ({ heads: clock.heads(), head: await head() }),
      ({ heads, head }) => heads?.indexer?.block === head,
      { timeoutMs: 120_000 },
    );
    const before = { ...pass.count };
    /** Until the indexer (asked directly) and the gateway's clock are both at the node's head. */
    const inStep = () =>
      waitUntil(
        "the indexer and the gateway's clock at the node's head",
        async () => ({ node: await head(), indexer: await indexed(), clock: clock.heads()?.indexer?.block }),
        ({ node, indexer, clock }) => indexer === node && clock === node,
        { timeoutMs: 120_000 },
      );
    /** Answers whose rows are those of the block after their stamp's (Ponder on PGlite while it indexes: see below). */
    let aheadOfStamp = 0;

    /**
     * Checks a stamped answer of read `k`: its block not older than the clock's when it was asked (`lo`: no answer of
     * an older block served from the cache) nor newer than the indexer's after it came (`hi`), and its rows those of
     * its block. While blocks come (`moving`), Ponder 0.16 on PGlite itself answers some stamped reads with the rows of
     * a later block than the checkpoint beside them (seen asking it directly, without the gateway); those rows must
     * still be the chain's at a block within the window, never older than the stamp.
     */
    function showsItsBlock(k: number, a: { block: number; ids: number[] }, lo: number, hi: number, moving: boolean) {
      expect(a.block, `read ${k}`).to.be.within(lo, hi);
      const at = (b: number) => JSON.stringify(expectedIds(k, b));
      if (moving && at(a.block) !== JSON.stringify(a.ids)) {
        const blocks = Array.from({ length: hi - a.block }, (_, i) => a.block + 1 + i);
        expect(
          blocks.some((b) => at(b) === JSON.stringify(a.ids)),
          `read ${k} at ${a.block}: ${a.ids}`,
        ).to.equal(true);
        aheadOfStamp++;
      } else expect(a.ids, `read ${k} at block ${a.block}`).to.deep.equal(expectedIds(k, a.block));
      checked++;
    }

    /** SQL reads sent (the attacker's and the other phone's), answers checked, refusals of the turns' queue. */
    let sent = 0;
    let checked = 0;
    let refused429 = 0;

    /**
     * One wave from the attacker, all at once (the malformed reads with it unless `burst`: more than the turns' queue
     * holds, where they may be refused with the rest), and the other phone's ordinary requests beside it; then every
     * answer checked.
     */
    async function wave(reads: { k: number; tag: number }[], chainMoves: number, burst = false) {
      // A wave on a standing chain starts once the indexer and the clock are at the node's head.
      if (chainMoves === 0) await inStep();
      const lo = clock.heads()?.indexer?.block ?? 0;
      const moving = makeProfiles(chainMoves);
      const flood = Promise.all(
        reads.map(({ k, tag }) =>
          attacker
            .fetch(base(attacker) + readPath(STAMPED, [k, 1e6 + tag]), { timeoutMs: 120_000 })
            .then((r) => ({ k, r })),
        ),
      );
      const refusedAtGateway = Promise.all(
        (burst ? [] : REFUSED_AT_GATEWAY).map((m) => attacker.fetch(base(attacker) + m.path, { method: m.method })),
      );
      const refusedByIndexer = Promise.all(
        (burst ? [] : REFUSED_BY_INDEXER).map((p) => attacker.fetch(base(attacker) + p, { timeoutMs: 120_000 })),
      );
      sent += reads.length + (burst ? 0 : REFUSED_BY_INDEXER.length) + 1;
      // The other phone meanwhile: its page, the node, and a read of its own.
      const mine = (async () => {
        const page = await other.fetch(`${base(other)}/stack.json`);
        const node = await other.fetch(`${base(other)}/rpc`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
        });
        const read = await other.fetch(base(other) + readPath(STAMPED, [-1, 1e6]), { timeoutMs: 120_000 });
        return { page, node, read };
      })();
      const [answers, atGateway, byIndexer, theirs] = await Promise.all([
        flood,
        refusedAtGateway,
        refusedByIndexer,
        mine,
        moving,
      ]);
      const hi = await indexed();
      for (const { k, r } of answers) {
        if (burst && r.status === 429) {
          refused429++;
          expect(JSON.parse(r.body)).to.deep.equal({
            error: "this device has too many indexer reads waiting for their turn: wait for their answers",
          });
          continue;
        }
        expect(r.status, r.body.slice(0, 300)).to.equal(200);
        showsItsBlock(k, stampedAnswer(r), lo, hi, chainMoves > 0);
      }
      for (const [i, r] of atGateway.entries()) {
        expect(r.status, REFUSED_AT_GATEWAY[i].path).to.be.oneOf([400, 404, 405]);
        expect((JSON.parse(r.body) as { error: string }).error)
          .to.be.a("string")
          .with.length.greaterThan(20);
      }
      for (const [i, r] of byIndexer.entries()) {
        expect(r.status, REFUSED_BY_INDEXER[i]).to.equal(400);
        expect(r.body, REFUSED_BY_INDEXER[i]).to.have.length.greaterThan(10);
      }
      expect([theirs.page.status, theirs.node.status, theirs.read.status]).to.deep.equal([200, 200, 200]);
      expect((JSON.parse(theirs.node.body) as { result: string }).result).to.match(/^0x[0-9a-f]+$/);
      showsItsBlock(-1, stampedAnswer(theirs.read), lo, hi, chainMoves > 0);
    }

    // Eight waves of 48 reads (32 distinct, 16 of one read) with the malformed ones: every other wave while the chain
    // moves (a profile a block), so that answers come from blocks the clock has not heard of yet.
    for (let w = 0; w < 8; w++) {
      const distinct = Array.from({ length: 32 }, (_, i) => ({ k: i - 4, tag: w * 100 + i }));
      const repeated = Array.from({ length: 16 }, () => ({ k: w % 3, tag: w * 100 + 99 }));
      await wave([...distinct, ...repeated], w % 2 === 1 ? 4 : 0);
    }
    // And a few hundred at once: 150 distinct, 150 of four reads; those over the turns' queue are refused in words.
    const burst = [
      ...Array.from({ length: 150 }, (_, i) => ({ k: (i % 30) - 2, tag: 10_000 + i })),
      ...Array.from({ length: 150 }, (_, i) => ({ k: i % 4, tag: 20_000 + (i % 4) })),
    ];
    await wave(burst, 2, true);

    const flood = {
      sqlReadsSent: sent,
      answersChecked: checked,
      refused429,
      aheadOfStamp,
      sqlReadsAtIndexer: pass.count.sql - before.sql,
      statusReads: pass.count.status - before.status,
      statusMostAtOnce: pass.count.statusMost,
    };
    console.log(`    the flood: ${JSON.stringify(flood)}`);
    // One status read of the cache's in flight (the others wait for the next) and one of the clock's: never more,
    // however many reads were checked at once.
    expect(pass.count.statusMost, "status reads in flight at once").to.be.at.most(2);
    // Every read of the waves was answered and checked (the burst's too, but those refused in words).
    expect(checked + refused429).to.equal(8 * (48 + 1) + 300 + 1);
    // The cache answered some (identical reads at once wait for one request; a kept answer is served again), and
    // nothing but the status and SQL reads reached the indexer.
    expect(flood.sqlReadsAtIndexer).to.be.lessThan(sent);
    expect(pass.count.other).to.equal(before.other);
    // No process stopped: the gateway (and it said no handler threw), the indexer, the node.
    expect([gateway.child.exitCode, gateway.child.signalCode]).to.deep.equal([null, null]);
    expect(gateway.stderr()).to.not.match(/failed/);
    expect([indexer.process.exitCode, indexer.process.signalCode]).to.deep.equal([null, null]);
    expect(await head()).to.be.greaterThan(0);
    expect((await attacker.fetch(`${base(attacker)}/stack.json`)).status).to.equal(200);
  });
});
