import { expect } from "chai";
import hre, { ethers, network } from "hardhat";
import { loadFixture, mine } from "@nomicfoundation/hardhat-network-helpers";
import type { BlockhashRandomness, CatammGameHarness } from "../../../typechain-types";
import { deployCatammHarness } from "../../../scripts/catamm/deploy";
import { rollDice, autoRoadEdge, autoSettlementVertex } from "../../../client/catamm/board";
import { OPEN_BLOCKS, Phase, readGame } from "../../../client/catamm/game";
import { RandomnessStatus as Status } from "../../../client/chain";
import {
  BLOCKHASH_HORIZON,
  HISTORY_HORIZON,
  nextPassIn,
  pinAwaitedRequests,
  readableHorizon,
  secondsPerBlock,
} from "../../../scripts/lib/keeper";

const GAME = 1n;
const HISTORY = "0x0000F90827F1C53a10cb7A02335B175320002935";

// Re-rolling by waiting: with the block-hash source, a roller who dislikes a ready roll leaves it unused; if the value
// could go stale, anyone's re-request would draw a new one. These tests play that attack against a CATAMM game on the
// real block-hash source (not the seeded test source) and show that it now fails: the value never changes.
describe("Randomness: no re-roll by waiting (block-hash source)", function () {
  async function rollingGame() {
    const signers = await ethers.getSigners();
    const source = (await ethers.deployContract("BlockhashRandomness")) as unknown as BlockhashRandomness;
    const { game } = await deployCatammHarness(hre, await source.getAddress());
    const [a, b] = [signers[1], signers[2]];
    await game.connect(a).createGame(100, 0, 20, OPEN_BLOCKS);
    await game.connect(b).joinGame(GAME);
    await game.connect(a).startGame(GAME);
    await mine(1);
    await game.connect(signers[9]).advance(GAME);
    // The draft, by the automatic rule.
    for (;;) {
      const g = await readGame(game, GAME);
      if (g.phase !== Phase.Setup) break;
      const occupied = g.players.reduce((m, p) => m | p.settlements | p.cities, 0n);
      const roads = g.players.reduce((m, p) => m | p.roads, 0n);
      const v = autoSettlementVertex(g.board, occupied);
      const who = signers.find((s) => s.address === g.players[g.seat].address)!;
      await game.connect(who).placeInitial(GAME, v, autoRoadEdge(roads, v));
    }
    const g = await readGame(game, GAME);
    const roller = signers.find((s) => s.address === g.players[g.seat].address)!;
    return { game, source, roller, keeper: signers[9] };
  }

  /** The dice a ready request would give, read as anyone can (a public view). */
  async function visibleDice(game: CatammGameHarness, source: BlockhashRandomness): Promise<[number, number]> {
    const [status, value] = await source.valueIfReady((await game.gameInfo(GAME)).requestId);
    expect(status).to.equal(Status.Ready);
    return rollDice(value);
  }

  it("a roller who declines a ready roll and waits cannot re-roll: the keeper pins it, the same dice come up", async function () {
    const { game, source, roller, keeper } = await loadFixture(rollingGame);
    await game.connect(roller).rollDice(GAME);
    await mine(2);
    const dice = await visibleDice(game, source);
    const id = (await game.gameInfo(GAME)).requestId;
    const wanted = dice[0] + dice[1] === 8 ? 6 : 8;
    // The attack: decline (never serve it), wait until it is stale, re-request, until the dice sum to `wanted`.
    for (let attempt = 0; attempt < 11; attempt++) {
      await mine(200);
      // The keeper (required with this source) runs before the 256-block horizon and pins the awaited value.
      await pinAwaitedRequests(hre, source, { signer: keeper });
      await mine(300);
      expect(await source.status(id)).to.equal(Status.Ready);
      await expect(game.connect(roller).rerequestRandomness(GAME))
        .to.be.revertedWithCustomError(game, "RandomnessNotStale")
        .withArgs(id, Status.Ready);
      const now = await visibleDice(game, source);
      expect(now).to.deep.equal(dice);
      expect(now[0] + now[1]).to.not.equal(wanted);
    }
    // Whoever serves it at last rolls exactly the dice that were visible 5,500 blocks ago.
    await expect(game.connect(keeper).advance(GAME))
      .to.emit(game, "DiceRolled")
      .withArgs(GAME, roller.address, dice[0], dice[1]);
  });

  it("(why the keeper is required) with neither keeper nor history, a value nobody served for 256 blocks is lost", async function () {
    const { game, source, roller } = await loadFixture(rollingGame);
    await game.connect(roller).rollDice(GAME);
    const id = (await game.gameInfo(GAME)).requestId;
    await mine(258);
    expect(await source.status(id)).to.equal(Status.Stale);
    // Only now can a new value be drawn: this is the hole the keeper (or the history plus the keeper) closes.
    await expect(game.connect(roller).rerequestRandomness(GAME)).to.emit(game, "RandomnessRequested");
  });

  it("without a keeper, a Prague chain's block-hash history keeps the value readable for 8,191 blocks", async function () {
    const { game, source, roller } = await loadFixture(rollingGame);
    const mock = await ethers.deployContract("BlockHashHistoryMock");
    const original = await ethers.provider.getCode(HISTORY);
    await network.provider.send("hardhat_setCode", [HISTORY, await ethers.provider.getCode(await mock.getAddress())]);
    try {
      const history = await ethers.getContractAt("BlockHashHistoryMock", HISTORY);
      await game.connect(roller).rollDice(GAME);
      const id = (await game.gameInfo(GAME)).requestId;
      const target = Number(await source.targetBlock(id));
      await mine(1);
      await history.record(target, (await ethers.provider.getBlock(target))!.hash!);
      const dice = await visibleDice(game, source);
      await mine(1000); // far past `blockhash`'s 256 blocks
      expect(await visibleDice(game, source)).to.deep.equal(dice);
      await expect(game.connect(roller).rerequestRandomness(GAME)).to.be.revertedWithCustomError(
        game,
        "RandomnessNotStale",
      );
      await mine(8191); // past the history too: only now could it go stale (a keeper pins it long before)
      expect(await source.status(id)).to.equal(Status.Stale);
    } finally {
      await network.provider.send("hardhat_setCode", [HISTORY, original]);
    }
  });

  it("the history stand-in answers like EIP-2935: a recorded block inside 8,191 blocks, else NotInHistory", async function () {
    const mock = await ethers.deployContract("BlockHashHistoryMock");
    const ask = (n: number) => ethers.provider.call({ to: mock, data: ethers.toBeHex(n, 32) });
    const n = await ethers.provider.getBlockNumber();
    const hash = (await ethers.provider.getBlock(n))!.hash!;
    await mock.record(n, hash);
    expect(await ask(n)).to.equal(hash);
    await expect(ask(n - 1))
      .to.be.revertedWithCustomError(mock, "NotInHistory")
      .withArgs(n - 1); // not recorded
    await expect(ask(n + 5))
      .to.be.revertedWithCustomError(mock, "NotInHistory")
      .withArgs(n + 5); // in the future
    await mine(8192);
    await expect(ask(n)).to.be.revertedWithCustomError(mock, "NotInHistory").withArgs(n); // out of reach
  });

  it("the keeper pins only what a game still waits on, in every game (CATAMM, Snatch rooms, tournaments, sessions)", async function () {
    const { game, source, roller, keeper } = await loadFixture(rollingGame);
    const { deploySession, deploySnatch, deployTournament } = await import("../../../scripts/snatch/lib");
    const { rooms, libraries } = await deploySnatch(hre, await source.getAddress());
    const tournament = await deployTournament(hre, rooms, await source.getAddress(), {
      displayName: libraries.DisplayName,
    });
    const session = await deploySession(hre, rooms, await source.getAddress(), { displayName: libraries.DisplayName });
    const signers = await ethers.getSigners();
    // A class session of three listed seats (its draw awaited).
    await session.createSession(
      { rooms: 1, roomsPerBatch: 1, joinBlocks: 20, trading: 8, closing: 2, judging: 5 },
      signers.slice(12, 15).map((s) => s.address),
      ["", "", ""],
    );
    // A Snatch room that filled (roles awaited), a tournament that started phase 1 (pairing awaited), a roll.
    await rooms.connect(signers[3]).createRoom(2, 1000, "");
    await rooms.connect(signers[4]).join(1, "");
    const config = {
      cap: 10,
      roomsPerBatch: 5,
      registrationBlocks: 20,
      grace: 0,
      talk: 5,
      offer: 5,
      response: 5,
      decision: 5,
    };
    await tournament.createTournament(config);
    await tournament.connect(signers[5]).register(1, "");
    await tournament.connect(signers[6]).register(1, "");
    await tournament.startPhase(1, 1);
    await game.connect(roller).rollDice(GAME);
    // A request a game already served is left alone: a second room, filled and started.
    await rooms.connect(signers[7]).createRoom(2, 1000, "");
    await rooms.connect(signers[8]).join(2, "");
    await mine(1);
    await rooms.advance(2);
    await mine(150);
    const run = await pinAwaitedRequests(hre, source, { signer: keeper });
    const awaited = [
      await rooms.rolesRequest(1),
      (await tournament.phaseView(1, 1)).request,
      (await game.gameInfo(GAME)).requestId,
      (await session.session(1)).request,
    ];
    expect([...run.pinned].sort()).to.deep.equal([...awaited].sort());
    for (const id of awaited) expect(await source.isPinned(id)).to.equal(true);
    await mine(2000);
    // Each game is still served from its original value.
    await expect(rooms.advance(1)).to.emit(rooms, "RolesAssigned");
    await expect(tournament.createPhaseRooms(1)).to.emit(tournament, "PlayersPaired");
    await expect(game.advance(GAME)).to.emit(game, "DiceRolled");
    await expect(session.createRooms(1)).to.emit(session, "SeatsDrawn");
  });

  it("the watching keeper paces itself so that no value can be lost between two passes, on any chain", async function () {
    // `--watch 600` (seconds) is 50 blocks on a 12-second chain, but 300 on a 2-second one: more than the 256 blocks a
    // value stays readable without the history. A request due (128 blocks old) right after a pass must be pinned by
    // the next, before 256: passes at most (256 - 128) / 2 = 64 blocks apart.
    expect(nextPassIn(600, 128, BLOCKHASH_HORIZON, 12)).to.equal(600);
    expect(nextPassIn(600, 128, BLOCKHASH_HORIZON, 2)).to.equal(128);
    expect(nextPassIn(600, 128, BLOCKHASH_HORIZON, 0.25)).to.equal(16);
    expect(nextPassIn(600, 128, HISTORY_HORIZON, 2)).to.equal(600);
    expect(nextPassIn(600, 255, BLOCKHASH_HORIZON, 0.001)).to.equal(1);
    // The horizon and the block time come from the chain.
    await mine(64, { interval: 2 });
    expect(await secondsPerBlock(hre, 32)).to.equal(2);
    expect(await readableHorizon(hre)).to.equal(BLOCKHASH_HORIZON); // Hardhat's placeholder reverts: no history
    const mock = await ethers.deployContract("BlockHashHistoryMock");
    const original = await ethers.provider.getCode(HISTORY);
    await network.provider.send("hardhat_setCode", [HISTORY, await ethers.provider.getCode(await mock.getAddress())]);
    try {
      const history = await ethers.getContractAt("BlockHashHistoryMock", HISTORY);
      const latest = (await ethers.provider.getBlock("latest"))!;
      await history.record(latest.number, latest.hash!); // mined in the next block: the history knows its parent
      expect(await readableHorizon(hre)).to.equal(HISTORY_HORIZON);
    } finally {
      await network.provider.send("hardhat_setCode", [HISTORY, original]);
    }
  });
});
