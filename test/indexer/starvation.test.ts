// The indexer starved of CPU, as on a teacher's laptop during a class or a CI machine shared with other work: Ponder's
// processes pinned to one core at the lowest priority beside a busy loop, while blocks keep coming, SQL clients keep
// reading, a live query stays open and the test process itself blocks its event loop now and then (as Hardhat's
// in-process chain does on a busy machine), and every 5 s its processes stopped outright (SIGSTOP) while two blocks come.
// It must fall behind, never fail a read or reset a connection, and catch up
// by itself once the CPU comes back. Bounded: STARVED_MS of starvation, one busy loop. On the comparing files' chain
// and PGlite indexer (test/indexer/harness.ts comparedPair), put back on every core afterwards. Tagged [no-coverage].
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { expect } from "chai";
import { ZeroAddress } from "ethers";
import type { Heads } from "../../client/common/heads";
import { HeadsHub } from "../../scripts/web/heads";
import { waitUntil } from "../helpers/wait";
import { canon, comparedPair, usesComparedPair, connectGames, liveQuery, sql } from "./harness";

/** How long the indexer is starved. */
const STARVED_MS = 10_000;
const STAKE = 10n ** 15n;
const TOTALS = "select count(*) as games from hex_game";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Blocks this thread (no CPU used) for `ms`, as a long synchronous step of a busy test process does. */
const blockEventLoop = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe("indexer: starved of CPU [no-coverage]", function () {
  this.timeout(300_000);
  let busy: ChildProcess | undefined;
  /** Puts the indexer back on every core at its usual priority (it is the comparing files' shared one). */
  let restore = () => undefined as void;
  /** Lets the indexer's processes run again if the test stopped half-way through a pause. */
  let resume = () => undefined as void;

  after(function () {
    busy?.kill("SIGKILL");
    resume();
    restore();
  });

  it("falls behind while pinned to a busy core, answers every read meanwhile, and catches up by itself", async function () {
    // The comparing files' chain and PGlite indexer (started here if this file runs alone).
    const { anvil, folder, indexers } = await comparedPair();
    const g = await connectGames(anvil.url, folder);
    const indexer = indexers[0];
    const live = liveQuery(indexer, TOTALS);
    await live.opened;

    // Every process of Ponder's group, all threads: the last core, the lowest priority; a busy loop on that core at
    // the default one takes nearly all of it. Ponder runs in a session of its own, and Linux shares the CPU between
    // sessions first (autogroups): the priority is its session's, and the busy loop gets a session of its own too.
    const core = String(os.cpus().length - 1);
    const group = String(indexer.process.pid);
    const pids = execFileSync("pgrep", ["-g", group], { encoding: "utf8" }).trim().split("\n");
    const autogroup = `/proc/${group}/autogroup`;
    const setPriority = (cores: string, nice: string) => {
      for (const pid of pids) execFileSync("taskset", ["-a", "-p", "-c", cores, pid], { stdio: "ignore" });
      execFileSync("renice", ["-n", nice, "-g", group], { stdio: "ignore" });
      if (fs.existsSync(autogroup)) fs.writeFileSync(autogroup, nice);
    };
    restore = () => {
      try {
        setPriority(`0-${os.cpus().length - 1}`, "0");
      } catch {
        // gone, or not allowed to raise a priority again (not root): the process ends with the run
      }
    };
    const signalAll = (signal: NodeJS.Signals) => {
      for (const pid of pids)
        try {
          process.kill(Number(pid), signal);
        } catch {
          // gone: the checks below say so
        }
    };
    resume = () => signalAll("SIGCONT");
    setPriority(core, "19");
    busy = spawn("taskset", ["-c", core, process.execPath, "-e", "for (;;) {}"], { stdio: "ignore", detached: true });

    const errors: string[] = [];
    let reads = 0;
    let maxBehind = 0;
    let running = true;
    const note = (e: Error) => {
      const cause = (e as { cause?: { code?: string } }).cause;
      errors.push(`${e.message}${cause?.code ? ` (${cause.code})` : ""}`);
    };
    // Pages reading all along, and the block clock's /status.
    const readers = Array.from({ length: 3 }, async () => {
      while (running) {
        await sql(indexer, TOTALS).then(() => reads++, note);
        await sleep(100);
      }
    });
    const status = (async () => {
      while (running) {
        const head = await g.provider.getBlockNumber();
        await indexer.indexedBlock().then((at) => (maxBehind = Math.max(maxBehind, head - at)), note);
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
        // come. On a machine busy enough that the busy loop alone never put the indexer behind, this still does.
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
          await indexer.indexedBlock().then((at) => (maxBehind = Math.max(maxBehind, head - at)), note);
        }
        nextPause = Date.now() + 5_000;
      }
      await sleep(150);
    }
    busy.kill("SIGKILL");
    signalAll("SIGCONT");
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
      `      (${sent} games in ${STARVED_MS / 1000} s of starvation: the indexer fell ${maxBehind} blocks behind at most; ` +
        `${reads} SQL reads answered, ${live.updates.length} live pushes)`,
    );
    expect(errors, "reads that failed while the indexer was starved").to.deep.equal([]);
    expect(reads, "SQL reads answered while starved").to.be.greaterThan(0);
    expect(indexer.process.exitCode, "the indexer's process").to.equal(null);
    expect(canon(await sql(indexer, TOTALS))).to.deep.equal([{ games }]);
    // It did fall behind: the starvation was real (else this test shows nothing).
    expect(maxBehind, "blocks the indexer fell behind").to.be.greaterThan(0);
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
    const pids = execFileSync("pgrep", ["-g", String(indexer.process.pid)], { encoding: "utf8" })
      .trim()
      .split("\n");
    const signalAll = (signal: NodeJS.Signals) => pids.forEach((pid) => process.kill(Number(pid), signal));
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

  // Last: after this file's own hooks.
  usesComparedPair();
});
