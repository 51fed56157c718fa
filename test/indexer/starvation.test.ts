// The indexer starved of CPU, as on a teacher's laptop during a class or a CI machine shared with other work: Ponder's
// processes held to a tenth of one core (a cgroup's CPU quota: the same share on every kernel) while blocks keep
// coming, SQL clients keep reading, a live query stays open and the test process itself blocks its event loop now and
// then (as Hardhat's in-process chain does on a busy machine), and every 5 s its processes stopped outright (SIGSTOP)
// while two blocks come. It must fall behind, never fail a read or reset a connection, and catch up by itself once
// the CPU comes back. Bounded: STARVED_MS of starvation, each read given READ_MS. On the comparing files' chain and
// PGlite indexer (test/indexer/harness.ts comparedPair), given its whole CPU back afterwards. Tagged [no-coverage].
import { execFileSync } from "node:child_process";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { expect } from "chai";
import { ZeroAddress } from "ethers";
import type { Heads } from "../../client/common/heads";
import { HeadsHub } from "../../scripts/web/heads";
import { capCpu } from "../helpers/cpu-quota";
import { waitUntil } from "../helpers/wait";
import { canon, comparedPair, usesComparedPair, connectGames, liveQuery, sql } from "./harness";

/** How long the indexer is starved. */
const STARVED_MS = 10_000;
/** Its share of one core meanwhile. */
const SHARE = 0.1;
/** How long a read may take while it is starved: a page's reader waits this long before saying it failed. */
const READ_MS = 60_000;
const STAKE = 10n ** 15n;
const TOTALS = "select count(*) as games from hex_game";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Blocks this thread (no CPU used) for `ms`, as a long synchronous step of a busy test process does. */
const blockEventLoop = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The indexer's processes (Ponder runs in a process group of its own: every process of it), and a signal to all of
 * them (a process gone meanwhile is skipped: the checks after say so).
 */
function processesOf(indexer: { process: { pid?: number } }) {
  const pids = execFileSync("pgrep", ["-g", String(indexer.process.pid)], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map(Number);
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of pids)
      try {
        process.kill(pid, signal);
      } catch {
        // gone
      }
  };
  return { pids, signalAll };
}

/** `read` given `ms` to answer, else a sentence saying what did not. */
const within = <T>(what: string, ms: number, read: Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
    read.then(resolve, reject).finally(() => clearTimeout(timer));
  });

describe("indexer: starved of CPU [no-coverage]", function () {
  this.timeout(300_000);
  /** Gives the indexer its whole CPU back (it is the comparing files' shared one). */
  let restore = () => undefined as void;
  /** Lets the indexer's processes run again if the test stopped half-way through a pause. */
  let resume = () => undefined as void;

  after(function () {
    resume();
    restore();
  });

  it("falls behind on a tenth of a core, answers every read meanwhile, and catches up by itself", async function () {
    // The comparing files' chain and PGlite indexer (started here if this file runs alone).
    const { anvil, folder, indexers } = await comparedPair();
    const g = await connectGames(anvil.url, folder);
    const indexer = indexers[0];
    const live = liveQuery(indexer, TOTALS);
    await live.opened;

    const { pids, signalAll } = processesOf(indexer);
    resume = () => signalAll("SIGCONT");
    const cap = capCpu(pids, SHARE);
    restore = () => cap.release();

    const errors: string[] = [];
    let reads = 0;
    let maxBehind = 0;
    let running = true;
    const note = (e: Error) => {
      const cause = (e as { cause?: { code?: string } }).cause;
      errors.push(`${e.message}${cause?.code ? ` (${cause.code})` : ""}`);
    };
    const indexed = (head: number) =>
      within("the indexer's /status", READ_MS, indexer.indexedBlock()).then(
        (at) => (maxBehind = Math.max(maxBehind, head - at)),
        note,
      );
    // Pages reading all along, and the block clock's /status.
    const readers = Array.from({ length: 3 }, async () => {
      while (running) {
        await within("a SQL read", READ_MS, sql(indexer, TOTALS)).then(() => reads++, note);
        await sleep(100);
      }
    });
    const status = (async () => {
      while (running) {
        await indexed(await g.provider.getBlockNumber());
        await sleep(250);
      }
    })();

    // Blocks keep coming: a Forking Hex game a block, several a second. Now and then the test's own event loop
    // stops for 3 s with connections to the indexer open (its readers' next requests go out as it resumes).
    const until = Date.now() + STARVED_MS;
    let sent = 0;
    let nextBlockage = Date.now() + 4_000;
    let nextPause = Date.now() + 2_000;
    while (Date.now() < until) {
      const creator = g.signers[1 + (sent % 5)];
      await (
        await g.hex.connect(creator).createGame(3, 2, 50, STAKE, ZeroAddress, 0, 4, 1000, { value: STAKE })
      ).wait();
      sent++;
      if (Date.now() > nextBlockage) {
        blockEventLoop(3_000);
        nextBlockage = Date.now() + 5_000;
      }
      if (Date.now() > nextPause) {
        // The deepest starvation: no CPU at all for a moment (a laptop swapping, a VM's stolen time) while two blocks
        // come, so that it falls behind however little the rest of its work needs.
        signalAll("SIGSTOP");
        try {
          for (let i = 0; i < 2; i++, sent++)
            await (
              await g.hex.connect(creator).createGame(3, 2, 50, STAKE, ZeroAddress, 0, 4, 1000, { value: STAKE })
            ).wait();
          await sleep(1_000);
        } finally {
          const head = await g.provider.getBlockNumber();
          signalAll("SIGCONT");
          // Its first answer on waking: the block it had reached before the pause, two or more behind.
          await indexed(head);
        }
        nextPause = Date.now() + 5_000;
      }
      await sleep(150);
    }
    restore();
    running = false;
    await Promise.all([...readers, status]);

    // Caught up by itself, with nothing restarted; the live query pushed the final count.
    const head = await g.provider.getBlockNumber();
    await indexer.waitForBlock(head, 120_000);
    const games = String(await g.hex.gameCount());
    await live.until(`${games} games`, (rows) => JSON.stringify(rows) === JSON.stringify([{ games }]));
    await live.close();
    console.log(
      `      (${sent} games in ${STARVED_MS / 1000} s on ${SHARE * 100}% of a core: the indexer fell ${maxBehind} ` +
        `blocks behind at most; ${reads} SQL reads answered, ${live.updates.length} live pushes; held to its quota ` +
        `in ${cap.throttled()} periods of 100 ms)`,
    );
    expect(errors, "reads that failed while the indexer was starved").to.deep.equal([]);
    expect(reads, "SQL reads answered while starved").to.be.greaterThan(0);
    expect(indexer.process.exitCode, "the indexer's process").to.equal(null);
    expect(canon(await sql(indexer, TOTALS))).to.deep.equal([{ games }]);
    // It did fall behind, and the quota did hold it back: the starvation was real (else this test shows nothing).
    expect(maxBehind, "blocks the indexer fell behind").to.be.greaterThan(0);
    expect(cap.throttled(), "periods the quota held the indexer back").to.be.greaterThan(0);
    await waitUntil(
      "the indexer's /status at the head",
      () => indexer.indexedBlock(),
      (b) => b >= head,
    );
  });

  it("the gateway's clock goes on while the indexer is stopped, and takes its late answer without saying it lost", async function () {
    // The gateway's shared clock (/heads) on the comparing files' chain and indexer; a page's stream read here.
    const { anvil, folder, indexers } = await comparedPair();
    const g = await connectGames(anvil.url, folder);
    const indexer = indexers[0];
    const hub = new HeadsHub({ nodeUrl: anvil.url, indexerUrl: new URL(indexer.url) });
    const server = http.createServer((req, res) => hub.serve(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const controller = new AbortController();
    const seen: { at: number; heads: Heads }[] = [];
    const stream = (async () => {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        signal: controller.signal,
      });
      const decoder = new TextDecoder();
      let text = "";
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        const events = text.split("\n\n");
        text = events.pop() ?? "";
        for (const e of events)
          if (e.startsWith("data: ")) seen.push({ at: Date.now(), heads: JSON.parse(e.slice(6)) as Heads });
      }
    })().catch((err: Error) => {
      if (err.name !== "AbortError") throw err;
    });
    const { signalAll } = processesOf(indexer);
    resume = () => signalAll("SIGCONT");
    try {
      await waitUntil(
        "the clock's first message with the indexer's block",
        async () => seen.at(-1)?.heads,
        (h) => h?.indexer != null,
      );
      // Stopped for 7 s (the clock said "not answering" after 6 s when each status read could take 3 s and it waited
      // for them) while a block comes every half second.
      signalAll("SIGSTOP");
      const stoppedAt = Date.now();
      const mined: { block: number; at: number }[] = [];
      const creator = g.signers[2];
      while (Date.now() - stoppedAt < 7_000) {
        const tx = await g.hex.connect(creator).createGame(3, 2, 50, STAKE, ZeroAddress, 0, 4, 1000, { value: STAKE });
        mined.push({ block: (await tx.wait())!.blockNumber, at: Date.now() });
        await sleep(500);
      }
      const resumedAt = Date.now();
      signalAll("SIGCONT");
      const head = mined.at(-1)!.block;
      await waitUntil(
        `the clock's message with the indexer at block ${head}`,
        async () => seen.at(-1)?.heads,
        (h) => (h?.indexer?.block ?? 0) >= head,
      );
      const lost = seen.filter((m) => m.heads.indexerError !== null).map((m) => m.heads.indexerError);
      expect(lost, "messages saying the indexer was lost").to.deep.equal([]);
      // The clock went on without the stopped indexer: blocks mined meanwhile reached the page before it woke.
      const published = Math.max(...seen.filter((m) => m.at < resumedAt).map((m) => m.heads.block));
      expect(published, "the last block the page heard of while the indexer was stopped").to.be.at.least(
        mined[1].block,
      );
    } finally {
      resume();
      controller.abort();
      await stream;
      hub.stop();
      server.close();
    }
  });

  it("keeps a connection open however long its client is away, and answers on it when it comes back", async function () {
    // A client whose event loop is blocked cannot close its idle connections, nor see the server close one: had the
    // server an idle timeout (Node's default, 5 s), the client's next request would go out on a closing connection
    // and fail with a reset (scripts/web/keep-alive.cjs). Here the client is simply away 6 s on one raw connection.
    const { indexers } = await comparedPair();
    const { port } = new URL(indexers[0].url);
    const socket = net.connect(Number(port), "127.0.0.1");
    let text = "";
    let closed = false;
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("end", () => (closed = true));
    socket.on("error", () => (closed = true));
    const answers = () => text.split("HTTP/1.1 ").length - 1;
    const ask = () => socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    try {
      await new Promise((r) => socket.once("connect", r));
      ask();
      await waitUntil(
        "the first answer",
        async () => answers(),
        (n) => n === 1,
      );
      await sleep(6_000);
      expect(closed, "the connection closed by the indexer while its client was away").to.equal(false);
      ask();
      await waitUntil(
        "the answer on the same connection",
        async () => answers(),
        (n) => n === 2,
      );
      expect(text.match(/HTTP\/1\.1 (\d+)/g), "the two answers").to.deep.equal(["HTTP/1.1 200", "HTTP/1.1 200"]);
    } finally {
      socket.destroy();
    }
  });

  // Last: after this file's own hooks.
  usesComparedPair();
});
