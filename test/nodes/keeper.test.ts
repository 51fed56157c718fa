// Issue 22, item 8: on the Hardhat nodes this project starts (`npm run node`, `npm run web -- --node hardhat`, the
// browser tests with E2E_NODE=hardhat: Hardhat's node has no EIP-2935 block-hash history), a CATAMM roller who leaves a ready roll
// unused cannot re-roll by waiting: the node runs the randomness keeper itself (scripts/lib/node-keeper.ts). Played
// through such a node (scripts/web/stack.ts startNode, the block-hash source it deploys), over JSON-RPC as any client
// would. (`npm run web`'s default anvil runs `randomness:keeper --watch` beside it: test/web/class.test.ts.)
// Without the keeper the same wait loses the value (test/common/randomness/Reroll.test.ts shows that hole).
// Tagged [no-coverage]: it exercises the tooling.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { JsonRpcProvider, type JsonRpcSigner } from "ethers";
import { startNode, type NodeHandle } from "../../scripts/web/stack";
import { NODE_KEEPER } from "../../scripts/lib/node-keeper";
import { BlockhashRandomness__factory, Catamm__factory } from "../../typechain-types";
import type { BlockhashRandomness, Catamm } from "../../typechain-types";
import { OPEN_BLOCKS, Phase, readGame } from "../../client/catamm/game";
import { autoRoadEdge, autoSettlementVertex, rollDice } from "../../client/catamm/board";
import { RandomnessStatus as Status } from "../../client/chain";
import { TestProvider } from "../helpers/provider";

describe("the local stack's node keeps ready values: no re-roll by waiting [no-coverage]", function () {
  let node: NodeHandle;
  let work: string;
  let provider: JsonRpcProvider;
  let game: Catamm;
  let source: BlockhashRandomness;
  let signers: JsonRpcSigner[];
  let gameId = 0n;

  before(async function () {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "keeper-stack-"));
    // What `npm run web -- --node hardhat` starts: a Hardhat node that deploys every game (the block-hash source: no RANDOMNESS_SEED).
    node = await startNode({ quiet: true, env: { DEPLOYMENTS_DIR: path.join(work, "deployments") } });
    provider = new TestProvider(node.url, 31337, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
    signers = await Promise.all([0, 1, 2, 3].map((i) => provider.getSigner(i)));
    const address = (name: string) =>
      (
        JSON.parse(fs.readFileSync(path.join(work, "deployments", "localhost", `${name}.json`), "utf8")) as {
          address: string;
        }
      ).address;
    game = Catamm__factory.connect(address("Catamm"), signers[0]);
    source = BlockhashRandomness__factory.connect(address("Randomness"), signers[0]);
    expect(await provider.getCode(await source.getAddress())).to.contain(
      source.interface.getFunction("fulfil").selector.slice(2),
    );
  });

  after(async function () {
    await node?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  const send = async (p: Promise<{ wait(): Promise<unknown> }>) => (await p).wait();

  /** A two-player game up to its first roll: created, started, the board served, the draft made. */
  async function toFirstRoll(): Promise<JsonRpcSigner> {
    const [a, b] = [signers[1], signers[2]];
    await send(game.connect(a).createGame(100, 0, 20, OPEN_BLOCKS));
    gameId = await game.gameCount();
    await send(game.connect(b).joinGame(gameId));
    await send(game.connect(a).startGame(gameId));
    await provider.send("hardhat_mine", ["0x2"]);
    await send(game.connect(signers[3]).advance(gameId));
    for (;;) {
      const g = await readGame(game, gameId);
      if (g.phase !== Phase.Setup) break;
      const occupied = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
      const roads = g.players.reduce((m, p) => m | p.roads, 0n);
      const v = autoSettlementVertex(g.board, occupied);
      const who = signers.find((s) => s.address === g.players[g.seat].address)!;
      await send(game.connect(who).placeInitial(gameId, v, autoRoadEdge(roads, v)));
    }
    const g = await readGame(game, gameId);
    return signers.find((s) => s.address === g.players[g.seat].address)!;
  }

  /** The dice a ready roll shows to anyone (a public view). */
  async function visibleDice(): Promise<[number, number]> {
    const [status, value] = await source.valueIfReady((await game.gameInfo(gameId)).requestId);
    expect(status).to.equal(Status.Ready);
    return rollDice(value);
  }

  it("a roll left unused through one `hardhat_mine` of 300 blocks keeps its dice; re-requesting is refused", async function () {
    const roller = await toFirstRoll();
    await send(game.connect(roller).rollDice(gameId));
    await provider.send("hardhat_mine", ["0x2"]);
    const dice = await visibleDice();
    const id = (await game.gameInfo(gameId)).requestId;
    const start = await provider.getBlockNumber();
    await provider.send("hardhat_mine", ["0x12c"]); // 300 blocks: past the 256 that `blockhash` reaches
    expect(await provider.getBlockNumber()).to.equal(start + 300); // the keeper's pins counted in, not added
    expect(await source.isPinned(id)).to.equal(true);
    expect(await source.status(id)).to.equal(Status.Ready);
    await expect(game.connect(roller).rerequestRandomness(gameId)).to.be.revertedWithCustomError(
      game,
      "RandomnessNotStale",
    );
    expect(await visibleDice()).to.deep.equal(dice);
    // The pin came from the node's own keeper account, not from a player or a test account.
    const pinned = await source.queryFilter(source.filters.RandomnessFulfilled(id));
    expect((await pinned[0].getTransaction()).from).to.equal(NODE_KEEPER);
    // Whoever serves the roll at last gets exactly the dice that were visible 300 blocks ago.
    await expect(game.connect(signers[3]).advance(gameId))
      .to.emit(game, "DiceRolled")
      .withArgs(gameId, roller.address, dice[0], dice[1]);
  });

  it("and through 300 blocks mined one at a time (ordinary traffic), the same", async function () {
    const info = await game.gameInfo(gameId);
    const current = signers.find((s) => s.address === info.players[Number(info.currentSeat)])!;
    // Finish the turn (a 7's waits take their defaults), so that the next player rolls.
    while ((await game.gameInfo(gameId)).phase !== BigInt(Phase.BeforeRoll)) {
      const now = await game.gameInfo(gameId);
      if (now.phase === BigInt(Phase.Main)) await send(game.connect(current).endTurn(gameId));
      else {
        await provider.send("hardhat_mine", ["0x15"]);
        await send(game.connect(signers[3]).advance(gameId));
      }
    }
    const next = await game.gameInfo(gameId);
    const roller = signers.find((s) => s.address === next.players[Number(next.currentSeat)])!;
    await send(game.connect(roller).rollDice(gameId));
    await provider.send("evm_mine", []);
    await provider.send("evm_mine", []);
    const dice = await visibleDice();
    const id = (await game.gameInfo(gameId)).requestId;
    for (let i = 0; i < 300; i++) await provider.send("evm_mine", []);
    expect(await source.isPinned(id)).to.equal(true);
    expect(await visibleDice()).to.deep.equal(dice);
    await expect(game.connect(signers[3]).advance(gameId))
      .to.emit(game, "DiceRolled")
      .withArgs(gameId, roller.address, dice[0], dice[1]);
  });

  it("a `hardhat_mine` of many blocks gives real blocks: each one's parent hash is its parent's hash (an indexer follows them)", async function () {
    const head = await provider.getBlockNumber();
    const before = (await provider.getBlock(head))!;
    await provider.send("hardhat_mine", ["0x28", "0x5"]); // 40 blocks, 5 s apart
    expect(await provider.getBlockNumber()).to.equal(head + 40);
    // Read at once, as Ponder fetches the blocks it missed.
    const blocks = await Promise.all(Array.from({ length: 41 }, (_, i) => provider.getBlock(head + i)));
    for (let i = 1; i <= 40; i++) {
      expect(blocks[i]!.parentHash, `block ${head + i}'s parent`).to.equal(blocks[i - 1]!.hash);
      if (i > 1) expect(blocks[i]!.timestamp - blocks[i - 1]!.timestamp).to.equal(5);
    }
    expect(blocks[0]!.hash).to.equal(before.hash);
  });

  it("and while the node also mines a block every 20 ms (interval mining, as on the class stack): still one chain", async function () {
    const head = await provider.getBlockNumber();
    await provider.send("evm_setIntervalMining", [20]);
    try {
      await provider.send("hardhat_mine", ["0xc8"]); // 200 blocks, the interval miner's slipping in between
    } finally {
      await provider.send("evm_setIntervalMining", [0]);
    }
    const end = await provider.getBlockNumber();
    expect(end).to.be.gte(head + 200);
    const blocks = await Promise.all(Array.from({ length: end - head + 1 }, (_, i) => provider.getBlock(head + i)));
    for (let i = 1; i < blocks.length; i++) {
      expect(blocks[i]!.parentHash, `block ${head + i}'s parent`).to.equal(blocks[i - 1]!.hash);
      expect(blocks[i]!.timestamp, `block ${head + i}'s time`).to.be.gt(blocks[i - 1]!.timestamp);
    }
  });
});
