// The class load script (scripts/class/load.ts), small, in the test suite: 15 players on the shared browser stack's
// node, switched to one-second blocks as the class stack runs, with the gateway in front of it and its indexer: Node
// players through the phones' proxy (some never show up), phones in Chromium playing through the pages, the console
// and the projector view open; every room must finish, the indexer's leaderboard must equal the contract's, nothing
// may be refused. The figures are printed; the class's figures (200 players, five phases) are `npm run class:load`'s.
// One phase with short windows and quick players: the script's path end to end, not its scale (the 30-player,
// two-phase version cost two CPU-minutes of the suite).
import path from "node:path";
import { expect } from "chai";
import { setBlockTime } from "../../scripts/web/stack";
import { runClass } from "../../scripts/class/run";
import { startClassFront, type ClassFront } from "../../scripts/class/stack";
import { webStack, type WebStack } from "./harness";

describe("class: 15 players on the class stack (load script)", function () {
  let stack: WebStack;
  let front: ClassFront;

  before(async function () {
    stack = await webStack();
    await setBlockTime(stack.node.url, 1);
    front = await startClassFront({
      nodeUrl: stack.node.url,
      appDir: stack.appDir,
      blockTime: 1,
      devices: 19,
      indexer: stack.sharedIndexer,
    });
  });

  after(async function () {
    await front?.stop();
    if (stack) await setBlockTime(stack.node.url, null);
  });

  it("plays a tournament phase with 15 players: every room finishes, the leaderboards agree, nothing refused", async function () {
    const f = await runClass({
      nodeUrl: stack.node.url,
      nodePid: stack.node.process.pid ?? 0,
      front,
      deploymentsFolder: path.join(stack.deploymentsDir, "localhost"),
      browser: stack.browser,
      players: 12,
      phones: 3,
      phases: 1,
      // Windows long enough for a phone's page on a busy machine to load its room and move (at 5 blocks, with both
      // cores saturated, three phones made no move at all).
      windows: { talk: 2, offer: 8, response: 8, decision: 3 },
      absent: 0.1,
      thinkMs: [300, 1500],
      seed: 3,
      log: (line) => process.env.CLASS_LOG && console.log(`        ${line}`),
    });
    console.log(
      `        15 players, 1 phase in ${f.seconds} s: phones p50 ${f.p50ms} ms, p95 ${f.p95ms} ms, max ${f.maxms} ms ` +
        `(${f.phoneMoves} moves, sent after ${f.sentP50ms} ms p50); Node players p95 ${f.botP95ms} ms (${f.botMoves} moves); ` +
        `${f.requestsPerSec} node requests/s at the proxy; refused ${f.refused}; phase end → console ` +
        `${f.phaseDoneToConsoleMs} ms; CPU node ${f.nodeCpuPct}%, indexer ${f.indexerCpuPct}%`,
    );
    expect(f.allRoomsFinished, "every room finished").to.equal(true);
    expect(f.leaderboardMatches, "the indexer's leaderboard equals the contract's").to.equal(true);
    expect(f.refused, "requests refused by the gateway").to.equal(0);
    expect(f.phoneMoves, "moves made on the phones").to.be.greaterThan(0);
  });
});
